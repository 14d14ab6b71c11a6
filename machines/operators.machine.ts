import { assign, emit, fromPromise, setup } from 'xstate';
import type { InvitationDto, InvitedOperatorDto, OperatorDto, OperatorsDto, StaffRole } from '../openapi/schemas/operators';
import { errorKey, refusalOf, type ErrorCode } from './domain/errorCodes';
import { backToGate, failureToast, toast, type WorldEffect } from './effects';
import { validateNewOperator, type NewOperatorForm } from './domain/operators';
import type { ValidationError } from './domain/validators';

export interface OperatorsContext {
  operators: OperatorDto[] | null;
  form: NewOperatorForm;
  errors: Partial<Record<keyof NewOperatorForm, ValidationError>>;
  /** The link last made (a new operator or a fresh start), shown until dismissed: it is not shown again. */
  invitation: (InvitationDto & { username: string }) | null;
  /** The operator a change or a new invitation is being made for. */
  pending: { id: string; change: OperatorChange | null } | null;
  /** The operator whose e-mail address is open for an owner to set (the staffEmail flow's form), or none. */
  emailOf: string | null;
}

export type OperatorChange = { role: StaffRole } | { disabled: boolean };

export type OperatorsEvent =
  | { type: 'FIELD.CHANGE'; field: keyof NewOperatorForm; value: string }
  | { type: 'CREATE' }
  | { type: 'ROLE.CHANGE'; id: string; role: StaffRole }
  | { type: 'DISABLE'; id: string }
  | { type: 'ENABLE'; id: string }
  | { type: 'REINVITE'; id: string }
  | { type: 'INVITATION.DISMISS' }
  | { type: 'EMAIL.OPEN'; id: string }
  | { type: 'EMAIL.CLOSE' }
  /** Another flow changed what the list shows (an operator's address was set): it is read again. */
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

export interface OperatorsOutput {
  /** The server stopped answering this session as an owner: the gate shows its form. */
  expired: true;
}

const EMPTY_FORM: NewOperatorForm = { username: '', role: '' };
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
const expired = { guard: 'unauthorized', target: '#operators.expired' } as const;

/**
 * The owners' operators tab (issue 44): every operator with their role and status; invite one with a role (the
 * server answers a link they open to choose a password), change a role, disable or enable, or start an operator
 * over with a new invitation. Every change is followed by the list as the server then holds it.
 */
