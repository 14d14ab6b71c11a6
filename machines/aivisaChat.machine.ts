import { assign, fromPromise, setup, type AnyActorRef } from 'xstate';
import { inlineError, type InlineType } from './domain/chatMarkers';
import { draftAfter, hasWords, sentText } from './domain/composer';
import { CHAT_SESSION_KEYS, freshConversationActors, freshConversationGuards, fullConversation, fullRefusal, type FreshEvent } from './domain/freshConversation';
import { PAYWALL_AT, paywallLocks } from './domain/paywall';
import { streamingReply } from './domain/streaming';
import type { WorldEffect } from './effects';

/** Spec 3-ai §3: the conversation's id is made by the browser and kept in local storage. */
export const AIVISA_SESSION_KEY = CHAT_SESSION_KEYS.aivisa;

/** Spec 3-ai §3: the advanced chat's application as the server reports it. */
export interface ChatApplication {
  status: 'in_progress' | 'paid';
  readiness: number;
  collected: Record<string, string>;
  /** Issue 32: the conversation the server kept, so a reload shows it (with the last reply's quick answers). */
  messages?: { role: 'user' | 'assistant'; content: string; suggestions?: string[] }[];
}

export interface StateUpdate {
  email?: string;
  citizenship_country?: string;
  trip_purpose?: string;
  product_recommendation?: string;
  selected_plan?: string;
}

/** POST /api/aivisa/chat's answer (spec 3-ai §3 "Advanced chat"). */
export interface ChatTurn {
  content: string;
  suggestions: string[];
  application: ChatApplication;
  showPaywall: boolean;
  wizardData: { next_question?: string; ui_hints?: { type: 'select' | 'email' | 'text'; options?: string[] } };
  stateUpdate: StateUpdate;
}

export type ChatLine = { role: 'user' | 'assistant'; content: string } | { role: 'system'; key: 'aivisa:error.general' | 'aivisa:error.checkout' };

export interface AivisaChatContext {
  sessionId: string;
  language: string;
  lines: ChatLine[];
  draft: string;
  /** The reply as it streams in. */
  partial: string;
  application: ChatApplication;
  suggestions: string[];
  /** The last reply's inline widget ([INPUT:type:label], spec 3-ai §5): what is typed in it and its message. */
  inline: { value: string; error: string | null };
  stateUpdate: StateUpdate;
  plan: string | null;
  /** Where checkout goes, once the server answered. */
  checkoutUrl: string | null;
}

export interface SendInput {
  sessionId: string;
  message: string;
  history: { role: string; content: string }[];
  language: string;
  /** The chat itself, which hears the reply as it streams. */
  replyTo: AnyActorRef;
}

export type AivisaChatEvent =
  | { type: 'DRAFT'; value: string }
  | { type: 'SEND'; text?: string }
  | { type: 'PIECE'; text: string }
  | { type: 'INLINE.CHANGE'; value: string }
  | { type: 'INLINE.SUBMIT'; inputType: InlineType }
  | { type: 'OPEN_PAYWALL' }
  | { type: 'CLOSE_PAYWALL' }
  | { type: 'CHOOSE_PLAN'; plan: string }
  | FreshEvent;

export const isLocked = (application: ChatApplication) => paywallLocks({ paid: application.status === 'paid', readiness: application.readiness });

/** Spec 3-ai §4.4: the lead is saved once the state has an e-mail with @, a citizenship and a purpose. */
export const leadReady = (update: StateUpdate) => Boolean(update.email?.includes('@') && update.citizenship_country && update.trip_purpose);

const statusOf = (error: unknown) => Number((error as { status?: unknown } | null)?.status);

/**
 * The advanced chat (spec 3-ai §2.5, §4.4; issue 13): the application is loaded, then each message is sent and
 * its reply streams in (PIECE events) until the whole turn arrives. At readiness 80 without payment the paywall
 * opens and sending stops; a plan chosen goes to the checkout URL the server answers.
 */
