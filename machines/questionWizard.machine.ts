import { assign, enqueueActions, fromPromise, or, setup, stateIn } from 'xstate';
import { visibleQuestions, type Catalog } from './domain/questions';
import { validateAnswer, type ValidationError } from './domain/validators';
import { changedAnswers, nextSubmits, progressOf, submittedAnswers, type Answers } from './domain/wizardProgress';

export { changedAnswers, nextSubmits, progressOf, sectionsOf, submittedAnswers } from './domain/wizardProgress';
export type { Answers, Progress, SectionProgress } from './domain/wizardProgress';

// One machine for every question-by-question wizard (/apply/wizard, /apply/esta-wizard, /wizard),
// parameterised by its catalog (spec 2-wizards §4.1-§4.3, 1-core §4). Two regions run side by side: `flow`
// (the questions, then the submit) and `sync` (the lead saved in the background while the applicant goes on).

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

/** Where the finished form goes to pay, and the amount the server computed from its pricing. */
export interface Checkout {
  url: string;
  amount: number;
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
  /** What the update in flight sends; it joins `synced` only once the server confirms it. */
  pending: Answers | null;
  checkout: Checkout | null;
}

/** What a page sends. */
export type WizardEvent = { type: 'ANSWER.CHANGE'; value: string } | { type: 'NEXT' } | { type: 'PREVIOUS' };

/** Raised by the machine itself when a step calls for saving the lead; pages never send these. */
type SyncRequest = { type: 'SYNC.CAPTURE' } | { type: 'SYNC.UPDATE' };

export interface SubmitInput {
  catalog: Catalog;
  answers: Answers;
  /** Only what changed since the server last heard, for an update of an existing lead. */
  changes: Answers;
  leadId: string | null;
}

export interface SubmitOutput {
  leadId: string;
  checkout: Checkout;
}

export interface CaptureInput {
  email: string;
  firstName: string;
  lastName: string;
  formType: Catalog['formType'];
  nationality: string;
}

export interface CaptureOutput {
  leadId: string;
  existing: boolean;
}

export interface UpdateInput {
  leadId: string;
  changes: Answers;
  phone?: string;
}

export interface WizardOutput {
  leadId: string | null;
  answers: Answers;
  /** The checkout the server named for this lead. */
  to: string | null;
  amount: number | null;
}

export interface PersistedProgress {
  answers: Answers;
  currentId: string;
  leadId: string | null;
  synced: Answers;
}

function startingPoint(input: WizardInput): { currentId: string; answers: Answers } {
  const answers = input.answers ?? {};
  const visible = visibleQuestions(input.catalog, answers);
  const restored = visible.find((q) => q.id === input.currentId);
  return { answers, currentId: (restored ?? visible[0])?.id ?? '' };
}

const current = (context: WizardContext) => progressOf(context).question;

const draftError = (context: WizardContext) =>
  validateAnswer(current(context), context.draft, { rules: context.catalog.rules, answers: context.answers, today: context.today });

function persisted(context: WizardContext): PersistedProgress {
  return { answers: context.answers, currentId: context.currentId, leadId: context.leadId, synced: context.synced };
}

/** The answers that change the stored lead, with the phone (spec 2-wizards §4.3) when it is among them. */
function updateInput(context: WizardContext): UpdateInput {
  const changes = context.pending ?? {};
  const phoneId = context.catalog.capture?.phone ?? '';
  return { leadId: context.leadId as string, changes, ...(changes[phoneId] ? { phone: changes[phoneId] } : {}) };
}

