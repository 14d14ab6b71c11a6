import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { loginCalls } from '../../client/api/actors/account';
import { loginMachine, type LoginContext, type LoginField } from '../../machines/login.machine';
import { injectTransport } from '../helpers/transport';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';
import { wordedKey } from './worded';

// /login (spec 1-core §2.9) against the real account routes. Each case puts the account it needs in place
// first (absent, or present with a known password and no failures), so every path meets the same server.

const EMAIL = { fresh: 'path.new@example.com', taken: 'path.taken@example.com', member: 'path.member@example.com' } as const;
const PASSWORD = 'a long passphrase';

async function withoutAccount(world: World, email: string): Promise<void> {
  await world.app.db.deleteFrom('users').where('email', '=', email).execute();
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'login:%').execute();
}

async function withAccount(world: World, email: string): Promise<void> {
  await withoutAccount(world, email);
  const other = injectTransport(world.app);
  const res = await other({ method: 'POST', path: '/api/auth/signup', body: { email, password: PASSWORD } });
  expect(res.status).toBe(201);
}

const context = (s: Snap) => s.context as LoginContext;

type Errors = Record<string, { key: string; params?: Record<string, number> }>;

// The forms' rules in the oracle's words (spec 1-core §5, machines/domain/account.ts's header), for the values the
// paths type: an e-mail is required and has a name, an @ and a domain, spaces around it aside; a sign-in password
// is only required; a new one has 10 to 200 characters; its confirmation is required and the same.
function emailError(typed: string): Errors[string] | null {
  if (typed.trim() === '') return { key: 'validation.required' };
  return /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(typed.trim()) ? null : { key: 'validation.email.invalid' };
}

function newPasswordError(typed: string): Errors[string] | null {
  if (typed === '') return { key: 'validation.required' };
  if ([...typed].length < 10) return { key: 'validation.password.short', params: { min: 10 } };
  return [...typed].length > 200 ? { key: 'validation.password.long', params: { max: 200 } } : null;
}

function confirmationError(password: string, confirmation: string): Errors[string] | null {
  if (confirmation === '') return { key: 'validation.required' };
  return password !== '' && confirmation !== password ? { key: 'validation.password.mismatch' } : null;
}

/** Only the fields in error, as the form shows them. */
const errorsOf = (fields: Record<string, Errors[string] | null>): Errors =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, Errors[string]] => entry[1] !== null));
const change = (field: LoginField, value: string): AnyEventObject => ({ type: 'FIELD.CHANGE', field, value });

type Succeeds = Record<'userLogin' | 'guestLogin' | 'signup', boolean>;

/** The outcomes of the sign-in call running in this state: what the server will answer, or a lost connection. */
function outcomes(s: Snap, succeeds: Succeeds): AnyEventObject[] {
  for (const [state, id] of [
    [{ login: 'signingIn' }, 'userLogin'],
    [{ login: 'enteringAsGuest' }, 'guestLogin'],
    [{ signup: 'signingUp' }, 'signup'],
  ] as const) {
    if (!s.matches(state)) continue;
    return [
      succeeds[id] ? { type: `xstate.done.actor.${id}`, output: { id: 'model', email: 'model', role: 'user' } } : { type: `xstate.error.actor.${id}`, error: 'server' },
      { type: `xstate.error.actor.${id}`, error: 'network' },
    ];
  }
  return [];
}

/** The moves of each tab: fill the first empty field (a wrong value where it matters), submit, switch tabs. */
function moves(email: string, password: string, succeeds: Succeeds) {
  return (s: Snap): AnyEventObject[] => {
    if (s.hasTag('busy')) return outcomes(s, succeeds);
    const f = context(s).fields;
    if (s.matches('login')) {
      // E-mails as people paste them, with spaces around: what is sent is trimmed.
      const fill = !f.email ? [change('email', ` ${email} `), change('email', 'not-an-email')] : !f.password ? [change('password', password)] : !f.guestEmail ? [change('guestEmail', ` ${email}`)] : [];
      return [...fill, { type: 'LOGIN' }, { type: 'GUEST' }, { type: 'TAB.SIGNUP' }, { type: 'SIGNUP' }];
    }
    const fill = !f.email ? [change('email', `${email} `)] : !f.password ? [change('password', password), change('password', 'short')] : !f.confirmPassword ? [change('confirmPassword', password), change('confirmPassword', `${password}!`)] : [];
    return [...fill, { type: 'SIGNUP' }, { type: 'TAB.LOGIN' }, { type: 'LOGIN' }];
  };
}

