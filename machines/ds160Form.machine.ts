import { and, assign, enqueueActions, fromPromise, not, setup, stateIn } from 'xstate';
import type { PriceDto } from '../openapi/schemas/orders';
import { DS160_FORM_SECTIONS, type Ds160FormSection } from './domain/ds160Form';
import { isWaiverNationality, normalizeSection, sameAnswers, sharedWithEsta, validateSection } from './domain/ds160Sections';
import { isValidEmail, type ValidationError } from './domain/validators';
import { changedGroups, mergeGroups, retryDelay } from './leadSync.machine';

export type { FormValues, PersistedForm, SectionValues } from './domain/ds160Form';
import type { FormValues, PersistedForm, SectionValues } from './domain/ds160Form';

export interface Ds160FormInput extends Partial<PersistedForm> {
  /** The applicant's calendar day, 'YYYY-MM-DD', for the date rules. */
  today: string;
}

export interface Ds160FormContext extends PersistedForm {
  today: string;
  errors: Record<string, ValidationError>;
  /** The changes a save in flight sends; they join `synced` only once the server has them. */
  pending: FormValues | null;
  /** Saves that failed in a row: the next retry waits 2^n seconds, at most a minute. */
  failures: number;
  waiver: 'hidden' | 'shown' | 'dismissed';
  checkout: { url: string; amount: number } | null;
  /** The server's quote for the completion card: the chosen plan's price for this application, and what it was for. */
  price: PriceOutput | null;
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
  /** An application saved on another browser, brought back with its resume code: it replaces what is here. */
  | { type: 'RESTORE'; leadId: string; values: Record<string, unknown> };

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
  plan: string;
}
export interface SubmitOutput {
  leadId: string;
  checkout: { url: string; amount: number };
}
export interface PriceInput {
  plan: string;
  leadId: string | null;
}
/** The price, with the plan and application it was asked for (the form may have changed since). */
export interface PriceOutput extends PriceInput {
  price: PriceDto;
}

const LAST = DS160_FORM_SECTIONS.length - 1;

/** The plan the form chose (Basic when none): what the submit asks for and the completion card prices. */
export function chosenPlan(context: Pick<Ds160FormContext, 'values'>): string {
  const plan = context.values['personal-info']?.selectedPlan;
  return typeof plan === 'string' && plan ? plan : 'basic';
}

