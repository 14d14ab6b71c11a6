import { assign, enqueueActions, fromPromise, setup, spawnChild } from 'xstate';
import { visibleQuestions, type Catalog, type Question } from './domain/questions';
import { validateAnswer, type ValidationError } from './domain/validators';

// One machine for every question-by-question wizard (/apply/wizard, /apply/esta-wizard, /wizard),
// parameterised by its catalog (spec 2-wizards §4.1, 1-core §4).

export type Answers = Record<string, string>;

export interface WizardInput {
  catalog: Catalog;
  /** YYYY-MM-DD in the applicant's calendar; date rules compare against it. */
  today: string;
  /** Progress kept from an earlier visit (local storage), so a reload loses nothing. */
  answers?: Answers;
  currentId?: string | null;
  leadId?: string | null;
  synced?: Answers;
}

export interface WizardContext {
  catalog: Catalog;
  today: string;
  answers: Answers;
  /** The question on screen; always one the applicant can see. */
  currentId: string;
  /** What the input holds now, not yet stored. */
  draft: string;
  error: ValidationError | null;
  leadId: string | null;
  /** Answers the server already has, so updates send only what changed. */
  synced: Answers;
  capturing: boolean;
  /** What the update in flight sends; it joins `synced` only once the server confirms it. */
  pending: Answers | null;
  submitFailed: boolean;
}

export type WizardEvent =
  | { type: 'ANSWER.CHANGE'; value: string }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  // From the spawned lead capture and update actors.
  | { type: 'xstate.done.actor.captureLead'; output: { leadId: string; existing: boolean } }
  | { type: 'xstate.error.actor.captureLead'; error: unknown }
  | { type: 'xstate.done.actor.updateLead'; output: unknown }
  | { type: 'xstate.error.actor.updateLead'; error: unknown };

export interface SubmitInput {
  catalog: Catalog;
  answers: Answers;
  /** Only what changed since the server last heard, for an update of an existing lead. */
  changes: Answers;
  leadId: string | null;
}

export interface CaptureInput {
  email: string;
  firstName: string;
  lastName: string;
  formType: Catalog['formType'];
  nationality: string;
}

export interface UpdateInput {
  leadId: string;
  changes: Answers;
  phone?: string;
}

export interface Progress {
  /** Zero-based position among the questions the applicant will see. */
  index: number;
  total: number;
  question: Question;
  isFirst: boolean;
  isLast: boolean;
}

export interface PersistedProgress {
  answers: Answers;
  currentId: string;
  leadId: string | null;
  synced: Answers;
}

export function progressOf(context: Pick<WizardContext, 'catalog' | 'answers' | 'currentId'>): Progress {
  const visible = visibleQuestions(context.catalog, context.answers);
  const found = visible.findIndex((q) => q.id === context.currentId);
  const index = Math.max(found, 0);
  return {
    index,
    total: visible.length,
    question: visible[index] as Question,
    isFirst: index === 0,
    isLast: index === visible.length - 1,
  };
}

/**
 * Whether NEXT now submits: judged with the draft as if stored, since the answer on screen can reveal or hide
 * a conditional question that would come after it.
 */
export function nextSubmits(context: Pick<WizardContext, 'catalog' | 'answers' | 'currentId' | 'draft'>): boolean {
  return progressOf({ ...context, answers: { ...context.answers, [context.currentId]: context.draft.trim() } }).isLast;
}

/** The answers of the questions the applicant can see: stale answers of hidden ones are not sent. */
export function submittedAnswers(catalog: Catalog, answers: Answers): Answers {
  return Object.fromEntries(
    visibleQuestions(catalog, answers)
      .filter((q) => (answers[q.id] ?? '').trim() !== '')
      .map((q) => [q.id, (answers[q.id] as string).trim()]),
  );
}

export function changedAnswers(catalog: Catalog, answers: Answers, synced: Answers): Answers {
  return Object.fromEntries(Object.entries(submittedAnswers(catalog, answers)).filter(([id, v]) => synced[id] !== v));
}

