import { assign, fromPromise, setup } from 'xstate';
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
  | { type: 'SIGN_OUT' }
  /** The dashboard heard a 401: the session ended (idle or signed out elsewhere). */
  | { type: 'EXPIRED' };

export interface AdminGateOutput {
  to: string;
}


const formErrors = (c: AdminGateContext) => validateAdminLogin(c.fields);

/**
 * The admin gate at /teamomora (spec 1-core §2.10, §4 "Admin gate: checking, then authenticated or login form"):
 * 'Checking authentication...', then the dashboard or the 'Admin Access Required' form. The server decides who
 * is an admin; this machine only asks it and shows the answer.
 */
export const adminGateMachine = setup({
  types: { context: {} as AdminGateContext, events: {} as AdminGateEvent, output: {} as AdminGateOutput },
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
  },
  actions: {
    // The toasts of spec 1-core §8; provided by the client.
    announceLoggedIn: () => {},
    announceLoginFailed: (_: unknown, _params: { code: ErrorCode | undefined }) => {},
    announceExpired: () => {},
    announceSignOutFailed: () => {},
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
              { actions: assign({ errors: ({ context }) => formErrors(context) }) },
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
    authenticated: {
      on: {
        SIGN_OUT: 'signingOut',
        EXPIRED: { target: 'loginForm', actions: [assign({ username: null }), 'announceExpired'] },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loginForm', actions: assign({ username: null }) },
        onError: { target: 'authenticated', actions: 'announceSignOutFailed' },
      },
    },
    home: { type: 'final', output: { to: ROUTES.home } },
  },
  output: ({ event }) => event.output as AdminGateOutput,
});
