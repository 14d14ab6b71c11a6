import { assign, emit, fromPromise, setup } from 'xstate';
import type { AdminSessionDto, AdminStatusDto } from '../openapi/schemas/admin';
import type { AdminSignInDto, EnrolmentDto, RecoveryCodesDto } from '../openapi/schemas/operators';
import { validateAdminLogin, type AdminLoginForm } from './domain/account';
import { validateEnrolmentCode, validateNewPassword, validateSecondFactor } from './domain/operators';
import { ROUTES } from './domain/routes';
import { errorKey, refusalOf, type ErrorCode } from './domain/errorCodes';
import { failureToast, navigate, toast, type WorldEffect } from './effects';
import type { ValidationError } from './domain/validators';

/** Every field of the gate's forms: the sign-in, the second step and enrolment's code, an invitation's password. */
export type AdminField = 'username' | 'password' | 'code' | 'newPassword' | 'confirmPassword';

export interface AdminGateInput {
  /** The token of an invitation link (`/teamomora?invite=…`), or null. */
  invitation: string | null;
}

export interface AdminGateContext {
  fields: Record<AdminField, string>;
  errors: Partial<Record<AdminField, ValidationError>>;
  /** The signed-in operator: role, two-factor state and what the role may call (the server's access table). */
  session: AdminStatusDto | null;
  invitation: string | null;
  /** The secret being set up, with its QR code; dropped once confirmed. */
  enrolment: EnrolmentDto | null;
  /** Shown once, after enrolment. */
  recoveryCodes: string[] | null;
  /** Why an invitation could not be taken. */
  invitationError: ErrorCode | null;
}

export type AdminGateEvent =
  | { type: 'FIELD.CHANGE'; field: AdminField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'BACK_HOME' }
  | { type: 'SIGN_OUT' }
  /** The dashboard heard a 401: the session ended (idle, signed out elsewhere, role changed). */
  | { type: 'EXPIRED' }
  /** An operator who is not an owner sets up two-factor sign-in from the dashboard. */
  | { type: 'ENROL' }
  | { type: 'RETRY' }
  /** The recovery codes were seen. */
  | { type: 'CONTINUE' };

export interface AdminGateOutput {
  to: string;
}

/** The id of the gate's form on screen (one at a time): a refused submit moves focus to its first field with an error. */
export const GATE_FORM_ID = 'admin-gate-form';

const EMPTY: Record<AdminField, string> = { username: '', password: '', code: '', newPassword: '', confirmPassword: '' };

const loginErrors = (c: AdminGateContext) => validateAdminLogin({ username: c.fields.username, password: c.fields.password } satisfies AdminLoginForm);
const codeErrors = (c: AdminGateContext) => validateSecondFactor({ code: c.fields.code });
const enrolmentErrors = (c: AdminGateContext) => validateEnrolmentCode({ code: c.fields.code });
const passwordErrors = (c: AdminGateContext) => {
  const { password, confirmPassword } = validateNewPassword({ password: c.fields.newPassword, confirmPassword: c.fields.confirmPassword });
  return { ...(password ? { newPassword: password } : {}), ...(confirmPassword ? { confirmPassword } : {}) };
};

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/**
 * The admin gate at /teamomora (spec 1-core §2.10, §4 "Admin gate: checking, then authenticated or login form";
 * issue 44): 'Checking authentication...', then the dashboard, the 'Admin Access Required' form, the app's code
 * when two-factor sign-in is set up, setting it up (an owner must, before anything else; others may), or an
 * invitation's password. The server decides who is an operator and what their role may do; this machine only
 * asks it and shows the answer.
 */
