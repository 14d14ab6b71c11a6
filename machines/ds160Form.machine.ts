import { and, assign, emit, enqueueActions, fromPromise, not, sendTo, setup, stateIn } from 'xstate';
import { birthDateSaved } from './domain/groupHandOff';
import { startWizardWith, storeForm } from './domain/keptForms';
import { ROUTES } from './domain/routes';
import { failureToast, navigate, toast, type WorldEffect } from './effects';
import type { PriceDto } from '../openapi/schemas/orders';
import { DS160_FORM_SECTIONS, type Ds160FormSection } from './domain/ds160Form';
import { ds160PlanOf, type Ds160Plan, isWaiverNationality, normalizeSection, sameAnswers, sharedWithEsta, validateSection } from './domain/ds160Sections';
import { isValidEmail, type ValidationError } from './domain/validators';
import { changedGroups, leadSyncMachine, retryDelay, type LeadDue, type LeadSyncInput, type LeadSyncReport } from './leadSync.machine';

export type { FormValues, PersistedForm, SectionValues } from './domain/ds160Form';
import type { FormValues, PersistedForm, SectionValues } from './domain/ds160Form';

export interface Ds160FormInput extends Partial<PersistedForm> {
  /** The applicant's calendar day, 'YYYY-MM-DD', for the date rules. */
  today: string;
}

export interface Ds160FormContext extends PersistedForm {
  today: string;
  errors: Record<string, ValidationError>;
  waiver: 'hidden' | 'shown' | 'dismissed';
  checkout: { url: string; amount: number } | null;
  /** The server's quote for the completion card: the chosen plan's price for this application, and what it was for. */
  price: PriceOutput | null;
  /**
   * The application's service is paid (issue 45): the server keeps its answers (409 application_paid), so the form
   * opens read-only under the paid notice, whether it is in a group or not.
   */
  paid: boolean;
  /** The lead whose payment the form knows (asked of the server, or told by whoever handed it over); null: none yet. */
  paymentKnownFor: string | null;
}

export type Ds160FormEvent =
  | { type: 'FIELD.CHANGE'; field: string; value: unknown }
  | { type: 'ROW.ADD'; list: 'companions' | 'usVisits' }
  | { type: 'ROW.REMOVE'; list: 'companions' | 'usVisits'; index: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'GOTO'; section: Ds160FormSection }
  | { type: 'SUBMIT' }
  /** Beside the completion card, 'Start a new application': this browser's form is emptied for another applicant. */
  | { type: 'RESET' }
  | { type: 'WAIVER.SWITCH' }
  | { type: 'WAIVER.DISMISS' }
  | { type: 'RETRY' }
  /** The completion card's price could not be loaded: ask again. */
  | { type: 'PRICE.RETRY' }
  /**
   * An application saved on another browser, brought back with its resume code, or a group's traveller: it replaces
   * what is here. `paid` when the one handing it over knows (the traveller's handover read it); else it is asked.
   */
  | { type: 'RESTORE'; leadId: string; values: Record<string, unknown>; from?: 'code' | 'traveller'; paid?: boolean };

export type Ds160FormOutput = { kind: 'submitted'; to: string } | { kind: 'switched'; to: string; answers: Record<string, string> };

export interface CaptureInput {
  email: string;
  firstName: string;
  lastName: string;
  formType: 'DS-160';
  nationality: string;
}
export interface SaveInput {
  leadId: string;
  changes: FormValues;
}
export interface SubmitInput {
  leadId: string | null;
  values: FormValues;
  changes: FormValues;
  /** The plan the form chose (`chosenPlan`): the one home of "Basic when none". */
  plan: Ds160Plan;
}
export interface SubmitOutput {
  leadId: string;
  checkout: { url: string; amount: number };
}
export interface PriceInput {
  plan: Ds160Plan;
  leadId: string | null;
}
/** Whether a lead's service is paid, with the lead it is about (the form may hold another by the time it answers). */
export interface PaymentOutput {
  leadId: string;
  paid: boolean;
}
/** The price, with the plan and application it was asked for (the form may have changed since). */
export interface PriceOutput extends PriceInput {
  price: PriceDto;
}

const LAST = DS160_FORM_SECTIONS.length - 1;

/** The plan the form chose (domain/ds160Sections: Basic when none): what the submit asks for and the completion card prices. */
export const chosenPlan = (context: Pick<Ds160FormContext, 'values'>) => ds160PlanOf(context.values['personal-info']?.selectedPlan);