/**
 * The completion card's price: the server's quote for the chosen plan and this application, once it has answered
 * for them (spec 2-wizards §2.4 with DECISIONS.md's one price story). Null while it is being asked.
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
  const sections = Object.fromEntries(DS160_FORM_SECTIONS.filter((s) => values[s]).map((s) => [s, values[s] as SectionValues]));
  return changedGroups(sections, synced) as FormValues;
}

const hasChanges = (context: Ds160FormContext) => Object.keys(changedValues(context.values, context.synced)).length > 0;

/** Whether a completed section has answers the server has not got. */
function completedChanged(context: Ds160FormContext): boolean {
  const changes = changedValues(context.values, context.synced);
  return context.completed.some((section) => changes[section]);
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
    events: {} as Ds160FormEvent,
    output: {} as Ds160FormOutput,
  },
  actors: {
    /** POST /api/leads/immediate; provided by the client. */
    captureLead: fromPromise<{ leadId: string; existing: boolean }, CaptureInput>(async () => {
      throw new Error('captureLead is provided by the caller');
    }),
    /** PATCH /api/leads/{id}/update with the changed fields; provided by the client. */
    saveLead: fromPromise<unknown, SaveInput>(async () => {
      throw new Error('saveLead is provided by the caller');
    }),
    /** The final submit: the lead completed with its plan, or a full lead; provided by the client. */
    submitForm: fromPromise<SubmitOutput, SubmitInput>(async () => {
      throw new Error('submitForm is provided by the caller');
    }),
    /** GET /api/checkout/quote for the plan and the lead: the completion card's price; provided by the client. */
    fetchPrice: fromPromise<PriceOutput, PriceInput>(async () => {
      throw new Error('fetchPrice is provided by the caller');
    }),
  },
  delays: {
    /** How long typing pauses before the answers are saved. */
    AUTOSAVE: 1500,
    RETRY: ({ context }) => retryDelay(context.failures),
  },
  actions: {
    persistForm: (_: unknown, _params: PersistedForm) => {},
    clearForm: () => {},
    /** 'Application Started' or 'Welcome Back' (spec 2-wizards §8); provided by the client. */
    announceLeadStarted: () => {},
    announceWelcomeBack: () => {},
    /** 'Application Restored' (issue 11, resume on any device); provided by the page. */
    announceRestored: () => {},
    /** 'Save Error' / 'Failed to save progress. Your data is still preserved locally.'; once per failure run. */
    announceSaveFailed: () => {},
    announceSubmitted: () => {},
    announceSubmitFailed: () => {},
    /** Moves focus to the first field with an error; provided by the client. */
    focusError: () => {},
    persist: enqueueActions(({ context, enqueue }) => enqueue({ type: 'persistForm', params: persisted(context) })),
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
    canCapture: ({ context }) => context.leadId === null && captureInput(context) !== null,
    canSave: ({ context }) => context.leadId !== null && hasChanges(context),
    isNewLead: (_, params: { existing: boolean }) => !params.existing,
    allSectionsCompleted: ({ context }) => allCompleted(context),
    hasLead: ({ context }) => context.leadId !== null,
    /** The card is shown (every section done, the form open) and has no price for the plan and application it is for. */
    needsPrice: and([stateIn({ active: { flow: 'editing' } }), ({ context }) => allCompleted(context) && completionPrice(context) === null]),
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
    pending: null,
    failures: 0,
    waiver: 'hidden',
    checkout: null,
    price: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        flow: {
          initial: 'editing',
          states: {
            editing: {
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
                  ],
                },
                NEXT: [
                  {
                    guard: not('sectionValid'),
                    actions: [assign({ errors: ({ context }) => errorsOf(context, sectionAt(context)) }), 'focusError'],
                  },
                  { guard: 'onLastSection', target: 'submitting', actions: ['completeSection', 'persist'] },
                  {
                    actions: ['completeSection', assign({ current: ({ context }) => context.current + 1 }), 'persist', 'offerWaiver'],
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
                  actions: [assign({ values: {}, current: 0, completed: [], leadId: null, synced: {}, errors: {}, waiver: 'hidden' as const }), 'clearForm'],
                },
                'WAIVER.SWITCH': { guard: ({ context }) => context.waiver === 'shown', target: '#ds160Form.switched' },
                'WAIVER.DISMISS': { actions: assign({ waiver: 'dismissed' }) },
                RESTORE: {
                  actions: [
                    assign(({ context, event }) => {
                      const values = restoredValues(event.values);
                      const completed = completedSections(values, context.today);
                      const next = DS160_FORM_SECTIONS.findIndex((s) => !completed.includes(s));
                      // The server has every answer already: nothing is saved again until something changes.
                      return { values, synced: values, leadId: event.leadId, completed, current: next === -1 ? LAST : next, errors: {}, waiver: 'hidden' as const };
                    }),
                    'persist',
                    'announceRestored',
                  ],
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
        sync: {
          initial: 'idle',
          states: {
            idle: {
              // A completed section is captured or saved at once; typing waits for a pause (AUTOSAVE), so a lead is
              // never made from an e-mail address half typed.
              always: [
                { guard: and(['canCapture', ({ context }) => context.completed.includes('address-phone')]), target: 'busy.capturing' },
                { guard: and(['canSave', ({ context }) => completedChanged(context)]), target: 'busy.saving' },
              ],
              after: {
                AUTOSAVE: [
                  { guard: 'canCapture', target: 'busy.capturing' },
                  { guard: 'canSave', target: 'busy.saving' },
                ],
              },
              // Each keystroke starts the pause again.
              on: { 'FIELD.CHANGE': { target: 'idle', reenter: true } },
            },
            busy: {
              tags: ['saving'],
              // Entered only by naming a child; 'saving' is what it would be.
              initial: 'saving',
              states: {
                capturing: {
                  invoke: {
                    id: 'captureLead',
                    src: 'captureLead',
                    input: ({ context }) => captureInput(context) as CaptureInput,
                    onDone: [
                      {
                        guard: { type: 'isNewLead', params: ({ event }) => ({ existing: event.output.existing }) },
                        target: '#ds160Form.active.sync.idle',
                        actions: [assign({ leadId: ({ event }) => event.output.leadId, failures: 0 }), 'announceLeadStarted', 'persist'],
                      },
                      {
                        target: '#ds160Form.active.sync.idle',
                        actions: [assign({ leadId: ({ event }) => event.output.leadId, failures: 0 }), 'announceWelcomeBack', 'persist'],
                      },
                    ],
                    onError: '#ds160Form.active.sync.failed',
                  },
                },
                saving: {
                  entry: assign({ pending: ({ context }) => changedValues(context.values, context.synced) }),
                  invoke: {
                    id: 'saveLead',
                    src: 'saveLead',
                    input: ({ context }) => ({ leadId: context.leadId as string, changes: context.pending ?? {} }),
                    onDone: {
                      target: '#ds160Form.active.sync.idle',
                      actions: [
                        assign(({ context }) => ({ synced: mergeGroups(context.synced, context.pending ?? {}) as FormValues, pending: null, failures: 0 })),
                        'persist',
                      ],
                    },
                    onError: { target: '#ds160Form.active.sync.failed', actions: assign({ pending: null }) },
                  },
                },
              },
            },
            // Nothing is lost: the answers stay here and in local storage; the save is tried again later.
            failed: {
              entry: enqueueActions(({ context, enqueue }) => {
                // Said once when saving starts failing, not at every retry.
                if (context.failures === 0) enqueue('announceSaveFailed');
                enqueue.assign({ failures: context.failures + 1 });
              }),
              after: { RETRY: 'idle' },
              on: { RETRY: 'idle' },
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
    switched: {
      type: 'final',
      output: ({ context }) => ({ kind: 'switched' as const, to: '/apply/esta-wizard', answers: sharedWithEsta(context.values) }),
    },
    submitted: {
      type: 'final',
      output: ({ context }) => ({ kind: 'submitted' as const, to: context.checkout?.url ?? '/checkout?formType=DS-160' }),
    },
  },
  output: ({ event }) => event.output as Ds160FormOutput,
});

function persisted(context: Ds160FormContext): PersistedForm {
  return { values: context.values, current: context.current, completed: context.completed, leadId: context.leadId, synced: context.synced };
}
