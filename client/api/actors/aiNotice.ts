import { giveConsent, privacy } from '../../../openapi/routes/rights';
import type { ConsentGiven } from '../../../machines/aiNotice.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** A chat's AI notice: what the server says of the engine and this asker, and the recorded yes. */
export function aiNoticeCalls(http: Transport) {
  return {
    readPrivacy: ({ chat }: { chat: ConsentGiven['chat'] }) => call(http, privacy, { query: { chat } }),
    giveConsent: (body: ConsentGiven) => call(http, giveConsent, { body }),
  };
}

export const makeAiNoticeActors = (http: Transport) => actorsOf(aiNoticeCalls, http);
