import { AsyncLocalStorage } from 'node:async_hooks';
import type { AiEngine } from '../ai/engine';
import { forbidden } from '../../lib/problems';

// The one check before an applicant's words go to a third-party AI engine (issue 44): every call of the app's
// engine passes here. With OpenAI configured, a call for a session or account that has not accepted the chats'
// notice is answered by the built-in engine instead, so nothing is sent to OpenAI without a consent row.

/** Whether the asker of the current request accepted; asked at most once a request. */
export type ConsentCheck = () => Promise<boolean>;

const asker = new AsyncLocalStorage<{ check: ConsentCheck; answer?: Promise<boolean> }>();

/** Runs `next` (the rest of the request) with the asker's consent check in reach of the engine. */
export function withAsker(check: ConsentCheck, next: () => void): void {
  asker.run({ check }, next);
}

/** Outside a request (a job, a test) there is nobody to ask and nothing goes out. */
export function askerConsented(): Promise<boolean> {
  const store = asker.getStore();
  if (!store) return Promise.resolve(false);
  store.answer ??= store.check();
  return store.answer;
}

/** The app's engine: the third party only for an asker who consented, the built-in engine for everyone else. */
export function consentGated(thirdParty: AiEngine, local: AiEngine, consented: () => Promise<boolean> = askerConsented): AiEngine {
  if (thirdParty.name === 'builtin') return thirdParty;
  const pick = async () => ((await consented()) ? thirdParty : local);
  return {
    name: thirdParty.name,
    turnMs: thirdParty.turnMs,
    read: async (input, signal) => (await pick()).read(input, signal),
    extract: async (input, signal) => (await pick()).extract(input, signal),
    nextQuestion: async (input) => (await pick()).nextQuestion(input),
    async *chatReply(input, signal, closed) {
      yield* (await pick()).chatReply(input, signal, closed);
    },
    completeness: async (input) => (await pick()).completeness(input),
    analyze: async (input) => (await pick()).analyze(input),
  };
}

/** The features outside the chats whose words a third party reads, each with its own notice and refusal code. */
export const CONSENT_CODES = { premium: 'premium_consent_required', voice: 'voice_consent_required' } as const;
export type ConsentFeature = keyof typeof CONSENT_CODES;

/**
 * The same rule at the premium interview's and the voice routes' door (issue 44): where a third party would read
 * the asker's words (the interview's model, OpenAI speech, a transcription service) and the asker has not
 * accepted that feature's notice, 403 with the code naming the missing consent; the page then shows the notice.
 * Nothing is checked where no third party is configured.
 */
export function consentRequired<R>(feature: ConsentFeature, thirdParty: boolean, consented: (request: R, feature: ConsentFeature) => Promise<boolean>) {
  return async (request: R): Promise<void> => {
    if (!thirdParty || (await consented(request, feature))) return;
    throw forbidden(`Accept the ${feature} notice first: your words would go to a third-party AI service (POST /api/me/consents with chat "${feature}").`, CONSENT_CODES[feature]);
  };
}
