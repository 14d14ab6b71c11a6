import { assign, emit, fromPromise, setup } from 'xstate';
import { failureToast, navigate, toast, type WorldEffect } from './effects';
import { ROUTES } from './domain/routes';
import type { AccountDto } from '../openapi/schemas/auth';
import { validateGuest, validateLogin, validateSignup } from './domain/account';
import type { ValidationError } from './domain/validators';
import { refusalMessage, refusalOf, type Refusal } from './domain/errorCodes';

export type LoginField = 'email' | 'password' | 'confirmPassword' | 'guestEmail';

export interface LoginInput {
  /** Which tab opens first (`?tab=signup` from the pricing page's Sign Up link). */
  tab: 'login' | 'signup';
}

export interface LoginContext extends LoginInput {
  fields: Record<LoginField, string>;
  errors: Partial<Record<LoginField, ValidationError>>;
  account: AccountDto | null;
}

export type LoginEvent =
  | { type: 'TAB.LOGIN' }
  | { type: 'TAB.SIGNUP' }
  | { type: 'FIELD.CHANGE'; field: LoginField; value: string }
  | { type: 'LOGIN' }
  | { type: 'GUEST' }
  | { type: 'SIGNUP' };

/** The page's three forms, by their ids: a refused submit moves focus to the first field in error of its own. */
export const LOGIN_FORMS = { login: 'login-form', guest: 'guest-form', signup: 'signup-form' } as const;

/** A refusal, in the interface language: what the server coded, when it said why (spec 1-core §8), else ours. */
const refused = (kind: 'login' | 'signup' | 'guest', refusal: Refusal) => {
  const key = `account:toast.${kind === 'login' ? 'loginFailed' : kind === 'signup' ? 'signupFailed' : 'guestFailed'}`;
  const message = refusalMessage(refusal, `${key}.description`);
  return failureToast(`${key}.title`, message.key, message.params);
};

interface Credentials {
  email: string;
  password: string;
}


const loginErrors = (c: LoginContext) => validateLogin({ email: c.fields.email, password: c.fields.password });
const signupErrors = (c: LoginContext) =>
  validateSignup({ email: c.fields.email, password: c.fields.password, confirmPassword: c.fields.confirmPassword });
const guestErrors = (c: LoginContext) => {
  const { email } = validateGuest({ email: c.fields.guestEmail });
  return email ? { guestEmail: email } : {};
};
const none = (errors: object) => Object.keys(errors).length === 0;

/**
 * /login (spec 1-core §2.9): the Login and Sign Up tabs and guest access by e-mail. Every form is checked with
 * the same rules the server applies; a successful sign-in ends the flow on /dashboard with the account.
 */