function startingPoint(input: WizardInput): { currentId: string; answers: Answers } {
  const answers = input.answers ?? {};
  const visible = visibleQuestions(input.catalog, answers);
  const restored = visible.find((q) => q.id === input.currentId);
  return { answers, currentId: (restored ?? visible[0])?.id ?? '' };
}

const current = (context: WizardContext) => progressOf(context).question;

export const questionWizardMachine = setup({
  types: {
    input: {} as WizardInput,
    context: {} as WizardContext,
    events: {} as WizardEvent,
    output: {} as { leadId: string | null; answers: Answers },
  },
  actors: {
    /** Creates or completes the lead; provided by each page (spec 2-wizards §4.2, §4.3; 1-core §4). */
    submitLead: fromPromise<{ leadId: string }, SubmitInput>(async () => {
      throw new Error('submitLead is provided by the page');
    }),
    /** POST /api/leads/immediate. */
    captureLead: fromPromise<{ leadId: string; existing: boolean }, CaptureInput>(async () => {
      throw new Error('captureLead is provided by the page');
    }),
    /** PATCH /api/leads/{leadId}/update. */
    updateLead: fromPromise<unknown, UpdateInput>(async () => {
      throw new Error('updateLead is provided by the page');
    }),
  },
  actions: {
    /** Keeps answers, position and lead id (local storage); provided by the page. */
    persistProgress: (_: unknown, _params: PersistedProgress) => {},
    clearProgress: () => {},
    /** The 'Application Started' toast, only for a lead that did not exist yet. */
    announceLeadStarted: () => {},
    announceSubmitted: () => {},
    announceSubmitFailed: () => {},
    /** Lead capture and update failures are logged, never shown (spec 2-wizards §8). */
    logSyncFailure: (_: unknown, _params: { error: unknown }) => {},
    store: assign({
      answers: ({ context }) => ({ ...context.answers, [context.currentId]: context.draft.trim() }),
      error: null,
    }),
    advance: assign(({ context }) => {
      const visible = visibleQuestions(context.catalog, context.answers);
      const next = visible[visible.findIndex((q) => q.id === context.currentId) + 1] ?? visible[visible.length - 1];
      const currentId = next?.id ?? context.currentId;
      return { currentId, draft: context.answers[currentId] ?? '' };
    }),
    goBack: assign(({ context }) => {
      const visible = visibleQuestions(context.catalog, context.answers);
      const previous = visible[Math.max(visible.findIndex((q) => q.id === context.currentId) - 1, 0)];
      const currentId = previous?.id ?? context.currentId;
      return { currentId, draft: context.answers[currentId] ?? '', error: null };
    }),
    persist: enqueueActions(({ context, enqueue }) => enqueue({ type: 'persistProgress', params: persisted(context) })),
    syncLead: enqueueActions(({ context, enqueue }) => {
      const fields = context.catalog.capture;
      if (!fields) return;
      const id = context.currentId;
      const email = context.answers[fields.email] ?? '';
      // Spec 2-wizards §4.3: the lead is made on the email step, or on the first-name step once an email exists.
      if (!context.leadId && !context.capturing && email && (id === fields.email || id === fields.firstName)) {
        enqueue.assign({ capturing: true });
        enqueue(
          spawnChild('captureLead', {
            id: 'captureLead',
            input: {
              email,
              firstName: context.answers[fields.firstName] ?? '',
              lastName: context.answers[fields.lastName] ?? '',
              formType: context.catalog.formType,
              nationality: context.answers[fields.nationality] ?? '',
            },
          }),
        );
        return;
      }
      // Updated on the phone step, and at the end of each section, once the lead exists.
      const progress = progressOf(context);
      const next = visibleQuestions(context.catalog, context.answers)[progress.index + 1];
      const sectionEnds = next !== undefined && next.section !== progress.question.section;
      // One update at a time; what changes meanwhile goes with the next one.
      if (context.leadId && !context.pending && (id === fields.phone || sectionEnds)) {
        const changes = changedAnswers(context.catalog, context.answers, context.synced);
        if (Object.keys(changes).length === 0) return;
        enqueue.assign({ pending: changes });
        enqueue(
          spawnChild('updateLead', {
            id: `updateLead`,
            input: { leadId: context.leadId, changes, ...(changes[fields.phone] ? { phone: changes[fields.phone] } : {}) },
          }),
        );
      }
    }),
  },
  guards: {
    isDraftInvalid: ({ context }) =>
      validateAnswer(current(context), context.draft, { rules: context.catalog.rules, answers: context.answers, today: context.today }) !== null,
    isLastQuestion: ({ context }) => nextSubmits(context),
    hasPrevious: ({ context }) => !progressOf(context).isFirst,
    isNewLead: ({ event }) => event.type === 'xstate.done.actor.captureLead' && !event.output.existing,
  },
}).createMachine({
  id: 'questionWizard',
  context: ({ input }) => {
    const { answers, currentId } = startingPoint(input);
    return {
      catalog: input.catalog,
      today: input.today,
      answers,
      currentId,
      draft: answers[currentId] ?? '',
      error: null,
      leadId: input.leadId ?? null,
      synced: input.synced ?? {},
      capturing: false,
      pending: null,
      submitFailed: false,
    };
  },
  initial: 'answering',
  // Lead capture and updates run beside the questions and never hold the applicant up.
  on: {
    'xstate.done.actor.captureLead': [
      {
        guard: 'isNewLead',
        actions: [
          assign({ leadId: ({ event }) => event.output.leadId, capturing: false }),
          'announceLeadStarted',
          'persist',
        ],
      },
      { actions: [assign({ leadId: ({ event }) => event.output.leadId, capturing: false }), 'persist'] },
    ],
    'xstate.error.actor.captureLead': {
      actions: [assign({ capturing: false }), { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) }],
    },
    'xstate.done.actor.updateLead': {
      actions: [assign({ synced: ({ context }) => ({ ...context.synced, ...context.pending }), pending: null }), 'persist'],
    },
    'xstate.error.actor.updateLead': {
      actions: [assign({ pending: null }), { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) }],
    },
  },
  states: {
    answering: {
      on: {
        'ANSWER.CHANGE': {
          actions: assign({ draft: ({ event }) => event.value, error: null, submitFailed: false }),
        },
        NEXT: [
          {
            guard: 'isDraftInvalid',
            actions: assign({
              error: ({ context }) =>
                validateAnswer(current(context), context.draft, {
                  rules: context.catalog.rules,
                  answers: context.answers,
                  today: context.today,
                }),
            }),
          },
          { guard: 'isLastQuestion', target: 'submitting', actions: ['store', 'persist'] },
          { actions: ['store', 'syncLead', 'advance', 'persist'] },
        ],
        PREVIOUS: { guard: 'hasPrevious', actions: ['goBack', 'persist'] },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitLead',
        src: 'submitLead',
        input: ({ context }) => ({
          catalog: context.catalog,
          answers: submittedAnswers(context.catalog, context.answers),
          changes: changedAnswers(context.catalog, context.answers, context.synced),
          leadId: context.leadId,
        }),
        onDone: {
          target: 'submitted',
          actions: [assign({ leadId: ({ event }) => event.output.leadId }), 'clearProgress', 'announceSubmitted'],
        },
        // Stays on the last question with every answer kept, so the applicant can try again.
        onError: { target: 'answering', actions: [assign({ submitFailed: true }), 'announceSubmitFailed'] },
      },
    },
    submitted: { type: 'final' },
  },
  output: ({ context }) => ({ leadId: context.leadId, answers: submittedAnswers(context.catalog, context.answers) }),
});

function persisted(context: WizardContext): PersistedProgress {
  return { answers: context.answers, currentId: context.currentId, leadId: context.leadId, synced: context.synced };
}
