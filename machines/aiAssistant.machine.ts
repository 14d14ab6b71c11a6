import { assign, fromPromise, setup } from 'xstate';
import { errorKey } from './domain/errorCodes';
import type { PriceDto } from '../openapi/schemas/orders';

export type InterviewKind = 'ds160' | 'esta';
/** Issue 32: the interview speaks the four languages of the product. */
export type ConversationLanguage = 'es' | 'en' | 'fr' | 'pt';
export const CONVERSATION_LANGUAGES: readonly ConversationLanguage[] = ['es', 'en', 'fr', 'pt'];

export interface AssistantField {
  id: string;
  label: string;
  type: string;
  options?: { value: string; label: string }[];
}

/** POST /api/aiassistant/next, as the page reads it (spec 3-ai §3 "AI interview session"). */
export interface NextAnswer {
  done: boolean;
  message: string;
  question: string;
  field?: AssistantField;
  progress: { answered: number; total: number };
  checkoutUrls?: { basic: string; pro: string; elite: string };
  /** What each plan costs this application (its visa class's government fees), when the server knows it. */
  checkoutPrices?: Partial<Record<'basic' | 'pro' | 'premium' | 'esta', PriceDto>>;
}

/**
 * POST /api/aiassistant/answer (issue 32): stored or not; when not, the reply says what was understood or what
 * would be accepted, with quick answers.
 */
export interface AnswerOutcome {
  saved: boolean;
  value?: string;
  progress: { answered: number; total: number };
  reply?: { text: string; quickAnswers: string[] };
}

/** GET /api/aiassistant/session/{id}: the conversation kept on the server, for a reload. */
export interface KeptConversation {
  language: ConversationLanguage;
  lines: { role: 'assistant' | 'user'; text: string; quickAnswers?: string[] }[];
}

/** A text to show: a translation key (with its values) or words the server wrote. */
export type Said = { key: string; values?: Record<string, string> } | { text: string };

/** One line of the conversation. System lines are the spec's 'Error: …' and 'Error getting question: …'. */
export type AssistantLine =
  | { role: 'assistant' | 'user'; text: string }
  | { role: 'system'; key: 'aiassistant:error.line' | 'aiassistant:error.question' | 'aiassistant:error.noQuestion'; detail?: Said };

export interface AiAssistantContext {
  language: ConversationLanguage;
  kind: InterviewKind | null;
  sessionId: string | null;
  lines: AssistantLine[];
  question: AssistantField | null;
  draft: string;
  /** Quick answers the last reply offered (a value shown back, the options when an answer was refused). */
  quick: string[];
  progress: { answered: number; total: number } | null;
  /** When done: the completion message and the plans' checkout links. */
  completion: string;
  checkoutUrls: NextAnswer['checkoutUrls'] | null;
  checkoutPrices: NextAnswer['checkoutPrices'] | null;
}

export interface AiAssistantInput {
  language?: ConversationLanguage;
  /** An interview this browser began before a reload: it goes on where it was. */
  sessionId?: string | null;
  kind?: InterviewKind | null;
}