export const loginMachine = setup({
  types: { input: {} as LoginInput, context: {} as LoginContext, events: {} as LoginEvent, emitted: {} as WorldEffect },
  actors: {
    /** POST /api/auth/user-login; provided by the client. */
    userLogin: fromPromise<AccountDto, Credentials>(async () => {
      throw new Error('userLogin is provided by the caller');
    }),
    /** POST /api/auth/signup; provided by the client. */
    signup: fromPromise<AccountDto, Credentials>(async () => {
      throw new Error('signup is provided by the caller');
    }),
    /** POST /api/auth/guest-login; provided by the client. */
    guestLogin: fromPromise<AccountDto, { email: string }>(async () => {
      throw new Error('guestLogin is provided by the caller');
    }),
  },
  actions: {
    // The toasts of spec 1-core §5 and §8.
    announceLoggedIn: emit(toast('account:toast.loggedIn.title', 'account:toast.loggedIn.description')),
    announceLoginFailed: emit((_, params: Refusal) => refused('login', params)),
    announceSignedUp: emit(toast('account:toast.signedUp.title', 'account:toast.signedUp.description')),
    announceSignupFailed: emit((_, params: Refusal) => refused('signup', params)),
    announceGuest: emit(toast('account:toast.guest.title', 'account:toast.guest.description')),
    announceGuestFailed: emit((_, params: Refusal) => refused('guest', params)),
    announceMismatch: emit(failureToast('account:toast.mismatch.title', 'account:toast.mismatch.description')),
    /** A refused submit: focus moves to the first field of that form that needs attention. */
    focusError: emit((_, params: { form: keyof typeof LOGIN_FORMS }) => ({ type: 'focusError' as const, form: LOGIN_FORMS[params.form] })),
  },
  guards: {
    loginValid: ({ context }) => none(loginErrors(context)),
    signupValid: ({ context }) => none(signupErrors(context)),
    guestValid: ({ context }) => none(guestErrors(context)),
    opensOnSignup: ({ context }) => context.tab === 'signup',
    passwordsDiffer: ({ context }) => signupErrors(context).confirmPassword !== undefined,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ tab: input.tab, fields: { email: '', password: '', confirmPassword: '', guestEmail: '' }, errors: {}, account: null }),
  initial: 'choosing',
  on: {
    'FIELD.CHANGE': {
      actions: assign(({ context, event }) => {
        const { [event.field]: _cleared, ...errors } = context.errors;
        return { fields: { ...context.fields, [event.field]: event.value }, errors };
      }),
    },
  },
  states: {
    choosing: {
      always: [{ guard: 'opensOnSignup', target: 'signup' }, { target: 'login' }],
    },
    login: {
      initial: 'editing',
      on: { 'TAB.SIGNUP': { target: 'signup', actions: assign({ errors: {} }) } },
      states: {
        editing: {
          on: {
            LOGIN: [
              { guard: 'loginValid', target: 'signingIn', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => loginErrors(context) }), { type: 'focusError', params: { form: 'login' } }] },
            ],
            GUEST: [
              { guard: 'guestValid', target: 'enteringAsGuest', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => guestErrors(context) }), { type: 'focusError', params: { form: 'guest' } }] },
            ],
          },
        },
        signingIn: {
          tags: ['busy'],
          invoke: {
            id: 'userLogin',
            src: 'userLogin',
            input: ({ context }) => ({ email: context.fields.email.trim(), password: context.fields.password }),
            onDone: { target: '#login.done', actions: [assign({ account: ({ event }) => event.output }), 'announceLoggedIn'] },
            onError: { target: 'editing', actions: { type: 'announceLoginFailed', params: ({ event }) => refusalOf(event.error) } },
          },
        },
        enteringAsGuest: {
          tags: ['busy'],
          invoke: {
            id: 'guestLogin',
            src: 'guestLogin',
            input: ({ context }) => ({ email: context.fields.guestEmail.trim() }),
            onDone: { target: '#login.done', actions: [assign({ account: ({ event }) => event.output }), 'announceGuest'] },
            onError: { target: 'editing', actions: { type: 'announceGuestFailed', params: ({ event }) => refusalOf(event.error) } },
          },
        },
      },
    },
    signup: {
      initial: 'editing',
      on: { 'TAB.LOGIN': { target: 'login', actions: assign({ errors: {} }) } },
      states: {
        editing: {
          on: {
            SIGNUP: [
              { guard: 'signupValid', target: 'signingUp', actions: assign({ errors: {} }) },
              // 'Password Mismatch' / 'Passwords do not match' (spec 1-core §5), beside the field's own message.
              {
                guard: 'passwordsDiffer',
                actions: [assign({ errors: ({ context }) => signupErrors(context) }), 'announceMismatch', { type: 'focusError', params: { form: 'signup' } }],
              },
              { actions: [assign({ errors: ({ context }) => signupErrors(context) }), { type: 'focusError', params: { form: 'signup' } }] },
            ],
          },
        },
        signingUp: {
          tags: ['busy'],
          invoke: {
            id: 'signup',
            src: 'signup',
            input: ({ context }) => ({ email: context.fields.email.trim(), password: context.fields.password }),
            onDone: { target: '#login.done', actions: [assign({ account: ({ event }) => event.output }), 'announceSignedUp'] },
            onError: { target: 'editing', actions: { type: 'announceSignupFailed', params: ({ event }) => refusalOf(event.error) } },
          },
        },
      },
    },
    // Signed in: the app's session knows who it is now, and the dashboard opens.
    done: {
      type: 'final',
      tags: ['busy'],
      entry: [emit(({ context }) => ({ type: 'signedIn' as const, account: context.account as AccountDto })), emit(navigate(ROUTES.dashboard))],
    },
  },
});
