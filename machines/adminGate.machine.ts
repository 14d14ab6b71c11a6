import { assign, emit, fromPromise, setup } from 'xstate';
import { adminDashboardMachine } from './adminDashboard.machine';
import { errorKey } from './domain/errorCodes';
import { failureToast, navigate, toast, type WorldEffect } from './effects';
import type { AdminSessionDto, AdminStatusDto } from '../openapi/schemas/admin';
import { validateAdminLogin, type AdminLoginForm, type FormErrors } from './domain/account';
import { ROUTES } from './domain/routes';
import { refusalOf, type ErrorCode } from './domain/errorCodes';

export type AdminField = keyof AdminLoginForm;

export interface AdminGateContext {
  fields: AdminLoginForm;
  errors: FormErrors<AdminLoginForm>;
  username: string | null;
}

export type AdminGateEvent =
  | { type: 'FIELD.CHANGE'; field: AdminField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'BACK_HOME' }
  | { type: 'SIGN_OUT' };

/** The gate's form, by its id: a refused submit moves focus to its first field in error. */
export const ADMIN_FORM_ID = 'admin-form';


const formErrors = (c: AdminGateContext) => validateAdminLogin(c.fields);

/**
 * The admin gate at /teamomora (spec 1-core §2.10, §4 "Admin gate: checking, then authenticated or login form"):
 * 'Checking authentication...', then the dashboard or the 'Admin Access Required' form. The server decides who
 * is an admin; this machine only asks it and shows the answer.
 */
export const adminGateMachine = setup({
  types: { context: {} as AdminGateContext, events: {} as AdminGateEvent, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/auth/admin-status; provided by the client. */
    adminStatus: fromPromise<AdminSessionDto>(async () => {
      throw new Error('adminStatus is provided by the caller');
    }),
    /** POST /api/auth/admin-login; provided by the client. */
    adminLogin: fromPromise<AdminStatusDto, AdminLoginForm>(async () => {
      throw new Error('adminLogin is provided by the caller');
    }),
    /** POST /api/auth/logout; provided by the client. */
    logout: fromPromise<null>(async () => {
      throw new Error('logout is provided by the caller');
    }),
    /** The dashboard, while the server answers this session as an admin; it ends when it stops (a 401: idle, or signed out elsewhere). */
    adminDashboard: adminDashboardMachine,
  },
  actions: {
    // The toasts of spec 1-core §8.
    announceLoggedIn: emit(toast('admin:toast.loggedIn.title', 'admin:toast.loggedIn.description')),
    // The server's reason in the admin's language, when it gave one; else the spec's 'Invalid admin credentials'.
    announceLoginFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('admin:toast.loginFailed.title', errorKey(params.code) ?? 'admin:toast.loginFailed.description')),
    announceExpired: emit(toast('admin:toast.expired.title', 'admin:toast.expired.description')),
    announceSignOutFailed: emit(failureToast('admin:toast.signOutFailed.title', 'admin:toast.signOutFailed.description')),
    focusError: emit({ type: 'focusError', form: ADMIN_FORM_ID }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    isAdmin: (_, params: { session: AdminSessionDto }) => params.session.admin !== null,
  },
}).createMachine({
  id: 'adminGate',
  context: { fields: { username: '', password: '' }, errors: {}, username: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'adminStatus',
        src: 'adminStatus',
        onDone: [
          {
            guard: { type: 'isAdmin', params: ({ event }) => ({ session: event.output }) },
            target: 'authenticated',
            // Stryker disable next-line OptionalChaining: the isAdmin guard above lets only an answer with an admin through.
            actions: assign({ username: ({ event }) => event.output.admin?.username ?? null }),
          },
          // Not an admin: the form.
          { target: 'loginForm' },
        ],
        // The check could not be made: the form is still what can help.
        onError: 'loginForm',
      },
    },
    loginForm: {
      initial: 'editing',
      on: {
        'FIELD.CHANGE': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _cleared, ...errors } = context.errors;
            return { fields: { ...context.fields, [event.field]: event.value }, errors };
          }),
        },
      },
      states: {
        editing: {
          on: {
            SUBMIT: [
              { guard: 'formValid', target: 'signingIn', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => formErrors(context) }), 'focusError'] },
            ],
            BACK_HOME: '#adminGate.home',
          },
        },
        signingIn: {
          tags: ['busy'],
          invoke: {
            id: 'adminLogin',
            src: 'adminLogin',
            input: ({ context }) => ({ username: context.fields.username.trim(), password: context.fields.password }),
            onDone: {
              target: '#adminGate.authenticated',
              // The password is not kept once it has done its work.
              actions: [assign({ username: ({ event }) => event.output.username, fields: { username: '', password: '' } }), 'announceLoggedIn'],
            },
            onError: {
              target: 'editing',
              actions: [assign(({ context }) => ({ fields: { ...context.fields, password: '' } })), { type: 'announceLoginFailed', params: ({ event }) => refusalOf(event.error) }],
            },
          },
        },
      },
    },
    // The dashboard runs as long as the session is an admin's, signing out included (a refused sign-out leaves it as it was).
    authenticated: {
      invoke: {
        id: 'adminDashboard',
        src: 'adminDashboard',
        // The session ended (idle, or signed out elsewhere): the form again, and why.
        onDone: { target: 'loginForm', actions: [assign({ username: null }), 'announceExpired'] },
      },
      initial: 'open',
      states: {
        open: { on: { SIGN_OUT: 'signingOut' } },
        signingOut: {
          tags: ['busy'],
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: '#adminGate.loginForm', actions: assign({ username: null }) },
            onError: { target: 'open', actions: 'announceSignOutFailed' },
          },
        },
      },
    },
    home: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.home)) },
  },
});