/** The form's id on the page: a refused Next moves focus to its first field with an error. */
export const DS160_FORM_ID = 'ds160-form';

/**
 * The completion card's price: the server's quote for the chosen plan and this application, once it has answered
 * for them (spec 2-wizards §2.4 with docs/DECISIONS.md's one price story). Null while it is being asked.
 */
export function completionPrice(context: Pick<Ds160FormContext, 'price' | 'values' | 'leadId'>): PriceDto | null {
  const { price } = context;
  return price && price.plan === chosenPlan(context) && price.leadId === context.leadId ? price.price : null;
}

export const sectionAt = (context: Pick<Ds160FormContext, 'current'>): Ds160FormSection => DS160_FORM_SECTIONS[context.current] as Ds160FormSection;
const valuesOf = (context: Pick<Ds160FormContext, 'values'>, section: Ds160FormSection): SectionValues => context.values[section] ?? {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The fields that differ from what the server has, by section of this form; a list is sent whole. */
export function changedValues(values: FormValues, synced: FormValues): FormValues {
  return changedGroups(inFormOrder(values), synced) as FormValues;
}

/** This form's sections in the form's order (what a save sends comes in that order). */
const inFormOrder = (values: FormValues): FormValues =>
  Object.fromEntries(DS160_FORM_SECTIONS.filter((s) => values[s]).map((s) => [s, values[s] as SectionValues]));

/**
 * What the lead-sync child sends at once rather than when typing pauses: the capture once the section with the
 * e-mail is done, and a completed section's changes.
 */
const dueOf = (context: Pick<Ds160FormContext, 'completed'>): LeadDue => ({ capture: context.completed.includes('address-phone'), groups: context.completed });

/** How long typing pauses before the answers are saved. */
const AUTOSAVE_MS = 1500;

const changeFor = (context: Ds160FormContext, typing: boolean) =>
  ({ type: 'CHANGE', values: inFormOrder(context.values), capture: captureInput(context), due: dueOf(context), typing }) as const;

function leadSyncInput(context: Ds160FormContext): LeadSyncInput {
  return { leadId: context.leadId, values: inFormOrder(context.values), synced: context.synced, capture: captureInput(context), due: dueOf(context), autosaveMs: AUTOSAVE_MS };
}

/** Spec 2-wizards §4.4: a lead exists once the first name (personal-info) and the e-mail (address-phone) do. */
export function captureInput(context: Pick<Ds160FormContext, 'values'>): CaptureInput | null {
  const personal = valuesOf(context, 'personal-info');
  const email = text(valuesOf(context, 'address-phone').emailAddress) || text(personal.email);
  const firstName = text(personal.firstName);
  // Not while the e-mail is still being typed: only a whole address makes a lead.
  if (!isValidEmail(email) || !firstName) return null;
  return { email, firstName, lastName: text(personal.lastName), formType: 'DS-160', nationality: text(personal.nationality) };
}

/** Each section's errors as the validator library judges it, with every section's answers for cross-checks. */
function errorsOf(context: Ds160FormContext, section: Ds160FormSection) {
  return validateSection(section, valuesOf(context, section), { today: context.today, all: context.values });
}

/** Only the sections this form knows, each an object: what a restored lead's answers may hold. */
function restoredValues(formData: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    DS160_FORM_SECTIONS.filter((s) => formData[s] && typeof formData[s] === 'object' && !Array.isArray(formData[s])).map((s) => [s, formData[s] as SectionValues]),
  );
}

/** The sections that hold answers passing every rule: where a restored application stands. */
export function completedSections(values: FormValues, today: string): Ds160FormSection[] {
  return DS160_FORM_SECTIONS.filter(
    (section) => values[section] !== undefined && Object.keys(validateSection(section, values[section] ?? {}, { today, all: values })).length === 0,
  );
}

export const completedCount = (context: Pick<Ds160FormContext, 'completed'>) => context.completed.length;
export const allCompleted = (context: Pick<Ds160FormContext, 'completed'>) => DS160_FORM_SECTIONS.every((s) => context.completed.includes(s));

export { retryDelay };

/**
 * /ds160-wizard (spec 2-wizards §2.4, §4.4-§4.7): ten sections in order. `flow` moves between sections and
 * submits; `sync` keeps the lead: captured once the first name and e-mail exist, then saved with only what
 * changed, after each completed section and while the applicant types (debounced), retrying with backoff.
 */
