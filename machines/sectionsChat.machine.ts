import { assign, emit, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import { ds160Handoff } from './domain/chatHandoff';
import { handOffToDs160 } from './domain/keptForms';
import { ROUTES } from './domain/routes';
import { draftAfter, hasWords, sentText } from './domain/composer';
import { streamingReply } from './domain/streaming';
import { CHAT_SECTIONS, COMPLETE_AT, SECTION_KEY, chatProgress, sectionData, type ChatSection, type SectionRecords } from './domain/chatFields';
import { findCountry } from './domain/countries';
import { CHAT_SESSION_KEYS, freshConversationActors, keepConversation, freshConversationGuards, fullConversation, fullRefusal, type FreshEvent } from './domain/freshConversation';
import { isPurpose } from './domain/visaRules';
import type { WorldEffect } from './effects';

/** Where this browser keeps its conversation's id (localStorage); the server keeps the form and the conversation (issue 32). */
export const SECTIONS_SESSION_KEY = CHAT_SESSION_KEYS.sections;

/** Spec 3-ai §3 "Intelligent chat form progress". */
export interface FormProgress extends SectionRecords {
  completedSections: ChatSection[];
  currentSection: ChatSection;
  totalProgress: number;
}

export interface Finding {
  field: string;
  code: string;
  message: string;
}

export interface FormAnalysis {
  analysis: string;
  hasWarnings: boolean;
  hasErrors: boolean;
  errors: Finding[];
  warnings: Finding[];
}

export type SectionsLine = { role: 'user' | 'assistant'; content: string } | { role: 'system'; key: 'sections:error.repeat' };

/** GET /api/openai/intelligent-chat/{id} (issue 32): the form and conversation the server kept. */
export interface KeptSections {
  language: string;
  formProgress: FormProgress;
  messages: { role: 'user' | 'assistant'; content: string; quickAnswers?: string[] }[];
}

export interface SectionsChatInput {
  /** The browser's id for the conversation: the server keeps it, so a reload shows it (issue 32). */
  sessionId: string;
  /** The id is new to this browser (none was kept, or a fresh form was asked for): the chat keeps it as it starts. */
  unkept?: boolean;
  /** `?lang`, default es (spec 3-ai §2.7). */
  language: string;
  /** What /visa-wizard sends: used to greet and pre-fill. */
  country?: string | null;
  purpose?: string | null;
  visaType?: string | null;
  /** A conversation's form kept before a reload of the tab. */
  progress?: FormProgress | null;
}

export interface SectionsChatContext {
  sessionId: string;
  unkept: boolean;
  language: string;
  country: string | null;
  purpose: string | null;
  visaType: 'DS-160' | 'ESTA' | null;
  progress: FormProgress;
  lines: SectionsLine[];
  draft: string;
  partial: string;
  /** What the analysis of the last answer found, for the reply to acknowledge. */
  understood: string[];
  /** Quick answers the last reply offered (a value shown back to confirm, the options of a choice). */
  quick: string[];
  analysis: FormAnalysis | null;
}

export interface ReplyInput {
  sessionId: string;
  message: string;
  context: { formProgress: FormProgress; country?: string; purpose?: string; visaType?: string; understood: string[] };
  language: string;
  messageHistory: { role: 'user' | 'assistant'; content: string }[];
  /** The chat, which hears the reply as it streams. */
  replyTo: AnyActorRef;
}

export type SectionsChatEvent =
  | { type: 'DRAFT'; value: string }
  | { type: 'SEND'; text?: string }
  | { type: 'PIECE'; text: string }
  /** The applicant follows a link out of the chat (the sidebar's, to the ten-section form). */
  | { type: 'OPEN'; to: string }
  | FreshEvent;

/** Spec 3-ai §9: the context sent is the last 6 messages. */
const HISTORY = 6;

const said = (lines: SectionsLine[]) => lines.filter((l): l is { role: 'user' | 'assistant'; content: string } => l.role !== 'system');

function prefilled(input: SectionsChatInput): FormProgress {
  const country = input.country ? findCountry(input.country)?.name : undefined;
  const progress: FormProgress = {
    personalInfo: country ? { nationality: country } : {},
    contactInfo: {},
    passportInfo: {},
    travelInfo: input.purpose && isPurpose(input.purpose) ? { purpose: input.purpose } : {},
    employmentInfo: {},
    completedSections: [],
    currentSection: 'personal',
    totalProgress: 0,
  };
  return { ...progress, totalProgress: chatProgress(sectionData(progress)) };
}

const repeat = (lines: SectionsLine[]): SectionsLine[] => [...lines, { role: 'system', key: 'sections:error.repeat' }];

/**
 * The intelligent chat (spec 3-ai §2.7, §4.6; issue 13): a greeting, then for each answer its analysis (merged
 * into the current section), the streamed reply (which may move to the next section), and, once the form is
 * complete or 90% filled, the final analysis.
 */
/**
 * Issue 13: leaving for the ten-section form, what the sections collected goes with the applicant (the form opens
 * with it, unless this browser already began one); null for any other link, or before anything was collected.
 */
function formHandOff(context: Pick<SectionsChatContext, 'progress'>, to: string): WorldEffect | null {
  return to === ROUTES.ds160Wizard ? handOffToDs160(ds160Handoff(sectionData(context.progress))) : null;
}

export const sectionsChatMachine = setup({
  types: { input: {} as SectionsChatInput, context: {} as SectionsChatContext, events: {} as SectionsChatEvent, emitted: {} as WorldEffect },
  actors: {
    /** POST /api/openai/intelligent-chat, streamed; provided by the client. */
    reply: fromPromise<{ response: string; isComplete: boolean; nextSection?: ChatSection; quickAnswers?: string[] }, ReplyInput>(async () => {
      throw new Error('reply is provided by the caller');
    }),
    /** POST /api/openai/response-analysis; provided by the client. */
    analyzeResponse: fromPromise<
      { extractedData: Record<string, string>; understood: string[]; quickAnswers?: string[] },
      { sessionId: string; userResponse: string; currentSection: ChatSection; formProgress: FormProgress; language: string; visaType?: 'DS-160' | 'ESTA' }
    >(async () => {
      throw new Error('analyzeResponse is provided by the caller');
    }),
    /** GET /api/openai/intelligent-chat/{id}; provided by the client. A conversation not begun yet (nothing said) is null (204). */
    loadConversation: fromPromise<KeptSections | null, { sessionId: string }>(async () => {
      throw new Error('loadConversation is provided by the caller');
    }),
    /** POST /api/openai/analyze-form; provided by the client. */
    analyzeForm: fromPromise<FormAnalysis, { formData: FormProgress; language: string; visaType?: 'DS-160' | 'ESTA' }>(async () => {
      throw new Error('analyzeForm is provided by the caller');
    }),
    ...freshConversationActors,
  },
  guards: {
    hasText: ({ context, event }) => hasWords(context.draft, event),
    isComplete: ({ context }, params: { isComplete: boolean }) => params.isComplete || context.progress.totalProgress >= COMPLETE_AT,
    isKept: (_, params: { kept: unknown }) => params.kept !== null,
    ...freshConversationGuards,
  },
  actions: {
    // Spec 3-ai §4.6: told of a next section, the current one moves to the completed list.
    takeReply: assign(({ context }, { response, nextSection, quickAnswers }: { response: string; nextSection?: ChatSection; quickAnswers?: string[] }) => {
      const progress = nextSection
        ? {
            ...context.progress,
            completedSections: [...new Set([...context.progress.completedSections, context.progress.currentSection])].filter((s) => s !== nextSection),
            currentSection: nextSection,
          }
        : context.progress;
      return { lines: [...context.lines, { role: 'assistant' as const, content: response }], partial: '', understood: [], quick: quickAnswers ?? [], progress };
    }),
    appendPiece: assign({ partial: ({ context, event }) => context.partial + (event as { text: string }).text }),
  },
}).createMachine({
  id: 'sectionsChat',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    unkept: input.unkept ?? false,
    language: input.language,
    country: input.country ?? null,
    purpose: input.purpose ?? null,
    visaType: input.visaType?.toUpperCase() === 'ESTA' ? 'ESTA' : input.visaType ? 'DS-160' : null,
    progress: input.progress ?? prefilled(input),
    lines: [],
    draft: '',
    partial: '',
    understood: [],
    quick: [],
    analysis: null,
  }),
  initial: 'restoring',
  // A conversation new to this browser is its conversation from now on: its id is kept.
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.unkept) enqueue.emit(keepConversation('sections', context.sessionId));
  }),
  // The applicant follows a link out of the chat: to the ten-section form, what was collected goes with them.
  on: { OPEN: { guard: ({ context, event }) => formHandOff(context, event.to) !== null, actions: emit(({ context, event }) => formHandOff(context, event.to) as WorldEffect) } },
  states: {
    // A reload (issue 32): the form and the conversation as the server kept them; none yet, the greeting.
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'loadConversation',
        src: 'loadConversation',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          {
            guard: { type: 'isKept', params: ({ event }) => ({ kept: event.output }) },
            target: 'idle',
            actions: assign(({ event }) => {
              const kept = event.output as KeptSections;
              return {
                language: kept.language,
                progress: kept.formProgress,
                lines: kept.messages.map(({ role, content }) => ({ role, content })),
                quick: kept.messages.at(-1)?.quickAnswers ?? [],
              };
            }),
          },
          // None begun yet: the greeting.
          { target: 'replying' },
        ],
        onError: 'replying',
      },
    },
    // `failed`: the last call failed and the chat's last line says so; everything idle allows goes on from there.
    idle: {
      initial: 'ready',
      states: { ready: {}, failed: {} },
      on: {
        DRAFT: { actions: assign({ draft: ({ event }) => event.value }) },
        SEND: {
          guard: 'hasText',
          target: 'analysing',
          actions: assign(({ context, event }) => ({
            lines: [...context.lines, { role: 'user' as const, content: sentText(context.draft, event) }],
            draft: draftAfter(context.draft, event),
            quick: [],
          })),
        },
      },
    },
    analysing: {
      tags: ['busy'],
      invoke: {
        id: 'analyzeResponse',
        src: 'analyzeResponse',
        input: ({ context }) => ({
          sessionId: context.sessionId,
          userResponse: said(context.lines).at(-1)?.content ?? '',
          currentSection: context.progress.currentSection,
          formProgress: context.progress,
          language: context.language,
          ...(context.visaType ? { visaType: context.visaType } : {}),
        }),
        onDone: {
          target: 'replying',
          // Spec 3-ai §4.6: the extracted data is merged into the current section.
          actions: assign(({ context, event }) => {
            const key = SECTION_KEY[context.progress.currentSection];
            const section = { ...context.progress[key], ...event.output.extractedData };
            const progress = { ...context.progress, [key]: section };
            return { progress: { ...progress, totalProgress: chatProgress(sectionData(progress)) }, understood: event.output.understood };
          }),
        },
        onError: [
          // Issue 41: the answer would pass the conversation's bounds; nothing was kept, the page offers a fresh one.
          fullRefusal<SectionsChatContext, SectionsChatEvent>(),
          { target: 'idle.failed', actions: assign({ lines: ({ context }) => repeat(context.lines) }) },
        ],
      },
    },
    // The stored conversation is full; a fresh one keeps the form (on the server) and is greeted.
    full: fullConversation<SectionsChatContext, SectionsChatEvent>('sections', '#sectionsChat.restoring', { lines: [], draft: '', partial: '', understood: [], quick: [], analysis: null }),
    replying: {
      tags: ['busy'],
      ...streamingReply,
      invoke: {
        id: 'reply',
        src: 'reply',
        input: ({ context, self }) => {
          const lines = said(context.lines);
          const last = lines.at(-1);
          const message = last?.role === 'user' ? last.content : '';
          return {
            sessionId: context.sessionId,
            message,
            context: {
              formProgress: context.progress,
              understood: context.understood,
              ...(context.country ? { country: context.country } : {}),
              ...(context.purpose ? { purpose: context.purpose } : {}),
              ...(context.visaType ? { visaType: context.visaType } : {}),
            },
            language: context.language,
            messageHistory: (message ? lines.slice(0, -1) : lines).slice(-HISTORY),
            replyTo: self,
          };
        },
        onDone: [
          {
            guard: { type: 'isComplete', params: ({ event }) => ({ isComplete: event.output.isComplete }) },
            target: 'finalAnalysis',
            actions: { type: 'takeReply', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'takeReply', params: ({ event }) => event.output } },
        ],
        onError: { target: 'idle.failed', actions: assign({ partial: '', understood: [], lines: ({ context }) => repeat(context.lines) }) },
      },
    },
    finalAnalysis: {
      tags: ['busy'],
      invoke: {
        id: 'analyzeForm',
        src: 'analyzeForm',
        input: ({ context }) => ({ formData: context.progress, language: context.language, ...(context.visaType ? { visaType: context.visaType } : {}) }),
        onDone: { target: 'idle', actions: assign({ analysis: ({ event }) => event.output }) },
        onError: { target: 'idle.failed', actions: assign({ lines: ({ context }) => repeat(context.lines) }) },
      },
    },
  },
});

/** How many of a section's fields are filled, for the sidebar. */
export function sectionCount(progress: FormProgress, section: ChatSection): { filled: number; total: number } {
  const values = progress[SECTION_KEY[section]];
  const fields = CHAT_SECTIONS[section];
  return { filled: fields.filter((f) => (values[f] ?? '').trim()).length, total: fields.length };
}
