import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AdminGovernmentFeesDto, FeeChangeDto } from '../openapi/schemas/governmentFees';
import { errorKey, refusalOf, type ErrorCode } from './domain/errorCodes';
import { backToGate, failureToast, toast, type WorldEffect } from './effects';
import { feeChangeOf, type FeeCode, type FeeForm, type FeeFormErrors, type FeeSubject } from './domain/governmentFees';

/** Which fee: its kind and what it is charged for (the ESTA, a visa class, every visa). */
export interface FeeRef {
  code: FeeCode;
  subject: FeeSubject;
}

export interface GovernmentFeesContext {
  fees: AdminGovernmentFeesDto | null;
  /** The fee whose change is being written, and the form as typed. */
  editing: FeeRef | null;
  form: FeeForm;
  errors: FeeFormErrors;
  /** The fee being marked as checked today. */
  checking: FeeRef | null;
}

export type GovernmentFeesEvent =
  | { type: 'FEE.EDIT'; code: FeeCode; subject: FeeSubject }
  | { type: 'FEE.FIELD'; field: keyof FeeForm; value: string }
  | { type: 'FEE.SAVE' }
  | { type: 'FEE.CANCEL' }
  | { type: 'FEE.CHECK'; code: FeeCode; subject: FeeSubject }
  | { type: 'RETRY' };

export interface GovernmentFeesOutput {
  /** The server stopped answering this session as an admin. */
  expired: true;
}

/** The change form's id on the page: a refused save moves focus to its first field with an error. */
export const FEE_FORM_ID = 'fee-change';

const EMPTY_FORM: FeeForm = { amount: '', effectiveFrom: '', sourceUrl: '', note: '' };
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
const expired = { guard: { type: 'unauthorized' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: '#governmentFees.expired' };

/** The form opened on a fee: its source and note as they stand, a new amount and day to give. */
function formFor(fees: AdminGovernmentFeesDto | null, ref: FeeRef): FeeForm {
  const fee = fees?.fees.find((f) => f.code === ref.code && f.subject === ref.subject);
  const latest = fee?.upcoming.at(-1) ?? fee?.current ?? fee?.unscheduled[0];
  return { ...EMPTY_FORM, sourceUrl: latest?.sourceUrl ?? '', note: latest?.note ?? '' };
}

/**
 * The admin's government fees tab (issue 44): every fee with its source and when it was last checked, the
 * reminder of those due a check (90 days), "checked today", and a change scheduled from a later day. The admin page
 * runs it beside the dashboard for as long as it shows, so the reminder shows on every tab; the fees tab renders it.
 */
export const governmentFeesMachine = setup({
  types: { context: {} as GovernmentFeesContext, events: {} as GovernmentFeesEvent, output: {} as GovernmentFeesOutput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/admin/government-fees; provided by the client. */
    fetchFees: fromPromise<AdminGovernmentFeesDto>(async () => {
      throw new Error('fetchFees is provided by the caller');
    }),
    /** POST /api/admin/government-fees/{code}/{subject}/changes; provided by the client. */
    scheduleFee: fromPromise<AdminGovernmentFeesDto, FeeRef & { change: FeeChangeDto }>(async () => {
      throw new Error('scheduleFee is provided by the caller');
    }),
    /** POST /api/admin/government-fees/{code}/{subject}/checked; provided by the client. */
    markChecked: fromPromise<AdminGovernmentFeesDto, FeeRef>(async () => {
      throw new Error('markChecked is provided by the caller');
    }),
  },
  actions: {
    // Toasts, as keys of the `admin` namespace; a refusal says the server's reason when it gave one.
    announceScheduled: emit(toast('admin:toast.feeScheduled.title', 'admin:toast.feeScheduled.description')),
    announceScheduleFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('admin:toast.feeScheduleFailed.title', errorKey(params.code) ?? 'admin:toast.feeScheduleFailed.description')),
    announceChecked: emit(toast('admin:toast.feeChecked.title', 'admin:toast.feeChecked.description')),
    announceCheckFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('admin:toast.feeCheckFailed.title', errorKey(params.code) ?? 'admin:toast.feeCheckFailed.description')),
    focusError: emit({ type: 'focusError', form: FEE_FORM_ID }),
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    formValid: ({ context }) => Object.keys(feeChangeOf(context.form, context.fees?.today ?? '').errors).length === 0,
    isListed: ({ context, event }) =>
      (event.type === 'FEE.EDIT' || event.type === 'FEE.CHECK') && (context.fees?.fees.some((f) => f.code === event.code && f.subject === event.subject) ?? false),
  },
}).createMachine({
  id: 'governmentFees',
  context: { fees: null, editing: null, form: EMPTY_FORM, errors: {}, checking: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchFees',
        src: 'fetchFees',
        onDone: { target: 'ready', actions: assign({ fees: ({ event }) => event.output }) },
        onError: [expired, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'FEE.EDIT': {
              guard: 'isListed',
              target: 'editing',
              actions: assign(({ context, event }) => ({ editing: { code: event.code, subject: event.subject }, form: formFor(context.fees, event), errors: {} })),
            },
            'FEE.CHECK': { guard: 'isListed', target: 'checking', actions: assign({ checking: ({ event }) => ({ code: event.code, subject: event.subject }) }) },
          },
        },
        editing: {
          on: {
            'FEE.FIELD': {
              actions: assign(({ context, event }) => {
                const { [event.field]: _cleared, ...errors } = context.errors;
                return { form: { ...context.form, [event.field]: event.value }, errors };
              }),
            },
            'FEE.SAVE': [
              { guard: 'formValid', target: 'saving' },
              { actions: [assign({ errors: ({ context }) => feeChangeOf(context.form, context.fees?.today ?? '').errors }), 'focusError'] },
            ],
            'FEE.CANCEL': { target: 'idle', actions: assign({ editing: null, form: EMPTY_FORM, errors: {} }) },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'scheduleFee',
            src: 'scheduleFee',
            input: ({ context }) => {
              const { change } = feeChangeOf(context.form, context.fees?.today ?? '');
              return { ...(context.editing as FeeRef), change };
            },
            onDone: { target: 'idle', actions: [assign({ fees: ({ event }) => event.output, editing: null, form: EMPTY_FORM, errors: {} }), 'announceScheduled'] },
            onError: [expired, { target: 'editing', actions: { type: 'announceScheduleFailed', params: ({ event }) => refusalOf(event.error) } }],
          },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'markChecked',
            src: 'markChecked',
            input: ({ context }) => context.checking as FeeRef,
            onDone: { target: 'idle', actions: [assign({ fees: ({ event }) => event.output, checking: null }), 'announceChecked'] },
            onError: [expired, { target: 'idle', actions: [assign({ checking: null }), { type: 'announceCheckFailed', params: ({ event }) => refusalOf(event.error) }] }],
          },
        },
      },
    },
    // The server no longer answers this session as an admin: the gate shows its sign-in again.
    expired: { type: 'final', entry: emit(backToGate), output: { expired: true as const } },
  },
  output: ({ event }) => event.output as GovernmentFeesOutput,
});

export type GovernmentFeesRef = ActorRefFrom<typeof governmentFeesMachine>;