export const questionWizardMachine = setup({
  types: {
    input: {} as WizardInput,
    context: {} as WizardContext,
    events: {} as WizardEvent | SyncRequest,
    output: {} as WizardOutput,
  },
  actors: {
    /** Creates or completes the lead and names the checkout (spec 2-wizards §4.2, §4.3; 1-core §4). */
    submitLead: fromPromise<SubmitOutput, SubmitInput>(async () => {
      throw new Error('submitLead is provided by the page');
    }),
    /** POST /api/leads/immediate. */
    captureLead: fromPromise<CaptureOutput, CaptureInput>(async () => {
      throw new Error('captureLead is provided by the page');
    }),
    /** PATCH /api/leads/{leadId}/update. */
    updateLead: fromPromise<void, UpdateInput>(async () => {
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
    showError: assign({ error: ({ context }) => draftError(context) }),
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
    /** Runs on a stored answer, before moving on: asks the sync region to capture or update the lead. */
    requestSync: enqueueActions(({ context, enqueue }) => {
      const fields = context.catalog.capture;
      if (!fields) return;
      const id = context.currentId;
      // Spec 2-wizards §4.3: the lead is made on the email step, or on the first-name step once an email exists.
      if (!context.leadId) {
        if (context.answers[fields.email] && (id === fields.email || id === fields.firstName)) enqueue.raise({ type: 'SYNC.CAPTURE' });
        return;
      }
      // Updated on the phone step, and at the end of each section, with only what the server does not have.
      const visible = visibleQuestions(context.catalog, context.answers);
      const here = visible.findIndex((q) => q.id === id);
      const next = visible[here + 1];
      const sectionEnds = next !== undefined && next.section !== visible[here]?.section;
      const changed = Object.keys(changedAnswers(context.catalog, context.answers, context.synced)).length > 0;
      if (changed && (id === fields.phone || sectionEnds)) enqueue.raise({ type: 'SYNC.UPDATE' });
    }),
    holdChanges: assign({ pending: ({ context }) => changedAnswers(context.catalog, context.answers, context.synced) }),
    markSynced: assign({ synced: ({ context }) => ({ ...context.synced, ...context.pending }), pending: null }),
    dropChanges: assign({ pending: null }),
  },
  guards: {
    isDraftInvalid: ({ context }) => draftError(context) !== null,
    isLastQuestion: ({ context }) => nextSubmits(context),
    hasPrevious: ({ context }) => !progressOf(context).isFirst,
    isNewLead: (_, params: { existing: boolean }) => !params.existing,
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
      pending: null,
      checkout: null,
    };
  },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'answering',
          states: {
            answering: {
              initial: 'editing',
              states: {
                editing: {},
                // The last submit failed: every answer is kept and the applicant can try again.
                submitFailed: { tags: ['submitFailed'] },
              },
              on: {
                'ANSWER.CHANGE': {
                  target: '.editing',
                  actions: assign({ draft: ({ event }) => event.value, error: null }),
                },
                NEXT: [
                  { guard: 'isDraftInvalid', actions: 'showError' },
                  { guard: 'isLastQuestion', target: 'submitting', actions: ['store', 'persist'] },
                  { actions: ['store', 'requestSync', 'advance', 'persist'] },
                ],
                PREVIOUS: { guard: 'hasPrevious', target: '.editing', actions: ['goBack', 'persist'] },
              },
            },
            submitting: {
              tags: ['busy'],
              initial: 'waitingForSync',
              states: {
                // A capture or update still running would race the submit (and a capture would make a second lead).
                waitingForSync: {
                  always: {
                    guard: or([stateIn('#questionWizard.active.sync.idle'), stateIn('#questionWizard.active.sync.failed')]),
                    target: 'sending',
                  },
                },
                sending: {
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
                      target: '#questionWizard.submitted',
                      actions: [
                        assign({ leadId: ({ event }) => event.output.leadId, checkout: ({ event }) => event.output.checkout }),
                        'clearProgress',
                        'announceSubmitted',
                      ],
                    },
                    onError: { target: '#questionWizard.active.flow.answering.submitFailed', actions: 'announceSubmitFailed' },
                  },
                },
              },
            },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'SYNC.CAPTURE': 'capturing', 'SYNC.UPDATE': 'updating' },
            },
            capturing: {
              tags: ['saving'],
              invoke: {
                id: 'captureLead',
                src: 'captureLead',
                input: ({ context }) => {
                  const fields = context.catalog.capture;
                  const answer = (id: string | undefined) => (id ? (context.answers[id] ?? '') : '');
                  return {
                    email: answer(fields?.email),
                    firstName: answer(fields?.firstName),
                    lastName: answer(fields?.lastName),
                    formType: context.catalog.formType,
                    nationality: answer(fields?.nationality),
                  };
                },
                onDone: [
                  {
                    guard: { type: 'isNewLead', params: ({ event }) => ({ existing: event.output.existing }) },
                    target: 'idle',
                    actions: [assign({ leadId: ({ event }) => event.output.leadId }), 'announceLeadStarted', 'persist'],
                  },
                  { target: 'idle', actions: [assign({ leadId: ({ event }) => event.output.leadId }), 'persist'] },
                ],
                onError: { target: 'failed', actions: { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            updating: {
              tags: ['saving'],
              entry: 'holdChanges',
              invoke: {
                id: 'updateLead',
                src: 'updateLead',
                input: ({ context }) => updateInput(context),
                onDone: { target: 'idle', actions: ['markSynced', 'persist'] },
                onError: {
                  target: 'failed',
                  actions: ['dropChanges', { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            // Not saved; what changed goes with the next capture, update or the submit.
            failed: {
              on: { 'SYNC.CAPTURE': 'capturing', 'SYNC.UPDATE': 'updating' },
            },
          },
        },
      },
    },
    submitted: { type: 'final' },
  },
  output: ({ context }) => ({
    leadId: context.leadId,
    answers: submittedAnswers(context.catalog, context.answers),
    to: context.checkout?.url ?? null,
    amount: context.checkout?.amount ?? null,
  }),
});