export const ds160FormMachine = setup({
  types: {
    input: {} as Ds160FormInput,
    context: {} as Ds160FormContext,
    events: {} as Ds160FormEvent | LeadSyncReport,
    output: {} as Ds160FormOutput,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** The lead kept in the background (its capture and save calls are provided by the client). */
    leadSync: leadSyncMachine,
    /** The final submit: the lead completed with its plan, or a full lead; provided by the client. */
    submitForm: fromPromise<SubmitOutput, SubmitInput>(async () => {
      throw new Error('submitForm is provided by the caller');
    }),
    /** GET /api/checkout/quote for the plan and the lead: the completion card's price; provided by the client. */
    fetchPrice: fromPromise<PriceOutput, PriceInput>(async () => {
      throw new Error('fetchPrice is provided by the caller');
    }),
    /** GET /api/leads/{id}: whether the application's service is paid; provided by the client. */
    fetchPayment: fromPromise<PaymentOutput, { leadId: string }>(async () => {
      throw new Error('fetchPayment is provided by the caller');
    }),
  },
  actions: {
    /** Forgets this browser's form (a finished application leaves it for the next applicant). */
    clearForm: emit(storeForm(null)),
    /**
     * Another application (a resume code's, a traveller's) replaces this one, opened where it stops; the server has
     * every answer already, so nothing is saved again until something changes. Its payment: as the handover said, or
     * to be asked.
     */
    restoreApplication: assign(({ context, event }) => {
      if (event.type !== 'RESTORE') return {};
      const values = restoredValues(event.values);
      const completed = completedSections(values, context.today);
      const next = DS160_FORM_SECTIONS.findIndex((s) => !completed.includes(s));
      return { values, synced: values, leadId: event.leadId, completed, current: next === -1 ? LAST : next, errors: {}, waiver: 'hidden' as const, ...restoredPayment(event) };
    }),
    /** A new application for the next applicant: nothing answered, no lead, nothing paid. */
    emptyForm: assign({ values: {}, current: 0, completed: [], leadId: null, synced: {}, errors: {}, waiver: 'hidden' as const, paid: false, paymentKnownFor: null }),
    /** 'Application Started' or 'Welcome Back' (spec 2-wizards §8). */
    announceLeadStarted: emit(toast('ds160form:toasts.started.title', 'ds160form:toasts.started.description')),
    announceWelcomeBack: emit(toast('ds160form:toasts.welcomeBack.title', 'ds160form:toasts.welcomeBack.description')),
    /**
     * 'Application Restored' (issue 11, resume on any device): for answers brought back by a resume code, never for a
     * group's traveller opened from the panel, who may be new and has nothing "back" (issue 45 item 9).
     */
    announceRestored: enqueueActions(({ enqueue }, params: { from: 'code' | 'traveller' | undefined }) => {
      if (params.from !== 'traveller') enqueue.emit(toast('ds160form:toasts.resumed.title', 'ds160form:toasts.resumed.description'));
    }),
    /** 'Save Error' / 'Failed to save progress. Your data is still preserved locally.'; once per failure run, for 3 seconds. */
    announceSaveFailed: emit(toast('ds160form:toasts.saveError.title', 'ds160form:toasts.saveError.description', { variant: 'destructive', duration: 3000 })),
    announceSubmitted: emit(toast('ds160form:toasts.submitted.title')),
    announceSubmitFailed: emit(failureToast('ds160form:toasts.error', 'ds160form:toasts.submitFailed')),
    /** Moves focus to the first field with an error, once it is drawn. */
    focusError: emit({ type: 'focusError', form: DS160_FORM_ID }),
    /** The answers the server now holds: the group panel beside the form hears of a changed birth date (issue 45 item 10). */
    tellGroup: enqueueActions(({ context, enqueue }, params: { synced: FormValues }) => {
      const effect = birthDateSaved('DS-160', context.synced, params.synced);
      if (effect) enqueue.emit(effect);
    }),
    /** Keeps the form in this browser (soon: it changes at every keystroke), so a reload or another page loses nothing. */
    persist: emit(({ context }) => storeForm(persisted(context))),
    /** Tells the lead-sync child the answers as they are now; typing (tellTyping) starts its pause again. */
    tellSync: sendTo('leadSync', ({ context }) => changeFor(context, false)),
    tellTyping: sendTo('leadSync', ({ context }) => changeFor(context, true)),
    /** Another application replaces this one: the child forgets what it had in flight. */
    resetSync: sendTo('leadSync', ({ context }) => ({ type: 'RESET' as const, leadId: context.leadId, values: inFormOrder(context.values), synced: context.synced, capture: captureInput(context) })),
    /** Stores the section as the validator library normalizes it (passport upper-cased, mailing = home) and marks it done. */
    completeSection: assign(({ context }) => {
      const section = sectionAt(context);
      const normalized = normalizeSection(section, valuesOf(context, section));
      return {
        // Kept as they are when normalizing changes nothing: new objects would make the page redraw every field.
        values: sameAnswers(normalized, context.values[section]) ? context.values : { ...context.values, [section]: normalized },
        completed: context.completed.includes(section) ? context.completed : [...context.completed, section],
        errors: {},
      };
    }),
    /** Spec 2-wizards §4.6: a visa-waiver nationality is offered the ESTA instead, once. */
    offerWaiver: assign({
      waiver: ({ context }) => (context.waiver === 'hidden' && isWaiverNationality(text(valuesOf(context, 'personal-info').nationality)) ? 'shown' : context.waiver),
    }),
  },
  guards: {
    sectionValid: ({ context }) => Object.keys(errorsOf(context, sectionAt(context))).length === 0,
    onLastSection: ({ context }) => context.current === LAST,
    notOnFirstSection: ({ context }) => context.current > 0,
    isNewLead: (_, params: { existing: boolean }) => !params.existing,
    firstFailure: ({ event }) => event.type === 'LEAD.FAILED' && event.failures === 1,
    allSectionsCompleted: ({ context }) => allCompleted(context),
    hasLead: ({ context }) => context.leadId !== null,
    /** The card is shown (every section done, the form open) and has no price for the plan and application it is for. */
    /** A lead whose payment the form does not know yet (a browser's own form reopened, a resume code's). */
    paymentUnknown: ({ context }) => context.leadId !== null && context.paymentKnownFor !== context.leadId,
    isPaid: ({ context }) => context.paid,
    // Not before the form knows whether the application is paid: a paid one shows no card, so needs no quote.
    needsPrice: and([
      stateIn({ active: { flow: 'editing' } }),
      ({ context }) => allCompleted(context) && completionPrice(context) === null && !context.paid && (context.leadId === null || context.paymentKnownFor === context.leadId),
    ]),
  },
}).createMachine({
  id: 'ds160Form',
  context: ({ input }) => ({
    today: input.today,
    values: input.values ?? {},
    current: Math.min(LAST, Math.max(0, input.current ?? 0)),
    completed: (input.completed ?? []).filter((s) => (DS160_FORM_SECTIONS as readonly string[]).includes(s)),
    leadId: input.leadId ?? null,
    synced: input.synced ?? {},
    errors: {},
    waiver: 'hidden',
    checkout: null,
    price: null,
    paid: false,
    paymentKnownFor: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: { id: 'leadSync', src: 'leadSync', input: ({ context }) => leadSyncInput(context) },
      states: {
        flow: {
          initial: 'editing',
          states: {
            editing: {
              // Paid (found on opening, or handed over so): nothing more is typed into it.
              always: { guard: 'isPaid', target: 'paid' },
              on: {
                'FIELD.CHANGE': {
                  actions: [
                    assign(({ context, event }) => {
                      const section = sectionAt(context);
                      // The field's own message goes, and for a list every row's (the page sends the whole list).
                      const errors = Object.fromEntries(
                        Object.entries(context.errors).filter(([path]) => path !== event.field && !path.startsWith(`${event.field}.`)),
                      );
                      return { values: { ...context.values, [section]: { ...valuesOf(context, section), [event.field]: event.value } }, errors };
                    }),
                    'persist',
                    'tellTyping',
                  ],
                },
                'ROW.ADD': {
                  actions: [
                    assign(({ context, event }) => {
                      const section = sectionAt(context);
                      const rows = Array.isArray(valuesOf(context, section)[event.list]) ? (valuesOf(context, section)[event.list] as unknown[]) : [];
                      const { [event.list]: _cleared, ...errors } = context.errors;
                      return { values: { ...context.values, [section]: { ...valuesOf(context, section), [event.list]: [...rows, {}] } }, errors };
                    }),
                    'persist',
                    'tellSync',
                  ],
                },
                'ROW.REMOVE': {
                  actions: [
                    assign(({ context, event }) => {
                      const section = sectionAt(context);
                      const rows = Array.isArray(valuesOf(context, section)[event.list]) ? (valuesOf(context, section)[event.list] as unknown[]) : [];
                      return {
                        values: { ...context.values, [section]: { ...valuesOf(context, section), [event.list]: rows.filter((_, i) => i !== event.index) } },
                        // Row errors are numbered: they are worked out again on the next Next.
                        errors: {},
                      };
                    }),
                    'persist',
                    'tellSync',
                  ],
                },
                NEXT: [
                  {
                    guard: not('sectionValid'),
                    actions: [assign({ errors: ({ context }) => errorsOf(context, sectionAt(context)) }), 'focusError'],
                  },
                  { guard: 'onLastSection', target: 'submitting', actions: ['completeSection', 'persist', 'tellSync'] },
                  {
                    actions: [
                      'completeSection',
                      assign({ current: ({ context }) => context.current + 1 }),
                      'persist',
                      'offerWaiver',
                      'tellSync',
                    ],
                  },
                ],
                PREVIOUS: { guard: 'notOnFirstSection', actions: [assign({ current: ({ context }) => context.current - 1, errors: {} }), 'persist'] },
                GOTO: {
                  actions: [assign({ current: ({ event }) => DS160_FORM_SECTIONS.indexOf(event.section), errors: {} }), 'persist'],
                },
                // The completion card's Proceed to Payment, once every section is done.
                SUBMIT: { guard: 'allSectionsCompleted', target: 'submitting' },
                // The card's other button: a finished application leaves this browser's form for the next one.
                RESET: {
                  guard: 'allSectionsCompleted',
                  actions: ['emptyForm', 'clearForm', 'resetSync', 'tellSync'],
                },
                'WAIVER.SWITCH': { guard: ({ context }) => context.waiver === 'shown', target: '#ds160Form.switched' },
                'WAIVER.DISMISS': { actions: assign({ waiver: 'dismissed' }) },
                RESTORE: {
                  // Another application (a resume code's, a traveller's): this one, already here, is not restored again.
                  guard: ({ context, event }) => event.leadId !== context.leadId,
                  actions: [
                    'restoreApplication',
                    'persist',
                    'resetSync',
                    'tellSync',
                    { type: 'announceRestored', params: ({ event }) => ({ from: event.from }) },
                  ],
                },
              },
            },
            // A paid application (issue 45): its sections can be looked through and copied from, not changed; another
            // application (a resume code's, a group traveller's) or a new one for the next applicant opens editable.
            paid: {
              tags: ['paid'],
              on: {
                GOTO: { actions: [assign({ current: ({ event }) => DS160_FORM_SECTIONS.indexOf(event.section), errors: {} }), 'persist'] },
                RESTORE: {
                  guard: ({ context, event }) => event.leadId !== context.leadId,
                  target: 'editing',
                  actions: [
                    'restoreApplication',
                    'persist',
                    'resetSync',
                    'tellSync',
                    { type: 'announceRestored', params: ({ event }) => ({ from: event.from }) },
                  ],
                },
                RESET: {
                  target: 'editing',
                  actions: ['emptyForm', 'clearForm', 'resetSync', 'tellSync'],
                },
              },
            },
            submitting: {
              tags: ['busy'],
              initial: 'waiting',
              states: {
                // A capture or save in flight finishes first, so the submit completes that lead, not a second one.
                waiting: { always: { guard: not(stateIn({ active: { sync: 'busy' } })), target: 'sending' } },
                sending: {
                  invoke: {
                    id: 'submitForm',
                    src: 'submitForm',
                    input: ({ context }) => ({
                      leadId: context.leadId,
                      values: context.values,
                      changes: changedValues(context.values, context.synced),
                      plan: chosenPlan(context),
                    }),
                    onDone: {
                      target: '#ds160Form.submitted',
                      // The form stays in this browser, complete and saved: coming back to it (Back from checkout, a
                      // later visit) shows the completion card and Proceed to Payment (spec 2-wizards §2.4, §4.4).
                      actions: [
                        { type: 'tellGroup', params: ({ context }) => ({ synced: context.values }) },
                        assign({ checkout: ({ event }) => event.output.checkout, leadId: ({ event }) => event.output.leadId, synced: ({ context }) => context.values }),
                        'announceSubmitted',
                        'persist',
                      ],
                    },
                    onError: { target: '#ds160Form.active.flow.editing', actions: 'announceSubmitFailed' },
                  },
                },
              },
            },
          },
        },
        // What the lead-sync child says it is doing: the page's save indicator, and the submit waits while busy.
        sync: {
          initial: 'idle',
          on: {
            'LEAD.CAPTURED': [
              {
                guard: { type: 'isNewLead', params: ({ event }) => ({ existing: event.existing }) },
                target: '.idle',
                // A lead made just now is not paid: nothing to ask.
                actions: [assign({ leadId: ({ event }) => event.leadId, paymentKnownFor: ({ event }) => event.leadId }), 'announceLeadStarted', 'persist'],
              },
              { target: '.idle', actions: [assign({ leadId: ({ event }) => event.leadId }), 'announceWelcomeBack', 'persist'] },
            ],
            'LEAD.SAVED': {
              target: '.idle',
              actions: [
                { type: 'tellGroup', params: ({ event }) => ({ synced: event.synced as FormValues }) },
                assign({ synced: ({ event }) => event.synced as FormValues }),
                'persist',
              ],
            },
            // Nothing is lost: the answers stay here and in local storage; the child tries again later.
            'LEAD.FAILED': [
              // Said once when saving starts failing, not at every retry.
              { guard: 'firstFailure', target: '.failed', actions: 'announceSaveFailed' },
              { target: '.failed' },
            ],
            'LEAD.IDLE': '.idle',
            'LEAD.CAPTURING': '.busy.capturing',
            'LEAD.SAVING': '.busy.saving',
          },
          states: {
            idle: {},
            busy: {
              tags: ['saving'],
              // Entered only by naming a child; 'saving' is what it would be.
              initial: 'saving',
              states: { capturing: {}, saving: {} },
            },
            failed: {
              on: { RETRY: { actions: sendTo('leadSync', { type: 'RETRY' }) } },
            },
          },
        },
        // Whether the application is paid, asked of the server once for each lead the form holds that it does not know
        // about: a paid one opens read-only (flow.paid). When the server cannot say, the form stays open; the server
        // still keeps a paid application's answers.
        payment: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'paymentUnknown', target: 'checking' } },
            checking: {
              invoke: {
                id: 'fetchPayment',
                src: 'fetchPayment',
                input: ({ context }) => ({ leadId: context.leadId as string }),
                onDone: {
                  target: 'idle',
                  // An answer about a lead the form no longer holds is not this one's.
                  actions: assign(({ context, event }) =>
                    event.output.leadId === context.leadId ? { paid: event.output.paid, paymentKnownFor: event.output.leadId } : {},
                  ),
                },
                onError: { target: 'idle', actions: assign({ paymentKnownFor: ({ context }) => context.leadId }) },
              },
            },
          },
        },
        // The completion card's price, asked of the server once every section is done, and again when the plan
        // or the application changes: the card shows the quote checkout will charge, never a figure of its own.
        price: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'needsPrice', target: 'loading' } },
            loading: {
              invoke: {
                id: 'fetchPrice',
                src: 'fetchPrice',
                input: ({ context }) => ({ plan: chosenPlan(context), leadId: context.leadId }),
                onDone: { target: 'idle', actions: assign({ price: ({ event }) => event.output }) },
                onError: 'failed',
              },
            },
            // Asked again from the card's Try again, if the card still needs it.
            failed: { on: { 'PRICE.RETRY': 'idle' } },
          },
        },
      },
    },
    // A switch from the waiver panel starts the ESTA wizard with the answers both forms share.
    switched: {
      type: 'final',
      tags: ['busy'],
      entry: [emit(({ context }) => startWizardWith('esta', sharedWithEsta(context.values))), emit(navigate(ROUTES.applyEstaWizard))],
      output: ({ context }) => ({ kind: 'switched' as const, to: ROUTES.applyEstaWizard, answers: sharedWithEsta(context.values) }),
    },
    submitted: {
      type: 'final',
      tags: ['busy'],
      entry: emit(({ context }) => navigate(context.checkout?.url ?? '/checkout?formType=DS-160')),
      output: ({ context }) => ({ kind: 'submitted' as const, to: context.checkout?.url ?? '/checkout?formType=DS-160' }),
    },
  },
  output: ({ event }) => event.output as Ds160FormOutput,
});

/** What a restored application says of its payment: known when the handover said, else to be asked. */
function restoredPayment(event: { leadId: string; paid?: boolean }): Pick<Ds160FormContext, 'paid' | 'paymentKnownFor'> {
  return event.paid === undefined ? { paid: false, paymentKnownFor: null } : { paid: event.paid, paymentKnownFor: event.leadId };
}

function persisted(context: Ds160FormContext): PersistedForm {
  return { values: context.values, current: context.current, completed: context.completed, leadId: context.leadId, synced: context.synced };
}
