import { assign, setup } from 'xstate';
import type { ChatNames, Privacy } from '../openapi/schemas/rights';

// The notice a chat shows before its first message when an outside AI service would read the applicant's words
// (issue 44): which service, and a yes that the server records as a consent row. Until then the chat's composer
// is not offered. Where no outside service is configured, or the asker accepted before, nothing shows.

export type NoticeChat = (typeof ChatNames)[number];
export type ConsentGiven = { chat: NoticeChat; accepted: true };

export interface AiNoticeContext {
  chat: NoticeChat;
  /** The service that would read the words ('openai'), once the server said so. */
  engine: string | null;
  /** The last yes could not be recorded: say so, and the yes can be given again. */
  failed: boolean;
}

export type AiNoticeEvent = { type: 'ACCEPT' };

export const aiNoticeMachine = setup({
  types: { context: {} as AiNoticeContext, events: {} as AiNoticeEvent, input: {} as { chat: NoticeChat } },
  actors: {
    /** GET /api/privacy?chat=: which engine reads the words, and whether this asker accepted this chat's notice. */
    readPrivacy: {} as import('xstate').PromiseActorLogic<Privacy, { chat: NoticeChat }>,
    /** POST /api/me/consents for this chat. */
    giveConsent: {} as import('xstate').PromiseActorLogic<unknown, ConsentGiven>,
  },
}).createMachine({
  id: 'aiNotice',
  context: ({ input }) => ({ chat: input.chat, engine: null, failed: false }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'readPrivacy',
        src: 'readPrivacy',
        input: ({ context }) => ({ chat: context.chat }),
        onDone: [
          { guard: ({ event }) => event.output.consentNeeded && !event.output.consented, target: 'notice', actions: assign({ engine: ({ event }) => event.output.aiEngine }) },
          { target: 'clear' },
        ],
        // The server keeps the rule whatever the page knows: without a consent row, no outside service reads a word.
        onError: { target: 'clear' },
      },
    },
    notice: {
      on: { ACCEPT: 'accepting' },
    },
    accepting: {
      tags: ['busy'],
      invoke: {
        id: 'giveConsent',
        src: 'giveConsent',
        input: ({ context }) => ({ chat: context.chat, accepted: true as const }),
        onDone: { target: 'clear', actions: assign({ failed: false }) },
        onError: { target: 'notice', actions: assign({ failed: true }) },
      },
    },
    clear: {},
  },
});