export const adminGateMachine = setup({
  types: { context: {} as AdminGateContext, events: {} as AdminGateEvent, input: {} as AdminGateInput, output: {} as AdminGateOutput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/auth/admin-status; provided by the client. */
    adminStatus: fromPromise<AdminSessionDto>(async () => {
      throw new Error('adminStatus is provided by the caller');
    }),
    /** POST /api/auth/admin-login; provided by the client. */
    adminLogin: fromPromise<AdminSignInDto, AdminLoginForm>(async () => {
      throw new Error('adminLogin is provided by the caller');
    }),
    /** POST /api/auth/admin-totp; provided by the client. */
    verifyCode: fromPromise<AdminSignInDto, { code: string }>(async () => {
      throw new Error('verifyCode is provided by the caller');
    }),
    /** POST /api/auth/admin-invitation; provided by the client. */
    acceptInvitation: fromPromise<AdminSignInDto, { token: string; password: string }>(async () => {
      throw new Error('acceptInvitation is provided by the caller');
    }),
    /** POST /api/admin/totp/enrolment; provided by the client. */
    startEnrolment: fromPromise<EnrolmentDto>(async () => {
      throw new Error('startEnrolment is provided by the caller');
    }),
    /** POST /api/admin/totp/enrolment/confirm; provided by the client. */
    confirmEnrolment: fromPromise<RecoveryCodesDto, { code: string }>(async () => {
      throw new Error('confirmEnrolment is provided by the caller');
    }),
    /** POST /api/auth/logout; provided by the client. */
    logout: fromPromise<null>(async () => {
      throw new Error('logout is provided by the caller');
    }),
  },
  actions: {
    /** Secrets typed are not kept once they have done their work, nor when their form is left; the username is kept as it was sent. */
    clearSecrets: assign(({ context }) => ({ fields: { ...EMPTY, username: context.fields.username.trim() }, errors: {} })),
    // The toasts of spec 1-core §8 and of the second step, as keys of the `admin` and `operators` namespaces; a refusal
    // says the server's reason in the admin's language when it gave one, else the spec's 'Invalid admin credentials'.
    announceLoggedIn: emit(toast('admin:toast.loggedIn.title', 'admin:toast.loggedIn.description')),
    announceLoginFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('admin:toast.loginFailed.title', errorKey(params.code) ?? 'admin:toast.loginFailed.description')),
    announceCodeFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('operators:toast.codeFailed.title', errorKey(params.code) ?? 'operators:toast.codeFailed.description')),
    announceExpired: emit(toast('admin:toast.expired.title', 'admin:toast.expired.description')),
    announceSignOutFailed: emit(failureToast('admin:toast.signOutFailed.title', 'admin:toast.signOutFailed.description')),
    announceEnrolled: emit(toast('operators:toast.enrolled.title', 'operators:toast.enrolled.description')),
    // A refused form moves focus to its first field with an error (one form shows at a time: the gate's).
    focusError: emit({ type: 'focusError', form: GATE_FORM_ID }),
  },
  guards: {
    loginValid: ({ context }) => Object.keys(loginErrors(context)).length === 0,
    codeValid: ({ context }) => Object.keys(codeErrors(context)).length === 0,
    enrolmentCodeValid: ({ context }) => Object.keys(enrolmentErrors(context)).length === 0,
    passwordValid: ({ context }) => Object.keys(passwordErrors(context)).length === 0,
    hasInvitation: ({ context }) => context.invitation !== null,
    mustEnrol: (_, params: { admin: AdminStatusDto | null }) => params.admin?.mustEnrol === true,
    isAdmin: (_, params: { admin: AdminStatusDto | null }) => params.admin !== null,
    codePending: (_, params: { session: AdminSessionDto }) => params.session.pending === 'totp',
    stepIs: (_, params: { answer: AdminSignInDto; step: AdminSignInDto['step'] }) => params.answer.step === params.step,
    /** The password step was too long ago: a wrong code is a 401 too, but only this one starts over. */
    stepExpired: (_, params: { error: unknown }) => refusalOf(params.error).code === 'second_step_expired',
    invitationRefused: (_, params: { error: unknown }) => statusOf(params.error) === 404 || statusOf(params.error) === 410,
    /** Setting up can be left only by someone who may use the dashboard without it. */
    enrolmentOptional: ({ context }) => context.session !== null && !context.session.mustEnrol,
    mayEnrol: ({ context }) => context.session !== null && !context.session.totp,
  },
}).createMachine({
  id: 'adminGate',
  context: ({ input }) => ({
    fields: EMPTY,
    errors: {},
    session: null,
    invitation: input?.invitation ?? null,
    enrolment: null,
    recoveryCodes: null,
    invitationError: null,
  }),
  initial: 'checking',
  on: {
    'FIELD.CHANGE': {
      actions: assign(({ context, event }) => {
        const { [event.field]: _cleared, ...errors } = context.errors;
        return { fields: { ...context.fields, [event.field]: event.value }, errors };
      }),
    },
  },
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'adminStatus',
        src: 'adminStatus',
        onDone: [
          // An invitation link is what this visit is for, whoever was signed in before.
          { guard: 'hasInvitation', target: 'invitation' },
          {
            guard: { type: 'mustEnrol', params: ({ event }) => ({ admin: event.output.admin }) },
            target: 'enrolment',
            actions: assign({ session: ({ event }) => event.output.admin }),
          },
          {
            guard: { type: 'isAdmin', params: ({ event }) => ({ admin: event.output.admin }) },
            target: 'authenticated',
            actions: assign({ session: ({ event }) => event.output.admin }),
          },
          { guard: { type: 'codePending', params: ({ event }) => ({ session: event.output }) }, target: 'secondStep' },
          // Not an operator: the form.
          { target: 'loginForm' },
        ],
        // The check could not be made: the form is still what can help.
        onError: 'loginForm',
      },
    },
    loginForm: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT: [
              { guard: 'loginValid', target: 'signingIn', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => loginErrors(context) }), 'focusError'] },
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
            onDone: [
              { guard: { type: 'stepIs', params: ({ event }) => ({ answer: event.output, step: 'totp' }) }, target: '#adminGate.secondStep', actions: 'clearSecrets' },
              {
                guard: { type: 'stepIs', params: ({ event }) => ({ answer: event.output, step: 'enrol' }) },
                target: '#adminGate.enrolment',
                actions: ['clearSecrets', assign({ session: ({ event }) => event.output.admin })],
              },
              {
                target: '#adminGate.authenticated',
                actions: ['clearSecrets', assign({ session: ({ event }) => event.output.admin }), 'announceLoggedIn'],
              },
            ],
            onError: {
              target: 'editing',
              actions: [assign(({ context }) => ({ fields: { ...context.fields, password: '' } })), { type: 'announceLoginFailed', params: ({ event }) => refusalOf(event.error) }],
            },
          },
        },
      },
    },
    /** The app's six digits, or a recovery code. */
    secondStep: {
      initial: 'editing',
      // 'Use another account': nothing typed is kept, the username included.
      on: { CANCEL: { target: 'loginForm', actions: assign({ fields: EMPTY, errors: {} }) } },
      states: {
        editing: {
          on: {
            SUBMIT: [
              { guard: 'codeValid', target: 'verifying', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => codeErrors(context) }), 'focusError'] },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ code: context.fields.code.trim() }),
            onDone: {
              target: '#adminGate.authenticated',
              actions: ['clearSecrets', assign({ session: ({ event }) => event.output.admin }), 'announceLoggedIn'],
            },
            onError: [
              // Five minutes passed since the password (or the server forgot it): start again.
              {
                guard: { type: 'stepExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#adminGate.loginForm',
                actions: ['clearSecrets', { type: 'announceCodeFailed', params: ({ event }) => refusalOf(event.error) }],
              },
              {
                target: 'editing',
                actions: [assign(({ context }) => ({ fields: { ...context.fields, code: '' } })), { type: 'announceCodeFailed', params: ({ event }) => refusalOf(event.error) }],
              },
            ],
          },
        },
      },
    },
    /** An invitation link: the operator chooses a password and is signed in. */
    invitation: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT: [
              { guard: 'passwordValid', target: 'accepting', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => passwordErrors(context) }), 'focusError'] },
            ],
          },
        },
        accepting: {
          tags: ['busy'],
          invoke: {
            id: 'acceptInvitation',
            src: 'acceptInvitation',
            input: ({ context }) => ({ token: context.invitation as string, password: context.fields.newPassword }),
            onDone: [
              {
                guard: { type: 'stepIs', params: ({ event }) => ({ answer: event.output, step: 'enrol' }) },
                target: '#adminGate.enrolment',
                actions: ['clearSecrets', assign({ session: ({ event }) => event.output.admin, invitation: null })],
              },
              {
                target: '#adminGate.authenticated',
                actions: ['clearSecrets', assign({ session: ({ event }) => event.output.admin, invitation: null }), 'announceLoggedIn'],
              },
            ],
            onError: [
              {
                guard: { type: 'invitationRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'refused',
                actions: ['clearSecrets', assign({ invitationError: ({ event }) => refusalOf(event.error).code ?? 'invitation_invalid' })],
              },
              { target: 'editing', actions: { type: 'announceLoginFailed', params: ({ event }) => refusalOf(event.error) } },
            ],
          },
        },
        // The link is spent or expired: say so, and offer the ordinary sign-in.
        refused: {
          on: { CANCEL: { target: '#adminGate.loginForm', actions: assign({ invitation: null, invitationError: null }) } },
        },
      },
    },
    /** Setting up two-factor sign-in: scan, confirm with a code, keep the recovery codes. */
    enrolment: {
      initial: 'starting',
      on: {
        CANCEL: [
          { guard: 'enrolmentOptional', target: '.left', actions: 'clearSecrets' },
          // An owner cannot use anything without it: leaving is signing out.
          { target: 'signingOut', actions: 'clearSecrets' },
        ],
      },
      states: {
        starting: {
          tags: ['busy'],
          invoke: {
            id: 'startEnrolment',
            src: 'startEnrolment',
            onDone: { target: 'scanning', actions: assign({ enrolment: ({ event }) => event.output }) },
            // Whatever the reason (a session that ended included), Retry or leave: leaving an owner's set-up signs out.
            onError: 'failed',
          },
        },
        failed: { on: { RETRY: 'starting' } },
        scanning: {
          on: {
            SUBMIT: [
              { guard: 'enrolmentCodeValid', target: 'confirming', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => enrolmentErrors(context) }), 'focusError'] },
            ],
          },
        },
        confirming: {
          tags: ['busy'],
          invoke: {
            id: 'confirmEnrolment',
            src: 'confirmEnrolment',
            input: ({ context }) => ({ code: context.fields.code.trim() }),
            onDone: {
              target: 'recoveryCodes',
              actions: [
                'clearSecrets',
                assign({
                  recoveryCodes: ({ event }) => event.output.recoveryCodes,
                  enrolment: null,
                  // Set up now: what the role may call is asked again after the codes are seen.
                  session: ({ context }) => (context.session ? { ...context.session, totp: true, mustEnrol: false } : null),
                }),
                'announceEnrolled',
              ],
            },
            onError: {
              target: 'scanning',
              actions: [assign(({ context }) => ({ fields: { ...context.fields, code: '' } })), { type: 'announceCodeFailed', params: ({ event }) => refusalOf(event.error) }],
            },
          },
        },
        recoveryCodes: {
          // What the role may call changes with two-factor sign-in set up: ask the server again.
          on: { CONTINUE: { target: '#adminGate.checking', actions: assign({ recoveryCodes: null }) } },
        },
        left: { type: 'final' },
      },
      onDone: { target: 'authenticated', actions: assign({ enrolment: null }) },
    },
    authenticated: {
      on: {
        SIGN_OUT: 'signingOut',
        EXPIRED: { target: 'loginForm', actions: [assign({ session: null }), 'announceExpired'] },
        ENROL: { guard: 'mayEnrol', target: 'enrolment' },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loginForm', actions: assign({ session: null, enrolment: null }) },
        // Where the session stands is the server's to say.
        onError: { target: 'checking', actions: 'announceSignOutFailed' },
      },
    },
    home: { type: 'final', entry: emit(navigate(ROUTES.home)), output: { to: ROUTES.home } },
  },
  output: ({ event }) => event.output as AdminGateOutput,
});
