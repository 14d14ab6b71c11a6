import { and, assign, emit, enqueueActions, fromPromise, or, sendTo, setup, stateIn } from 'xstate';
import { birthDateSaved } from './domain/groupHandOff';
import { startWizardWith, storeWizard } from './domain/keptForms';
import { failureToast, navigate, toast, type WorldEffect } from './effects';
import type { PriceDto } from '../openapi/schemas/orders';
import { visibleQuestions, type Catalog } from './domain/questions';
import type { PersistedProgress } from './domain/wizardProgress';
export type { PersistedProgress } from './domain/wizardProgress';
import { normalizeAnswer, validateAnswer, type ValidationError } from './domain/validators';
import { carryOver, ESTA_TO_DS160 } from './domain/catalogs/carry';
import { leadSyncMachine, type LeadCapture, type LeadGroups, type LeadSave, type LeadSyncInput, type LeadSyncReport } from './leadSync.machine';
import {
  changedAnswers,
  FieldRefusal,
  firstUnanswered,
  hasReview,
  nextSubmits,
  progressOf,
  submittedAnswers,
  type Answers,
} from './domain/wizardProgress';

export { changedAnswers, FieldRefusal, nextSubmits, progressOf, reviewOf, sectionsOf, submittedAnswers } from './domain/wizardProgress';
export type { Answers, Progress, ReviewSection, SectionProgress } from './domain/wizardProgress';

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
  /** The price story the completion card shows: the server's, the same checkout charges. */
  price?: PriceDto;
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
  /** Answers the server already has (as the lead-sync child last said), kept with the progress. */
  synced: Answers;
  checkout: Checkout | null;
}

/** What a page sends. */
export type WizardEvent =
  | { type: 'ANSWER.CHANGE'; value: string }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  /** From the review: change one answer, then come back. */
  | { type: 'REVIEW.EDIT'; questionId: string }
  | { type: 'SUBMIT' }
  /** An ESTA applicant whose passport needs a visa continues on the DS-160 with the answers given. */
  | { type: 'FORM.SWITCH' };


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
  /** Submitted (then `to` is the checkout the server named), or switched to another form (`to` is that form). */
  kind: 'submitted' | 'switched';
  leadId: string | null;
  answers: Answers;
  to: string;
  amount: number | null;
  price: PriceDto | null;
}

/** Where an ESTA applicant whose passport needs a visa continues. */
export const SWITCH_TARGET = { catalogId: 'ds160', to: '/apply/wizard' } as const;

/**
 * How each wizard ends (spec 2-wizards §8, 1-core §2.3): the toast of a submit heard (if any) and of one refused, and
 * whether it follows the checkout the server named or shows its own completion card (the pre-assessment's).
 */
const ENDINGS: Record<string, { submitted?: string; failed: string; followsCheckout: boolean }> = {
  ds160: { submitted: 'wizard:toast.submitted.title', failed: 'wizard:toast.ds160Failed', followsCheckout: true },
  esta: { failed: 'wizard:toast.estaFailed', followsCheckout: true },
  preassessment: { failed: 'wizard:toast.formFailed', followsCheckout: false },
};
const endingOf = (catalog: Catalog) => ENDINGS[catalog.id] ?? { failed: 'wizard:toast.formFailed', followsCheckout: true };


function startingPoint(input: WizardInput): { currentId: string; answers: Answers } {
  const answers = input.answers ?? {};
  const visible = visibleQuestions(input.catalog, answers);
  const restored = visible.find((q) => q.id === input.currentId);
  return { answers, currentId: (restored ?? visible[0])?.id ?? '' };
}

const current = (context: WizardContext) => progressOf(context).question;

/** The answers with the draft stored under the question on screen, in its normal form (a phone without spaces). */
const storedAnswers = (context: WizardContext): Answers => ({
  ...context.answers,
  [context.currentId]: normalizeAnswer(current(context), context.draft),
});

const draftError = (context: WizardContext) =>
  validateAnswer(current(context), context.draft, { rules: context.catalog.rules, answers: context.answers, today: context.today });

