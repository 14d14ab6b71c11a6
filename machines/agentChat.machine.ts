import { assign, emit, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import { ds160Handoff } from './domain/chatHandoff';
import { handOffToDs160 } from './domain/keptForms';
import { ROUTES } from './domain/routes';
import { draftAfter, hasWords, sentText } from './domain/composer';
import { streamingReply } from './domain/streaming';
import { CHAT_SESSION_KEYS, freshConversationActors, keepConversation, freshConversationGuards, fullConversation, fullRefusal, type FreshEvent } from './domain/freshConversation';
import { navigate, type WorldEffect } from './effects';

/** Where this browser keeps its conversation's id (localStorage), so coming back opens the same one. */
export const AGENT_SESSION_KEY = CHAT_SESSION_KEYS.agent;

/** Issue 32: the consular chat speaks the product's four languages. */
export type ConversationLanguage = 'es' | 'en' | 'fr' | 'pt';
export const AGENT_LANGUAGES: readonly ConversationLanguage[] = ['es', 'en', 'fr', 'pt'];

export interface AgentButton {
  text: string;
  action: 'reply' | 'link';
  url?: string;
}

/** Spec 3-ai §3 "Session (second chat)". */
export interface AgentSession {
  language: string;
  country?: string;
  purpose?: string;
  recommendation?: string;
  email?: string;
  name?: string;
  phone?: string;
  readyForCheckout: boolean;
  formType?: string;
  questionsStarted: boolean;
  currentQuestionIndex: number;
  formData: { email?: string; firstName?: string; lastName?: string };
  leadId?: string;
  /** The payment page for this conversation's lead, from the server, once it is ready. */
  checkoutUrl?: string;
  wizardOffered: boolean;
}

export interface AgentReply {
  response: string;
  redirect?: string;
  buttons: AgentButton[];
  session: AgentSession;
}

export interface Ds160Progress {
  sections: { id: string; title: string; isCompleted: boolean }[];
  completed: number;
  total: number;
}

export type AgentLine = { role: 'user'; content: string } | { role: 'assistant'; content: string; buttons?: AgentButton[] } | { role: 'system'; key: 'agent:error.general' };

export interface AgentChatContext {
  sessionId: string;
  /** The id is new to this browser (none was kept): the chat keeps it as it starts. */
  unkept: boolean;
  language: ConversationLanguage | null;
  session: AgentSession | null;
  lines: AgentLine[];
  draft: string;
  partial: string;
  sections: { id: string; title: string }[];
  progress: Ds160Progress | null;
  redirect: string | null;
}

export interface AgentSendInput {
  sessionId: string;
  message: string;
  language: ConversationLanguage;
  replyTo: AnyActorRef;
}

export type AgentChatEvent =
  | { type: 'CHOOSE_LANGUAGE'; language: ConversationLanguage }
  | { type: 'DRAFT'; value: string }
  | { type: 'SEND'; text?: string }
  | { type: 'PIECE'; text: string }
  /** The applicant follows a link out of the chat (a reply's button, the sidebar's). */
  | { type: 'OPEN'; to: string }
  | FreshEvent;

/** Spec 3-ai §9: a redirect reply shows its message, then goes on after 2 seconds. */
export const REDIRECT_DELAY = 2000;

/**
 * The language-select-then-chat page (spec 3-ai §2.6, §4.5; issue 13): the DS-160 sections and the saved
 * session load first; without a saved session the language is chosen, which starts the greeting. Each message's
 * reply streams in; a reply with a redirect is shown, then the page goes there after 2 seconds.
 */
/** A session as the server kept it, with its messages. */
type KeptAgentSession = AgentSession & { messages: { role: 'user' | 'assistant'; content: string; buttons?: AgentButton[] }[] };

/**
 * Issue 13: leaving for the ten-section form, what the conversation collected goes with the applicant (the form opens
 * with it, unless this browser already began one); null for any other link, or before anything was collected.
 */
function formHandOff(context: Pick<AgentChatContext, 'session'>, to: string): WorldEffect | null {
  const { session } = context;
  if (to !== ROUTES.ds160Wizard || !session) return null;
  const { firstName, lastName } = session.formData;
  return handOffToDs160(ds160Handoff({ firstName, lastName, email: session.email, phone: session.phone, nationality: session.country, purpose: session.purpose }));
}

export const agentChatMachine = setup({
  types: { input: {} as { sessionId: string; unkept?: boolean }, context: {} as AgentChatContext, events: {} as AgentChatEvent, output: {} as { to: string }, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/ds160/sections; provided by the client. */
    loadSections: fromPromise<{ id: string; title: string }[]>(async () => {
      throw new Error('loadSections is provided by the caller');
    }),
    /** GET /api/ai/session/{id}; null when this browser has not begun one (204). A failure is only logged (spec 3-ai §8). */
    loadSession: fromPromise<KeptAgentSession | null, { sessionId: string }>(async () => {
      throw new Error('loadSession is provided by the caller');
    }),
    /** POST /api/ai/chat, streamed: each piece is sent to `replyTo`. */
    sendMessage: fromPromise<AgentReply, AgentSendInput>(async () => {
      throw new Error('sendMessage is provided by the caller');
    }),
    /** GET /api/ds160/sessions/{id}/progress; provided by the client. */
    loadProgress: fromPromise<Ds160Progress, { sessionId: string }>(async () => {
      throw new Error('loadProgress is provided by the caller');
    }),
    ...freshConversationActors,
  },
  guards: {
    hasText: ({ context, event }) => hasWords(context.draft, event),
    redirects: (_, params: { reply: AgentReply }) => Boolean(params.reply.redirect),
    isKept: (_, params: { kept: unknown }) => params.kept !== null,
    ...freshConversationGuards,
  },
  actions: {
    appendPiece: assign({ partial: ({ context, event }) => context.partial + (event as { text: string }).text }),
    takeReply: assign(({ context }, { reply }: { reply: AgentReply }) => ({
      lines: [...context.lines, { role: 'assistant' as const, content: reply.response, ...(reply.buttons.length ? { buttons: reply.buttons } : {}) }],
      partial: '',
      session: reply.session,
      redirect: reply.redirect ?? null,
    })),
  },
}).createMachine({
  id: 'agentChat',
  context: ({ input }) => ({ sessionId: input.sessionId, unkept: input.unkept ?? false, language: null, session: null, lines: [], draft: '', partial: '', sections: [], progress: null, redirect: null }),
  initial: 'loadingSections',
  // A conversation new to this browser is its conversation from now on: its id is kept.
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.unkept) enqueue.emit(keepConversation('agent', context.sessionId));
  }),
  // The applicant follows a link out of the chat: to the ten-section form, what was collected goes with them.
  on: { OPEN: { guard: ({ context, event }) => formHandOff(context, event.to) !== null, actions: emit(({ context, event }) => formHandOff(context, event.to) as WorldEffect) } },
  states: {
    loadingSections: {
      tags: ['busy'],
      invoke: {
        id: 'loadSections',
        src: 'loadSections',
        onDone: { target: 'loadingSession', actions: assign({ sections: ({ event }) => event.output }) },
        onError: 'loadingSession',
      },
    },
    loadingSession: {
      tags: ['busy'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          // A saved session has its language and messages: the language screen is skipped (spec 3-ai §4.5).
          {
            guard: { type: 'isKept', params: ({ event }) => ({ kept: event.output }) },
            target: 'refreshing',
            actions: assign(({ event }) => {
              const { messages, ...session } = event.output as KeptAgentSession;
              const language = AGENT_LANGUAGES.find((l) => l === session.language) ?? 'es';
              return { session, language, lines: messages };
            }),
          },
          // None begun in this browser yet.
          { target: 'choosingLanguage' },
        ],
        onError: 'choosingLanguage',
      },
    },
    choosingLanguage: {
      on: { CHOOSE_LANGUAGE: { target: 'sending', actions: assign({ language: ({ event }) => event.language }) } },
    },
    // `failed`: the last call failed and the chat's last line says so; everything idle allows goes on from there.
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: {} },
      on: {
        DRAFT: { actions: assign({ draft: ({ event }) => event.value }) },
        SEND: {
          guard: 'hasText',
          target: 'sending',
          actions: assign(({ context, event }) => ({
            lines: [...context.lines, { role: 'user' as const, content: sentText(context.draft, event) }],
            draft: draftAfter(context.draft, event),
          })),
        },
      },
    },
    sending: {
      tags: ['busy'],
      ...streamingReply,
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context, self }) => {
          const last = context.lines.at(-1);
          return { sessionId: context.sessionId, message: last?.role === 'user' ? last.content : '', language: context.language ?? 'es', replyTo: self };
        },
        onDone: [
          { guard: { type: 'redirects', params: ({ event }) => ({ reply: event.output }) }, target: 'redirecting', actions: { type: 'takeReply', params: ({ event }) => ({ reply: event.output }) } },
          { target: 'refreshing', actions: { type: 'takeReply', params: ({ event }) => ({ reply: event.output }) } },
        ],
        onError: [
          // Issue 41: the conversation reached its bounds; the page says so and offers a fresh one.
          fullRefusal<AgentChatContext, AgentChatEvent>(),
          { target: 'idle.failed', actions: assign({ partial: '', lines: ({ context }) => [...context.lines, { role: 'system' as const, key: 'agent:error.general' as const }] }) },
        ],
      },
    },
    // The stored conversation is full; a fresh one starts again from the saved session.
    full: fullConversation<AgentChatContext, AgentChatEvent>('agent', '#agentChat.loadingSession', { lines: [], draft: '', progress: null }),
    // The sidebar's DS-160 progress after each turn; a failure leaves the last one shown.
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: { target: 'idle', actions: assign({ progress: ({ event }) => event.output }) },
        onError: 'idle',
      },
    },
    redirecting: { after: { [REDIRECT_DELAY]: 'gone' } },
    // The reply's destination (the checkout, the form): the page goes there.
    gone: { type: 'final', entry: emit(({ context }) => navigate(context.redirect ?? '/')) },
  },
  output: ({ context }) => ({ to: context.redirect ?? '/' }),
});
