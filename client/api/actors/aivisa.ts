import type { SendInput } from '../../../machines/aivisaChat.machine';
import { aivisaApplication, aivisaChat, aivisaCheckout } from '../../../openapi/routes/aivisa';
import { call } from '../call';
import { streamCall } from '../events';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';
import { startFreshCall } from './freshConversation';

/** Spec 3-ai §7: the advanced chat; its replies stream to the chat as they are written. */
export function aivisaCalls(http: Transport) {
  return {
    // None begun in this browser yet is a 204: null.
    loadApplication: async ({ sessionId }: { sessionId: string }) => (await call(http, aivisaApplication, { params: { sessionId } })) ?? null,
    sendMessage: ({ replyTo, language, ...body }: SendInput) =>
      streamCall(http, aivisaChat, { body: { ...body, language: language as 'es' } }, (text) => replyTo.send({ type: 'PIECE', text })),
    checkout: (body: { sessionId: string; plan: string }) => call(http, aivisaCheckout, { body }),
    startFresh: startFreshCall(http),
  };
}

export const makeAivisaActors = (http: Transport) => actorsOf(aivisaCalls, http);