export const aivisaChatMachine = setup({
  types: {
    input: {} as { sessionId: string; language: string },
    context: {} as AivisaChatContext,
    events: {} as AivisaChatEvent,
    output: {} as { to: string },
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/aivisa/application/{sessionId}; null when this browser has not begun one (204). Provided by the client. */
    loadApplication: fromPromise<ChatApplication | null, { sessionId: string }>(async () => {
      throw new Error('loadApplication is provided by the caller');
    }),
    /** POST /api/aivisa/chat, streamed: each piece is sent to `replyTo` as a PIECE event, the turn is the output. */
    sendMessage: fromPromise<ChatTurn, SendInput>(async () => {
      throw new Error('sendMessage is provided by the caller');
    }),
    /** POST /api/aivisa/checkout; provided by the client. */
    checkout: fromPromise<{ url: string }, { sessionId: string; plan: string }>(async () => {
      throw new Error('checkout is provided by the caller');
    }),
    ...freshConversationActors,
  },
  actions: {
    /** A message of the applicant's in the conversation, on its way to the server. */
    say: assign(({ context }, { text }: { text: string }) => ({ lines: [...context.lines, { role: 'user' as const, content: text }], suggestions: [], partial: '' })),
    appendPiece: assign({ partial: ({ context, event }) => context.partial + (event as { text: string }).text }),
    /** The reply in the conversation. */
    takeTurn: assign(({ context }, { turn }: { turn: ChatTurn }) => ({
      lines: [...context.lines, { role: 'assistant' as const, content: turn.content }],
      partial: '',
      application: turn.application,
      suggestions: turn.suggestions,
      inline: { value: '', error: null },
      stateUpdate: { ...context.stateUpdate, ...turn.stateUpdate },
    })),
    /** POST /api/save-lead with the state; a failure is only logged (spec 3-ai §8). Provided by the page. */
    saveLead: (_: unknown, _params: { state: StateUpdate }) => {},
  },
  guards: {
    hasText: ({ context, event }) => hasWords(context.draft, event),
    inlineValid: ({ context, event }) => event.type === 'INLINE.SUBMIT' && inlineError(event.inputType, context.inline.value) === null,
    leadReady: (_, params: { update: StateUpdate }) => leadReady(params.update),
    isLocked: ({ context }) => isLocked(context.application),
    isKept: (_, params: { kept: unknown }) => params.kept !== null,
    isPaymentRequired: (_, params: { error: unknown }) => statusOf(params.error) === 402,
    ...freshConversationGuards,
  },
}).createMachine({
  id: 'aivisaChat',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    language: input.language,
    lines: [],
    draft: '',
    partial: '',
    application: { status: 'in_progress', readiness: 0, collected: {} },
    suggestions: [],
    inline: { value: '', error: null },
    stateUpdate: {},
    plan: null,
    checkoutUrl: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          {
            guard: { type: 'isKept', params: ({ event }) => ({ kept: event.output }) },
            target: 'idle',
            actions: assign(({ event }) => {
              const { messages = [], ...application } = event.output as ChatApplication;
              return {
                application,
                lines: messages.map(({ role, content }) => ({ role, content })),
                suggestions: messages.at(-1)?.role === 'assistant' ? (messages.at(-1)?.suggestions ?? []) : [],
              };
            }),
          },
          // A conversation this browser has not begun yet: nothing to show.
          { target: 'idle' },
        ],
        // Another session's, or the server could not be reached: only logged, nothing to say (§8).
        onError: 'idle',
      },
    },
    idle: {
      initial: 'talking',
      states: {
        // `failed`: the last call failed and the chat's last line says so; everything `ready` allows goes on.
        talking: {
          initial: 'ready',
          states: { ready: {}, failed: {} },
          always: { guard: 'isLocked', target: 'locked' },
          on: {
            SEND: {
              guard: 'hasText',
              target: '#aivisaChat.sending',
              actions: [
                { type: 'say', params: ({ context, event }) => ({ text: sentText(context.draft, event) }) },
                assign({ draft: ({ context, event }) => draftAfter(context.draft, event) }),
              ],
            },
            'INLINE.SUBMIT': [
              // The widget's answer, checked as its type asks (spec 3-ai §5), is sent as the next message.
              { guard: 'inlineValid', target: '#aivisaChat.sending', actions: { type: 'say', params: ({ context }) => ({ text: context.inline.value.trim() }) } },
              { actions: assign({ inline: ({ context, event }) => ({ ...context.inline, error: inlineError(event.inputType, context.inline.value) }) }) },
            ],
          },
        },
        // The application waits for its payment: nothing is sent, the plans are the way on.
        locked: {
          initial: 'open',
          states: {
            open: { on: { CLOSE_PAYWALL: 'closed' } },
            closed: { on: { OPEN_PAYWALL: 'open' } },
          },
        },
      },
      on: {
        DRAFT: { actions: assign({ draft: ({ event }) => event.value }) },
        'INLINE.CHANGE': { actions: assign({ inline: ({ event }) => ({ value: event.value, error: null }) }) },
        CHOOSE_PLAN: { target: 'checkingOut', actions: assign({ plan: ({ event }) => event.plan }) },
      },
    },
    sending: {
      tags: ['busy'],
      ...streamingReply,
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context, self }) => {
          const said = context.lines.filter((l): l is { role: 'user' | 'assistant'; content: string } => l.role !== 'system');
          return { sessionId: context.sessionId, message: said.at(-1)?.content ?? '', history: said.slice(0, -1).slice(-10), language: context.language, replyTo: self };
        },
        // A reply that finds the application locked (the server shows the paywall then) opens the plans: `idle`
        // goes on to `locked`.
        onDone: [
          {
            guard: { type: 'leadReady', params: ({ event }) => ({ update: event.output.stateUpdate }) },
            target: 'idle',
            actions: [{ type: 'takeTurn', params: ({ event }) => ({ turn: event.output }) }, { type: 'saveLead', params: ({ event }) => ({ state: event.output.stateUpdate }) }],
          },
          { target: 'idle', actions: { type: 'takeTurn', params: ({ event }) => ({ turn: event.output }) } },
        ],
        onError: [
          // Issue 41: the message would pass the conversation's bounds; nothing was kept, the page offers a fresh one.
          fullRefusal<AivisaChatContext, AivisaChatEvent>(),
          {
            // The server says the application waits for payment: the page had an old readiness.
            guard: { type: 'isPaymentRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'idle.locked.open',
            actions: assign(({ context }) => ({ partial: '', application: { ...context.application, readiness: Math.max(context.application.readiness, PAYWALL_AT) } })),
          },
          { target: 'idle.talking.failed', actions: assign(({ context }) => ({ partial: '', lines: [...context.lines, { role: 'system' as const, key: 'aivisa:error.general' as const }] })) },
        ],
      },
    },
    // The stored conversation is full; a fresh one keeps the application (on the server) and is loaded again.
    full: fullConversation<AivisaChatContext, AivisaChatEvent>('aivisa', '#aivisaChat.loading', { lines: [], draft: '', partial: '', suggestions: [], inline: { value: '', error: null } }),
    checkingOut: {
      tags: ['busy'],
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ sessionId: context.sessionId, plan: context.plan as string }),
        onDone: { target: 'redirecting', actions: assign({ checkoutUrl: ({ event }) => event.output.url }) },
        // A locked application is shown its plans again, with the failure said in the conversation.
        onError: { target: 'idle.talking.failed', actions: assign(({ context }) => ({ plan: null, lines: [...context.lines, { role: 'system' as const, key: 'aivisa:error.checkout' as const }] })) },
      },
    },
    redirecting: { type: 'final' },
  },
  output: ({ context }) => ({ to: context.checkoutUrl ?? '/checkout' }),
});