export type AiAssistantEvent =
  | { type: 'LANGUAGE'; language: ConversationLanguage }
  | { type: 'START'; kind: InterviewKind }
  | { type: 'DRAFT'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CHOOSE'; value: string }
  | { type: 'RETRY' }
  | { type: 'NEW_INTERVIEW' };

/**
 * Spec 3-ai §8: a refused call shows the body's message, in the interface language: a rule of the shared validators
 * by its message key, a refusal the interface words by its code (issue 34: never the server's English); otherwise
 * 'Request failed'; a call that got no answer at all, 'Network error'.
 */
export function failureDetail(error: unknown): Said {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  if (typeof status !== 'number') return { key: 'aiassistant:error.network' };
  // The server names a rule of the shared validators by its message key, which the page words in its language.
  if (typeof code === 'string' && /^[a-z0-9]+:[\w.-]+$/i.test(code)) return { key: code };
  return { key: errorKey(code) ?? 'aiassistant:error.requestFailed' };
}

const fresh = (language: ConversationLanguage): AiAssistantContext => ({
  language,
  kind: null,
  sessionId: null,
  lines: [],
  question: null,
  draft: '',
  quick: [],
  progress: null,
  completion: '',
  checkoutUrls: null,
  checkoutPrices: null,
});

/**
 * The AI assistant's interview (spec 3-ai §2.4, §4.3): no session, then the applicant picks DS-160 or ESTA, a
 * session is made, and the questions come one at a time; each answer is sent and the next question fetched.
 * Done shows the completion message and the plans. The input is usable only in `answering`.
 */
export const aiAssistantMachine = setup({
  types: {
    input: {} as AiAssistantInput | undefined,
    context: {} as AiAssistantContext,
    events: {} as AiAssistantEvent,
  },
  actors: {
    /** POST /api/aiassistant/session; provided by the client. */
    createSession: fromPromise<{ sessionId: string }, { type: InterviewKind }>(async () => {
      throw new Error('createSession is provided by the caller');
    }),
    /** POST /api/aiassistant/next; provided by the client. */
    nextQuestion: fromPromise<NextAnswer, { sessionId: string; language: ConversationLanguage }>(async () => {
      throw new Error('nextQuestion is provided by the caller');
    }),
    /** POST /api/aiassistant/answer; provided by the client. */
    sendAnswer: fromPromise<AnswerOutcome, { sessionId: string; question_id: string; question_label: string; answer: string; language: ConversationLanguage }>(async () => {
      throw new Error('sendAnswer is provided by the caller');
    }),
    /** GET /api/aiassistant/session/{id}; provided by the client. */
    loadConversation: fromPromise<KeptConversation, { sessionId: string }>(async () => {
      throw new Error('loadConversation is provided by the caller');
    }),
  },
  guards: {
    isDone: (_, params: { answer: NextAnswer }) => params.answer.done,
    lacksQuestion: (_, params: { answer: NextAnswer }) => !params.answer.field || params.answer.question.trim() === '',
    hasSession: ({ context }) => context.sessionId !== null,
    hasAnswer: ({ context }) => context.draft.trim() !== '' && context.question !== null,
    isOtherLanguage: ({ context }, params: { language: ConversationLanguage }) => params.language !== context.language,
    wasSaved: (_, params: { outcome: AnswerOutcome }) => params.outcome.saved,
  },
  actions: {
    setLanguage: assign({ language: (_, params: { language: ConversationLanguage }) => params.language }),
    reset: assign(({ context }) => fresh(context.language)),
  },
}).createMachine({
  id: 'aiAssistant',
  context: ({ input }) => ({
    ...fresh(input?.language ?? 'es'),
    ...(input?.sessionId && input.kind ? { sessionId: input.sessionId, kind: input.kind } : {}),
  }),
  initial: 'choosing',
  on: {
    NEW_INTERVIEW: { target: '.choosing', actions: 'reset' },
  },
  states: {
    choosing: {
      always: { guard: 'hasSession', target: 'restoring' },
      on: {
        LANGUAGE: { actions: { type: 'setLanguage', params: ({ event }) => ({ language: event.language }) } },
        START: { target: 'starting', actions: assign({ kind: ({ event }) => event.kind }) },
      },
    },
    // A reload: the conversation as the server kept it, then the question it was at. A failure starts afresh.
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'loadConversation',
        src: 'loadConversation',
        input: ({ context }) => ({ sessionId: context.sessionId as string }),
        onDone: {
          target: 'asking',
          actions: assign(({ event }) => ({
            language: event.output.language,
            lines: event.output.lines.map(({ role, text }) => ({ role, text })),
            quick: event.output.lines.at(-1)?.quickAnswers ?? [],
          })),
        },
        onError: { target: 'choosing', actions: 'reset' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ context }) => ({ type: context.kind as InterviewKind }),
        onDone: { target: 'asking', actions: assign({ sessionId: ({ event }) => event.output.sessionId }) },
        onError: {
          target: 'choosing',
          actions: assign({ kind: null, lines: ({ context, event }) => [...context.lines, { role: 'system' as const, key: 'aiassistant:error.line' as const, detail: failureDetail(event.error) }] }),
        },
      },
    },
    asking: {
      tags: ['busy'],
      invoke: {
        id: 'nextQuestion',
        src: 'nextQuestion',
        input: ({ context }) => ({ sessionId: context.sessionId as string, language: context.language }),
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: assign(({ event }) => ({
              question: null,
              completion: event.output.message,
              checkoutUrls: event.output.checkoutUrls ?? null,
              checkoutPrices: event.output.checkoutPrices ?? null,
              progress: event.output.progress,
            })),
          },
          {
            guard: { type: 'lacksQuestion', params: ({ event }) => ({ answer: event.output }) },
            target: 'stalled',
            actions: assign({
              question: null,
              lines: ({ context }) => [...context.lines, { role: 'system' as const, key: 'aiassistant:error.noQuestion' as const }],
            }),
          },
          {
            target: 'answering',
            actions: assign(({ context, event }) => {
              const last = context.lines.at(-1);
              // After a reload the kept conversation already ends with this question.
              const repeated = last?.role === 'assistant' && last.text === event.output.question;
              return {
                question: event.output.field as AssistantField,
                progress: event.output.progress,
                quick: repeated ? context.quick : [],
                lines: repeated ? context.lines : [...context.lines, { role: 'assistant' as const, text: event.output.question }],
              };
            }),
          },
        ],
        onError: {
          target: 'stalled',
          actions: assign({
            question: null,
            lines: ({ context, event }) => [...context.lines, { role: 'system' as const, key: 'aiassistant:error.question' as const, detail: failureDetail(event.error) }],
          }),
        },
      },
    },
    // No question to answer (it failed to come, or came without words): the input stays off until a retry.
    stalled: {
      on: {
        RETRY: 'asking',
        LANGUAGE: { target: 'asking', actions: { type: 'setLanguage', params: ({ event }) => ({ language: event.language }) } },
      },
    },
    answering: {
      on: {
        DRAFT: { actions: assign({ draft: ({ event }) => event.value }) },
        SUBMIT: { guard: 'hasAnswer', target: 'submitting' },
        CHOOSE: { target: 'submitting', actions: assign({ draft: ({ event }) => event.value }) },
        // The same question again, asked in the other language.
        LANGUAGE: {
          guard: { type: 'isOtherLanguage', params: ({ event }) => ({ language: event.language }) },
          target: 'asking',
          actions: { type: 'setLanguage', params: ({ event }) => ({ language: event.language }) },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ lines: ({ context }) => [...context.lines, { role: 'user' as const, text: context.draft.trim() }] }),
      invoke: {
        id: 'sendAnswer',
        src: 'sendAnswer',
        input: ({ context }) => ({
          sessionId: context.sessionId as string,
          question_id: (context.question as AssistantField).id,
          question_label: (context.question as AssistantField).label,
          answer: context.draft.trim(),
          language: context.language,
        }),
        onDone: [
          {
            guard: { type: 'wasSaved', params: ({ event }) => ({ outcome: event.output }) },
            target: 'asking',
            actions: assign(({ context, event }) => ({
              draft: '',
              quick: [],
              lines: event.output.reply ? [...context.lines, { role: 'assistant' as const, text: event.output.reply.text }] : context.lines,
            })),
          },
          // Not stored: the reply shows what was understood, or what would be accepted, and the question stays.
          {
            target: 'answering',
            actions: assign(({ context, event }) => ({
              draft: '',
              quick: event.output.reply?.quickAnswers ?? [],
              lines: event.output.reply ? [...context.lines, { role: 'assistant' as const, text: event.output.reply.text }] : context.lines,
            })),
          },
        ],
        // The answer stays in the box to be corrected; the line says what was wrong with it.
        onError: {
          target: 'answering',
          actions: assign({
            lines: ({ context, event }) => [...context.lines, { role: 'system' as const, key: 'aiassistant:error.line' as const, detail: failureDetail(event.error) }],
          }),
        },
      },
    },
    done: {
      on: {
        LANGUAGE: {
          guard: { type: 'isOtherLanguage', params: ({ event }) => ({ language: event.language }) },
          target: 'asking',
          actions: { type: 'setLanguage', params: ({ event }) => ({ language: event.language }) },
        },
      },
    },
  },
});