export const operatorsMachine = setup({
  types: { context: {} as OperatorsContext, events: {} as OperatorsEvent, output: {} as OperatorsOutput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/admin/operators; provided by the client. */
    listOperators: fromPromise<OperatorsDto>(async () => {
      throw new Error('listOperators is provided by the caller');
    }),
    /** POST /api/admin/operators; provided by the client. */
    createOperator: fromPromise<InvitedOperatorDto, { username: string; role: StaffRole }>(async () => {
      throw new Error('createOperator is provided by the caller');
    }),
    /** PATCH /api/admin/operators/{id}; provided by the client. */
    changeOperator: fromPromise<OperatorDto, { id: string; change: OperatorChange }>(async () => {
      throw new Error('changeOperator is provided by the caller');
    }),
    /** POST /api/admin/operators/{id}/invitation; provided by the client. */
    reinviteOperator: fromPromise<InvitationDto, { id: string }>(async () => {
      throw new Error('reinviteOperator is provided by the caller');
    }),
  },
  actions: {
    // Toasts, as keys of the `operators` namespace; a refusal says the server's reason when it gave one.
    announceLoadFailed: emit(failureToast('operators:toast.loadFailed.title', 'operators:toast.loadFailed.description')),
    announceSaved: emit((_, params: { what: 'created' | 'changed' | 'reinvited' }) => toast(`operators:toast.${params.what}.title`, `operators:toast.${params.what}.description`)),
    announceFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('operators:toast.failed.title', errorKey(params.code) ?? 'operators:toast.failed.description')),
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    usernameTaken: (_, params: { error: unknown }) => refusalOf(params.error).code === 'username_taken',
    formValid: ({ context }) => Object.keys(validateNewOperator(context.form)).length === 0,
    listed: ({ context, event }) => event.type === 'EMAIL.OPEN' && (context.operators?.some((o) => o.id === event.id) ?? false),
  },
}).createMachine({
  id: 'operators',
  context: { operators: null, form: EMPTY_FORM, errors: {}, invitation: null, pending: null, emailOf: null },
  initial: 'loading',
  on: {
    'FIELD.CHANGE': {
      actions: assign(({ context, event }) => {
        const { [event.field]: _cleared, ...errors } = context.errors;
        return { form: { ...context.form, [event.field]: event.value }, errors };
      }),
    },
    'INVITATION.DISMISS': { actions: assign({ invitation: null }) },
    'EMAIL.CLOSE': { actions: assign({ emailOf: null }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'listOperators',
        src: 'listOperators',
        onDone: { target: 'ready', actions: assign({ operators: ({ event }) => event.output.operators }) },
        onError: [
          { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', actions: 'announceLoadFailed' },
        ],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        CREATE: [
          { guard: 'formValid', target: 'creating', actions: assign({ errors: {} }) },
          { actions: assign({ errors: ({ context }) => validateNewOperator(context.form) }) },
        ],
        'ROLE.CHANGE': { target: 'changing', actions: assign({ invitation: null, pending: ({ event }) => ({ id: event.id, change: { role: event.role } }) }) },
        DISABLE: { target: 'changing', actions: assign({ invitation: null, pending: ({ event }) => ({ id: event.id, change: { disabled: true } }) }) },
        ENABLE: { target: 'changing', actions: assign({ invitation: null, pending: ({ event }) => ({ id: event.id, change: { disabled: false } }) }) },
        REINVITE: { target: 'reinviting', actions: assign({ invitation: null, pending: ({ event }) => ({ id: event.id, change: null }) }) },
        'EMAIL.OPEN': { guard: 'listed', actions: assign({ emailOf: ({ event }) => event.id }) },
        RELOAD: 'loading',
      },
    },
    creating: {
      tags: ['saving'],
      invoke: {
        id: 'createOperator',
        src: 'createOperator',
        input: ({ context }) => ({ username: context.form.username.trim(), role: context.form.role as StaffRole }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ invitation: ({ event }) => ({ ...event.output.invitation, username: event.output.operator.username }), form: EMPTY_FORM }),
            { type: 'announceSaved', params: { what: 'created' } },
          ],
        },
        onError: [
          // Said at the field it is about.
          { guard: { type: 'usernameTaken', params: ({ event }) => ({ error: event.error }) }, target: 'ready', actions: assign({ errors: { username: { key: 'errors:username_taken' } } }) },
          // The list again (a session that ended is heard there, and ends the tab).
          { target: 'loading', actions: { type: 'announceFailed', params: ({ event }) => refusalOf(event.error) } },
        ],
      },
    },
    changing: {
      tags: ['saving'],
      invoke: {
        id: 'changeOperator',
        src: 'changeOperator',
        input: ({ context }) => ({ id: context.pending?.id ?? '', change: context.pending?.change ?? { disabled: false } }),
        onDone: { target: 'loading', actions: [assign({ pending: null }), { type: 'announceSaved', params: { what: 'changed' } }] },
        // The list again: what failed shows as it is (and a session that ended is heard there).
        onError: { target: 'loading', actions: [assign({ pending: null }), { type: 'announceFailed', params: ({ event }) => refusalOf(event.error) }] },
      },
    },
    reinviting: {
      tags: ['saving'],
      invoke: {
        id: 'reinviteOperator',
        src: 'reinviteOperator',
        input: ({ context }) => ({ id: context.pending?.id ?? '' }),
        onDone: {
          target: 'loading',
          actions: [
            assign({
              invitation: ({ context, event }) => ({ ...event.output, username: context.operators?.find((o) => o.id === context.pending?.id)?.username ?? '' }),
              pending: null,
            }),
            { type: 'announceSaved', params: { what: 'reinvited' } },
          ],
        },
        onError: { target: 'loading', actions: [assign({ pending: null }), { type: 'announceFailed', params: ({ event }) => refusalOf(event.error) }] },
      },
    },
    // The server no longer answers this session as an admin: the gate shows its sign-in again.
    expired: { type: 'final', entry: emit(backToGate), output: { expired: true as const } },
  },
  output: ({ event }) => event.output as OperatorsOutput,
});