/** Goes to the question the server refused, with the local rule's message when it agrees, else the server's words. */
function refusalUpdate(context: WizardContext, error: unknown): Partial<WizardContext> {
  const refusal = error as FieldRefusal;
  const question = context.catalog.questions.find((q) => q.id === refusal.field);
  const draft = context.answers[refusal.field] ?? '';
  const ctx = { rules: context.catalog.rules, answers: context.answers, today: context.today };
  const local = question ? validateAnswer(question, draft, ctx) : null;
  return { currentId: refusal.field, draft, error: local ?? { key: 'wizard:refused', params: { message: refusal.message } } };
}

function persisted(context: WizardContext): PersistedProgress {
  return { answers: context.answers, currentId: context.currentId, leadId: context.leadId, synced: context.synced };
}

/** The answers as the lead-sync child keeps them: one group, the questions the applicant can see. */
const GROUP = 'answers';
const asGroups = (answers: Answers): LeadGroups => ({ [GROUP]: answers });

/** What a capture sends (spec 2-wizards §4.3): the catalog's lead fields from the answers; null without them. */
function captureOf(context: WizardContext): LeadCapture | null {
  const fields = context.catalog.capture;
  if (!fields) return null;
  const answer = (id: string | undefined) => (id ? (context.answers[id] ?? '') : '');
  return {
    email: answer(fields.email),
    firstName: answer(fields.firstName),
    lastName: answer(fields.lastName),
    formType: context.catalog.formType,
    nationality: answer(fields.nationality),
  };
}

/** The child's save as the leads route takes it: flat answers, with the phone (spec 2-wizards §4.3) when it changed. */
export function updateInputOf(catalog: Catalog, { leadId, changes }: LeadSave): UpdateInput {
  const answers = (changes[GROUP] ?? {}) as Answers;
  const phoneId = catalog.capture?.phone ?? '';
  return { leadId, changes: answers, ...(answers[phoneId] ? { phone: answers[phoneId] } : {}) };
}

/** The lead-sync child's start: this wizard saves only when a step asks (no pause, no retries of its own). */
function leadSyncInput(context: WizardContext): LeadSyncInput {
  return {
    leadId: context.leadId,
    values: asGroups(submittedAnswers(context.catalog, context.answers)),
    synced: asGroups(context.synced),
    capture: captureOf(context),
  };
}

