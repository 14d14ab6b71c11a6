import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { StaffEmailStateDto } from '../openapi/schemas/operators';
import { validateGuest } from './domain/account';
import { errorKey, refusalOf, type ErrorCode } from './domain/errorCodes';
import type { ValidationError } from './domain/validators';
import { backToGate, failureToast, toast, type WorldEffect } from './effects';

/** Whose address: the signed-in operator's own (the account tab), or an operator's that an owner sets (operators tab). */
export interface StaffEmailInput {
  operatorId: string | null;
}

/** An address as the server holds it: none yet, or one and whether its link was followed. */
export interface StaffAddress {
  email: string | null;
  verified: boolean;
}

export interface StaffEmailContext {
  operatorId: string | null;
  saved: StaffAddress | null;
  /** The address as typed. */
  draft: string;
  error: ValidationError | null;
  /** The address a verification link was just sent to, said until the address is typed again. */
  sentTo: string | null;
}

export type StaffEmailEvent = { type: 'EMAIL.CHANGE'; value: string } | { type: 'SAVE' } | { type: 'RETRY' };

export interface StaffEmailOutput {
  expired: true;
}

/** The form's id, for the door to move focus to its field when the address is refused. */
export const STAFF_EMAIL_FORM_ID = 'staff-email-form';

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
const fieldError = (draft: string): ValidationError | null => validateGuest({ email: draft }).email ?? null;

/**
 * A staff account's e-mail address (issue 43): where a forgotten password's link goes, once the link sent to it
 * was followed. The account tab sets one's own; an owner sets an operator's from the operators tab (that list is
 * read again after). The address is checked with the sign-up's rule before it leaves; an address another account
 * uses is refused at the field (409 email_taken).
 */
export const staffEmailMachine = setup({
  types: {
    context: {} as StaffEmailContext,
    events: {} as StaffEmailEvent,
    input: {} as StaffEmailInput,
    output: {} as StaffEmailOutput,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** The address as the server holds it (GET /api/auth/admin-status, or the operator in GET /api/admin/operators); provided by the client. */
    loadEmail: fromPromise<StaffAddress, { operatorId: string | null }>(async () => {
      throw new Error('loadEmail is provided by the caller');
    }),
    /** PUT /api/admin/account/email, or PUT /api/admin/operators/{id}/email; provided by the client. */
    saveEmail: fromPromise<StaffEmailStateDto, { operatorId: string | null; email: string }>(async () => {
      throw new Error('saveEmail is provided by the caller');
    }),
  },
  actions: {
    announceLoadFailed: emit(failureToast('operators:toast.emailLoadFailed.title', 'operators:toast.emailLoadFailed.description')),
    announceSaved: emit(toast('operators:toast.emailSaved.title', 'operators:toast.emailSaved.description')),
    announceFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('operators:toast.failed.title', errorKey(params.code) ?? 'operators:toast.failed.description')),
    focusError: emit({ type: 'focusError', form: STAFF_EMAIL_FORM_ID } as WorldEffect),
    // The operators tab lists every operator's address: it reads the list again once an owner changed one.
    tellOperators: enqueueActions(({ context, enqueue }) => {
      if (context.operatorId !== null) enqueue.emit({ type: 'handOff', flow: 'operators', event: { type: 'RELOAD' } });
    }),
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    emailTaken: (_, params: { error: unknown }) => refusalOf(params.error).code === 'email_taken',
    draftValid: ({ context }) => fieldError(context.draft) === null,
  },
}).createMachine({
  id: 'staffEmail',
  context: ({ input }) => ({ operatorId: input.operatorId, saved: null, draft: '', error: null, sentTo: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadEmail',
        src: 'loadEmail',
        input: ({ context }) => ({ operatorId: context.operatorId }),
        // What was typed stays (a save that failed reads the address again); an empty field starts from the server's.
        onDone: { target: 'ready', actions: assign({ saved: ({ event }) => event.output, draft: ({ context, event }) => context.draft || (event.output.email ?? '') }) },
        onError: [
          { guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'failed', actions: 'announceLoadFailed' },
        ],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        'EMAIL.CHANGE': { actions: assign({ draft: ({ event }) => event.value, error: null, sentTo: null }) },
        SAVE: [
          { guard: 'draftValid', target: 'saving', actions: assign({ error: null }) },
          { actions: [assign({ error: ({ context }) => fieldError(context.draft) }), 'focusError'] },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveEmail',
        src: 'saveEmail',
        input: ({ context }) => ({ operatorId: context.operatorId, email: context.draft.trim() }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ saved: ({ event }) => event.output, draft: ({ event }) => event.output.email, sentTo: ({ event }) => (event.output.verified ? null : event.output.email) }),
            'announceSaved',
            'tellOperators',
          ],
        },
        onError: [
          // Said at the field it is about.
          { guard: { type: 'emailTaken', params: ({ event }) => ({ error: event.error }) }, target: 'ready', actions: [assign({ error: { key: 'errors:email_taken' } }), 'focusError'] },
          // The address again, as the server now holds it (a save whose answer was lost may have landed); a session
          // that ended is heard there, and ends the form.
          { target: 'loading', actions: { type: 'announceFailed', params: ({ event }) => refusalOf(event.error) } },
        ],
      },
    },
    // The server no longer answers this session as an admin: the gate shows its sign-in again.
    expired: { type: 'final', entry: emit(backToGate), output: { expired: true as const } },
  },
  output: ({ event }) => event.output as StaffEmailOutput,
});