const loginCase = (
  name: string,
  tab: 'login' | 'signup',
  setup: (world: World) => Promise<void>,
  [email, password]: [string, string],
  succeeds: Omit<Succeeds, 'guestLogin'>,
): PathCase => ({
  name,
  input: { tab },
  setup: async (world, input) => {
    await setup(world);
    return input;
  },
  // A guest needs no account: any well-formed e-mail enters.
  events: moves(email, password, { ...succeeds, guestLogin: true }),
});

/** The toast each refused call's form says ('Login Failed', 'Sign up failed', the guest's), by the call. */
const FAILED_TOAST: Record<string, string> = { userLogin: 'account:toast.loginFailed', guestLogin: 'account:toast.guestFailed', signup: 'account:toast.signupFailed' };
/** Each form's id on the page, by the event that submits it: a refused submit focuses its first field in error. */
const FORM_OF: Record<string, string> = { LOGIN: 'login-form', GUEST: 'guest-form', SIGNUP: 'signup-form' };
/** The welcome each way in says. */
const WELCOMES = ['account:toast.loggedIn.title', 'account:toast.signedUp.title', 'account:toast.guest.title'];

export const loginPaths: PathModel = {
  machine: loginMachine,
  // The transition cover's paths and the required sequences' (five).
  budget: 110,
  calls: loginCalls,
  abstraction: (s) => ({ value: s.value, fields: context(s).fields, errors: Object.keys(context(s).errors).sort() }),
  // What a person does after a refusal, whatever the transition cover picks: the errors of one form do not follow
  // a switch to the other tab, and a lost connection leaves the form to be sent again.
  required: [
    {
      name: 'a sign-up refused for a short password, then the sign-in tab: no sign-up error there',
      through: [(e, before) => e.type === 'SIGNUP' && before.matches({ signup: 'editing' }) && context(before).fields.password === 'short', (e) => e.type === 'TAB.LOGIN'],
    },
    {
      name: 'a sign-up refused, then the sign-in tab and back: the errors are gone',
      through: [(e, before) => e.type === 'SIGNUP' && before.matches({ signup: 'editing' }), (e) => e.type === 'TAB.LOGIN', (e) => e.type === 'TAB.SIGNUP'],
    },
    {
      name: 'a sign-in refused for its e-mail, then the sign-up tab: no sign-in error there',
      case: 'a member signing in',
      through: [(e, before) => e.type === 'LOGIN' && before.matches({ login: 'editing' }) && context(before).fields.email === 'not-an-email', (e) => e.type === 'TAB.SIGNUP'],
    },
    {
      name: 'a sign-in lost, then Sign in again',
      case: 'a member signing in',
      through: [(e) => e.type === 'xstate.error.actor.userLogin' && e.error === 'network', (e) => e.type === 'LOGIN', (e) => e.type === 'xstate.done.actor.userLogin'],
    },
    {
      name: 'a guest entry lost, then as a guest again',
      case: 'a member signing in',
      through: [(e) => e.type === 'xstate.error.actor.guestLogin', (e) => e.type === 'GUEST', (e) => e.type === 'xstate.done.actor.guestLogin'],
    },
  ],
  cases: [
    loginCase('a new applicant signing up', 'signup', (w) => withoutAccount(w, EMAIL.fresh), [EMAIL.fresh, PASSWORD], { signup: true, userLogin: false }),
    loginCase('an e-mail that already has an account', 'signup', (w) => withAccount(w, EMAIL.taken), [EMAIL.taken, PASSWORD], { signup: false, userLogin: true }),
    loginCase('a member signing in', 'login', (w) => withAccount(w, EMAIL.member), [EMAIL.member, PASSWORD], { signup: false, userLogin: true }),
    loginCase('a member with the wrong password', 'login', (w) => withAccount(w, EMAIL.member), [EMAIL.member, 'not the password'], { signup: false, userLogin: false }),
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.matches({ [world.input.tab]: 'editing' })).toBe(true);
      expect(world.held).toEqual([]);
    },
    step: ({ before, event, after, world, started, asked }) => {
      const f = context(before).fields;
      // A form is sent only when the same rules the server applies accept it; otherwise each field says why.
      const forms: Record<string, [string, object, object]> = {
        LOGIN: ['userLogin', errorsOf({ email: emailError(f.email), password: f.password === '' ? { key: 'validation.required' } : null }), { email: f.email.trim(), password: f.password }],
        SIGNUP: [
          'signup',
          errorsOf({ email: emailError(f.email), password: newPasswordError(f.password), confirmPassword: confirmationError(f.password, f.confirmPassword) }),
          { email: f.email.trim(), password: f.password },
        ],
        GUEST: ['guestLogin', errorsOf({ email: emailError(f.guestEmail) }), { email: f.guestEmail.trim() }],
      };
      const form = forms[event.type];
      const tabOf = (t: string) => (t === 'SIGNUP' ? 'signup' : 'login');
      if (form && before.matches({ [tabOf(event.type)]: 'editing' })) {
        const [call, errors, body] = form;
        const valid = Object.keys(errors).length === 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [[call, body]] : []);
        // A refused form shows each field's reason; a form sent shows none.
        // (The guest's e-mail is its own field.)
        const shown = event.type === 'GUEST' ? Object.fromEntries(Object.entries(errors).map(([, why]) => ['guestEmail', why])) : errors;
        expect(context(after).errors).toEqual(valid ? {} : shown);
        // 'Passwords do not match' beside the field's own message; focus to the form's first field in error.
        const mismatch = !valid && event.type === 'SIGNUP' && 'confirmPassword' in errors;
        expect(asked.map((a) => a.params)).toEqual([
          ...(mismatch ? [{ type: 'toast', toast: { title: 'account:toast.mismatch.title', description: 'account:toast.mismatch.description', variant: 'destructive' } }] : []),
          ...(valid ? [] : [{ type: 'focusError', form: FORM_OF[event.type] }]),
        ]);
      } else {
        expect(started).toEqual([]);
      }
      // Each refusal or lost connection is announced once, with the server's message when it sent one.
      if (/^xstate\.error\.actor\./.test(event.type)) {
        const id = event.type.replace('xstate.error.actor.', '');
        const held = lastHeld(world, id);
        const answer = [...world.calls].reverse()[0];
        // The server's reason as a code the page words in its language (issue 34), never its English message.
        const code = (answer?.response as { code?: string } | undefined)?.code;
        const key = FAILED_TOAST[id] as string;
        expect(asked.map((a) => a.params.toast)).toEqual([
          { title: `${key}.title`, description: (held?.verdict === 'sent' && wordedKey(code)) || `${key}.description`, variant: 'destructive' },
        ]);
        if (held?.verdict === 'sent') expect([401, 409]).toContain(answer?.status);
      }
      if (event.type === 'TAB.LOGIN' || event.type === 'TAB.SIGNUP') expect(context(after).errors).toEqual({});
    },
    states: {
      done: async (s, world) => {
        const answer = [...world.calls].reverse()[0];
        expect([200, 201]).toContain(answer?.status);
        // The app's session is told who it is, and the dashboard opens.
        expect(effectsOf(world, 'signedIn').map((e) => e.params.account)).toEqual([answer?.response]);
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/dashboard']);
        expect(s.hasTag('busy')).toBe(true);
        // The session is signed in now: the server says who it is.
        const me = await world.http({ method: 'GET', path: '/api/auth/me' });
        expect(JSON.parse(me.text).user).toEqual(answer?.response);
        const welcomed = effectsOf(world, 'toast').filter((e) => WELCOMES.includes(e.params.toast.title));
        expect(welcomed).toHaveLength(1);
      },
      'login.signingIn': (s) => expect(s.hasTag('busy')).toBe(true),
      'signup.signingUp': (s) => expect(s.hasTag('busy')).toBe(true),
    },
  },
};