export const questionWizardMachine = setup({
  types: {
    input: {} as WizardInput,
    context: {} as WizardContext,
    events: {} as WizardEvent | LeadSyncReport,
    output: {} as WizardOutput,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** Creates or completes the lead and names the checkout (spec 2-wizards §4.2, §4.3; 1-core §4). */
    submitLead: fromPromise<SubmitOutput, SubmitInput>(async () => {
      throw new Error('submitLead is provided by the page');
    }),
    /** The lead kept in the background (its capture and update calls are provided by the page). */
    leadSync: leadSyncMachine,
  },
  actions: {
    clearProgress: emit(({ context }) => storeWizard(context.catalog.id, null)),
    /** The 'Application Started' toast, only for a lead that did not exist yet. */
    announceLeadStarted: emit(({ context }) => toast('wizard:toast.started.title', 'wizard:toast.started.description', { params: { form: context.catalog.formType } })),
    announceSubmitted: enqueueActions(({ context, enqueue }) => {
      const title = endingOf(context.catalog).submitted;
      if (title) enqueue.emit(toast(title));
    }),
    announceSubmitFailed: emit(({ context }) => failureToast('wizard:toast.error', endingOf(context.catalog).failed)),
    /** Lead capture and update failures are logged, never shown (spec 2-wizards §8). */
    logSyncFailure: emit((_, params: { error: unknown }) => ({ type: 'log' as const, message: 'Saving the application in the background failed', error: params.error })),
    /** Leaves the shared answers for the form the applicant switches to: it opens on its first question with them. */
    handOver: emit((_, params: { catalogId: string; answers: Answers }) => startWizardWith(params.catalogId, params.answers)),
    /** The answers the server now holds: an ESTA's group panel hears of a changed birth date (issue 45 item 10). */
    tellGroup: enqueueActions(({ context, enqueue }, params: { synced: Answers }) => {
      const effect = context.catalog.formType === 'ESTA' ? birthDateSaved('ESTA', context.synced, params.synced) : null;
      if (effect) enqueue.emit(effect);
    }),
    showError: assign({ error: ({ context }) => draftError(context) }),
    store: assign({ answers: ({ context }) => storedAnswers(context), error: null }),
    goToFirstUnanswered: assign(({ context }) => {
      const currentId = firstUnanswered(context) ?? context.currentId;
      return { currentId, draft: context.answers[currentId] ?? '' };
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
    /** Keeps answers, position and lead id in this browser, so a reload or a failed submit loses nothing. */
    persist: emit(({ context }) => storeWizard(context.catalog.id, persisted(context))),
    goTo: assign(({ context, event }) => {
      if (event.type !== 'REVIEW.EDIT') return {};
      return { currentId: event.questionId, draft: context.answers[event.questionId] ?? '', error: null };
    }),
    /** Runs on a stored answer, before moving on: asks the lead-sync child to capture or update the lead. */
    requestSync: enqueueActions(({ context, enqueue }) => {
      const fields = context.catalog.capture;
      if (!fields) return;
      const id = context.currentId;
      const sync = () => {
        enqueue.sendTo('leadSync', { type: 'CHANGE', values: asGroups(submittedAnswers(context.catalog, context.answers)), capture: captureOf(context) });
        enqueue.sendTo('leadSync', { type: 'SYNC' });
      };
      // Spec 2-wizards §4.3: the lead is made on the email step, or on the first-name step once an email exists.
      if (!context.leadId) {
        if (context.answers[fields.email] && (id === fields.email || id === fields.firstName)) sync();
        return;
      }
      // Updated on the phone and birth-date steps, and at the end of each section, with only what the server does not have.
      const visible = visibleQuestions(context.catalog, context.answers);
      const here = visible.findIndex((q) => q.id === id);
      const next = visible[here + 1];
      const sectionEnds = next !== undefined && next.section !== visible[here]?.section;
      const changed = Object.keys(changedAnswers(context.catalog, context.answers, context.synced)).length > 0;
      if (changed && (id === fields.phone || id === fields.birthDate || sectionEnds)) sync();
    }),
  },
  guards: {
    isDraftInvalid: ({ context }) => draftError(context) !== null,
    isLastQuestion: ({ context }) => nextSubmits(context),
    hasPrevious: ({ context }) => !progressOf(context).isFirst,
    isNewLead: (_, params: { existing: boolean }) => !params.existing,
    hasReview: ({ context }) => hasReview(context.catalog),
    /** Review asks for a question the applicant can see. */
    isVisibleQuestion: ({ context, event }) =>
      event.type === 'REVIEW.EDIT' && visibleQuestions(context.catalog, context.answers).some((q) => q.id === event.questionId),
    /** An edit from the review revealed a required question (a Yes that asks for details): it is asked next. */
    leavesUnanswered: ({ context }) => firstUnanswered({ ...context, answers: storedAnswers(context) }) !== undefined,
    /** The passport the applicant gave cannot use an ESTA (the validator said so): the DS-160 is the way on. */
    canSwitchForm: ({ context }) => context.catalog.id === 'esta' && context.error?.key === 'validation.esta.notWaiver',
    // Runs on the submit's error event, which is not among the page's events; hence the narrowing.
    isFieldRefusal: ({ event }) => (event as { error?: unknown }).error instanceof FieldRefusal,
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
      checkout: null,
    };
  },
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: { id: 'leadSync', src: 'leadSync', input: ({ context }) => leadSyncInput(context) },
      states: {
        flow: {
          initial: 'answering',
          states: {
            answering: {
              tags: ['question'],
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
                  // The DS-160 ends on a review of every answer; the others submit from the last question.
                  { guard: and(['isLastQuestion', 'hasReview']), target: 'reviewing', actions: ['store', 'persist'] },
                  { guard: 'isLastQuestion', target: 'submitting', actions: ['store', 'persist'] },
                  { actions: ['store', 'requestSync', 'advance', 'persist'] },
                ],
                PREVIOUS: { guard: 'hasPrevious', target: '.editing', actions: ['goBack', 'persist'] },
                'FORM.SWITCH': {
                  guard: 'canSwitchForm',
                  target: '#questionWizard.switched',
                  actions: {
                    type: 'handOver',
                    params: ({ context }) => ({ catalogId: SWITCH_TARGET.catalogId, answers: carryOver(storedAnswers(context), ESTA_TO_DS160) }),
                  },
                },
              },
            },
            reviewing: {
              tags: ['review'],
              initial: 'idle',
              states: {
                idle: {},
                submitFailed: { tags: ['submitFailed'] },
              },
              on: {
                'REVIEW.EDIT': {
                  guard: 'isVisibleQuestion',
                  target: 'revising',
                  actions: 'goTo',
                },
                SUBMIT: 'submitting',
                PREVIOUS: 'answering',
              },
            },
            // One answer changed from the review: Next returns to the review (or asks what the change revealed).
            revising: {
              tags: ['question'],
              on: {
                'ANSWER.CHANGE': { actions: assign({ draft: ({ event }) => event.value, error: null }) },
                NEXT: [
                  { guard: 'isDraftInvalid', actions: 'showError' },
                  { guard: 'leavesUnanswered', actions: ['store', 'goToFirstUnanswered', 'persist'] },
                  { target: 'reviewing', actions: ['store', 'persist'] },
                ],
                // Back to the review without keeping the change.
                PREVIOUS: { target: 'reviewing', actions: assign({ draft: '', error: null }) },
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
                    onError: [
                      // The server refused one answer: the applicant goes to that question, with the message there.
                      {
                        guard: and(['isFieldRefusal', 'hasReview']),
                        target: '#questionWizard.active.flow.revising',
                        actions: [assign(({ context, event }) => refusalUpdate(context, event.error)), 'announceSubmitFailed'],
                      },
                      {
                        guard: 'isFieldRefusal',
                        target: '#questionWizard.active.flow.answering',
                        actions: [assign(({ context, event }) => refusalUpdate(context, event.error)), 'announceSubmitFailed'],
                      },
                      { guard: 'hasReview', target: '#questionWizard.active.flow.reviewing.submitFailed', actions: 'announceSubmitFailed' },
                      { target: '#questionWizard.active.flow.answering.submitFailed', actions: 'announceSubmitFailed' },
                    ],
                  },
                },
              },
            },
          },
        },
        // What the lead-sync child says it is doing: the submit waits while it captures or updates.
        sync: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'LEAD.CAPTURING': 'capturing', 'LEAD.SAVING': 'updating' },
            },
            capturing: {
              tags: ['saving'],
              on: {
                'LEAD.CAPTURED': [
                  {
                    guard: { type: 'isNewLead', params: ({ event }) => ({ existing: event.existing }) },
                    target: 'idle',
                    actions: [assign({ leadId: ({ event }) => event.leadId }), 'announceLeadStarted', 'persist'],
                  },
                  { target: 'idle', actions: [assign({ leadId: ({ event }) => event.leadId }), 'persist'] },
                ],
                'LEAD.FAILED': { target: 'failed', actions: { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            updating: {
              tags: ['saving'],
              on: {
                'LEAD.SAVED': {
                  target: 'idle',
                  actions: [
                    { type: 'tellGroup', params: ({ event }) => ({ synced: (event.synced[GROUP] ?? {}) as Answers }) },
                    assign({ synced: ({ event }) => (event.synced[GROUP] ?? {}) as Answers }),
                    'persist',
                  ],
                },
                'LEAD.FAILED': { target: 'failed', actions: { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            // Not saved; what changed goes with the next capture, update or the submit.
            failed: {
              on: { 'LEAD.CAPTURING': 'capturing', 'LEAD.SAVING': 'updating' },
            },
          },
        },
      },
    },
    // The ESTA and the DS-160 go on to the checkout the server named; the pre-assessment shows its completion card.
    submitted: {
      type: 'final',
      tags: ['busy'],
      entry: enqueueActions(({ context, enqueue }) => {
        if (endingOf(context.catalog).followsCheckout) enqueue.emit(navigate(context.checkout?.url ?? '/checkout'));
      }),
      output: ({ context }) => ({
        kind: 'submitted',
        leadId: context.leadId,
        answers: submittedAnswers(context.catalog, context.answers),
        to: context.checkout?.url ?? '/checkout',
        amount: context.checkout?.amount ?? null,
        price: context.checkout?.price ?? null,
      }),
    },
    switched: {
      type: 'final',
      tags: ['busy'],
      entry: emit(navigate(SWITCH_TARGET.to)),
      output: ({ context }) => ({ kind: 'switched', leadId: context.leadId, answers: storedAnswers(context), to: SWITCH_TARGET.to, amount: null, price: null }),
    },
  },
  // Each final state says how the wizard ended; the machine's output passes it on.
  output: ({ event }) => event.output as WizardOutput,
});
