import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { adminGateCalls } from '../../client/api/actors/admin';
import { adminGateMachine, type AdminGateContext } from '../../machines/adminGate.machine';
import { validateAdminLogin } from '../../machines/domain/account';
import { TEST_ADMIN } from '../helpers/app';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /teamomora's gate (spec 1-core §2.10, §4) against the real admin routes: the status check, the sign-in form with
// right and wrong passwords, the session ending and signing out. Each path starts with the admin's failures
// forgotten, so a path's wrong passwords never lock the next one out.

const context = (s: Snap) => s.context as AdminGateContext;

async function freshAdmin(world: World): Promise<void> {
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'admin:%').execute();
}

async function signedInAdmin(world: World): Promise<void> {
  await freshAdmin(world);
  const res = await world.http({ method: 'POST', path: '/api/auth/admin-login', body: TEST_ADMIN });
  expect(res.status).toBe(200);
}

const adminStatus = (world: World) => world.http({ method: 'GET', path: '/api/auth/admin-status' });

/** The moves of the gate: the server's answers as this case's session will get them, and what the admin does. */
function events(password: string, signedIn: boolean) {
  return (s: Snap): AnyEventObject[] => {
    if (s.matches('checking')) {
      return [
        { type: 'xstate.done.actor.adminStatus', output: { admin: signedIn ? { username: TEST_ADMIN.username } : null } },
        { type: 'xstate.error.actor.adminStatus', error: 'network' },
      ];
    }
    if (s.matches({ loginForm: 'signingIn' })) {
      return [
        password === TEST_ADMIN.password
          ? { type: 'xstate.done.actor.adminLogin', output: { username: TEST_ADMIN.username } }
          : { type: 'xstate.error.actor.adminLogin', error: 'server' },
        { type: 'xstate.error.actor.adminLogin', error: 'network' },
      ];
    }
    if (s.matches({ authenticated: 'signingOut' })) return [{ type: 'xstate.done.actor.logout', output: null }, { type: 'xstate.error.actor.logout', error: 'network' }];
    // The dashboard runs while the session is an admin's; it ends when the server stops answering it as one.
    if (s.matches({ authenticated: 'open' })) return [{ type: 'SIGN_OUT' }, { type: 'xstate.done.actor.adminDashboard', output: { expired: true } }];
    if (s.matches({ loginForm: 'editing' })) {
      const f = context(s).fields;
      const fill = !f.username ? [{ type: 'FIELD.CHANGE', field: 'username', value: `  ${TEST_ADMIN.username} ` }] : !f.password ? [{ type: 'FIELD.CHANGE', field: 'password', value: password }] : [];
      return [...fill, { type: 'SUBMIT' }, { type: 'BACK_HOME' }];
    }
    return [];
  };
}

export const adminGatePaths: PathModel = {
  machine: adminGateMachine,
  budget: 40,
  // The dashboard, the gate's child, stands for its own path model (adminDashboard.paths.ts): here it only ends.
  calls: (http) => ({ ...adminGateCalls(http), adminDashboard: async () => ({ expired: true }) }),
  abstraction: (s) => ({ value: s.value, fields: context(s).fields, errors: Object.keys(context(s).errors).sort(), username: context(s).username }),
  cases: [
    { name: 'nobody signed in, then the admin with the right password', input: undefined, setup: async (w, i) => (await freshAdmin(w), i), events: events(TEST_ADMIN.password, false) },
    { name: 'nobody signed in, then a wrong password', input: undefined, setup: async (w, i) => (await freshAdmin(w), i), events: events('not the password', false) },
    { name: 'an admin already signed in', input: undefined, setup: async (w, i) => (await signedInAdmin(w), i), events: events(TEST_ADMIN.password, true) },
  ],
  required: [
    // The right password sent and signed in, then signed out: the sequence the sign-in oracle was written for.
    {
      name: 'the right password, signed in, then out',
      through: [(e, before) => e.type === 'SUBMIT' && Boolean(context(before).fields.username.trim() && context(before).fields.password), (e) => e.type === 'xstate.done.actor.adminLogin', (e) => e.type === 'SIGN_OUT', (e) => e.type === 'xstate.done.actor.logout'],
    },
    { name: 'a wrong password refused', case: 'nobody signed in, then a wrong password', through: [(e, before) => e.type === 'SUBMIT' && Boolean(context(before).fields.password), (e) => e.type === 'xstate.error.actor.adminLogin' && e.error === 'server'] },
    { name: 'an admin already signed in, whose session ends', case: 'an admin already signed in', through: [(e) => e.type === 'xstate.done.actor.adminStatus', (e) => e.type === 'xstate.done.actor.adminDashboard'] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('checking');
      expect(s.context).toEqual({ fields: { username: '', password: '' }, errors: {}, username: null });
      expect(s.hasTag('busy')).toBe(true);
      expect(world.held.map((h) => h.name)).toEqual(['adminStatus']);
    },
    step: ({ before, event, after, started, asked, world }) => {
      // The form is sent only when both fields are filled in, with the username trimmed; otherwise each says why.
      if (event.type === 'SUBMIT' && before.matches({ loginForm: 'editing' })) {
        const f = context(before).fields;
        const errors = validateAdminLogin(f);
        const valid = Object.keys(errors).length === 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [['adminLogin', { username: f.username.trim(), password: f.password }]] : []);
        expect(context(after).errors).toEqual(valid ? {} : errors);
      }
      // Where each answer leads: the dashboard for an admin, the form for anyone else or when no answer came.
      if (event.type === 'xstate.done.actor.adminStatus') expect(after.value).toEqual((event as { output?: { admin: unknown } }).output?.admin ? { authenticated: 'open' } : { loginForm: 'editing' });
      if (event.type === 'xstate.error.actor.adminStatus') expect(after.value).toEqual({ loginForm: 'editing' });
      if (event.type === 'xstate.done.actor.adminLogin') expect(after.value).toEqual({ authenticated: 'open' });
      if (event.type === 'xstate.error.actor.adminLogin') expect(after.value).toEqual({ loginForm: 'editing' });
      if (event.type === 'xstate.done.actor.logout' || event.type === 'xstate.done.actor.adminDashboard') expect(after.value).toEqual({ loginForm: 'editing' });
      // The dashboard starts with the admin's session and only then.
      expect(started.filter((h) => h.name === 'adminDashboard')).toHaveLength(after.matches('authenticated') && !before.matches('authenticated') ? 1 : 0);
      // A refused sign-out leaves the dashboard as it was.
      if (event.type === 'xstate.error.actor.logout') expect(after.value).toEqual({ authenticated: 'open' });
      if (event.type === 'SUBMIT' && before.matches({ loginForm: 'editing' })) expect(after.value).toEqual(Object.keys(validateAdminLogin(context(before).fields)).length === 0 ? { loginForm: 'signingIn' } : { loginForm: 'editing' });
      if (event.type === 'xstate.error.actor.adminLogin') {
        // 'Login Failed' with the server's message when it answered, else the spec's default; the password is cleared.
        const held = lastHeld(world, 'adminLogin');
        const answer = lastCall(world, 'POST', '/api/auth/admin-login');
        expect(asked.map((a) => a.params.toast)).toEqual([
          { title: 'admin:toast.loginFailed.title', description: held?.verdict === 'sent' ? 'errors:invalid_admin_credentials' : 'admin:toast.loginFailed.description', variant: 'destructive' },
        ]);
        if (held?.verdict === 'sent') expect(answer?.response).toMatchObject({ code: 'invalid_admin_credentials' });
        if (held?.verdict === 'sent') expect(answer?.status).toBe(401);
        expect(context(after).fields.password).toBe('');
      }
      if (event.type === 'xstate.done.actor.adminLogin') {
        expect(asked.map((a) => a.params.toast)).toEqual([{ title: 'admin:toast.loggedIn.title', description: 'admin:toast.loggedIn.description' }]);
        expect(context(after).fields).toEqual({ username: '', password: '' });
      }
      // A field typed takes its value and loses its own message, and only its own.
      if (event.type === 'FIELD.CHANGE' && before.matches('loginForm')) {
        const { [event.field]: _gone, ...others } = context(before).errors as Record<string, unknown>;
        expect(context(after).fields).toEqual({ ...context(before).fields, [event.field]: event.value });
        expect(context(after).errors).toEqual(others);
      }
      if (event.type === 'xstate.done.actor.adminDashboard') expect(asked.map((a) => a.params.toast)).toEqual([{ title: 'admin:toast.expired.title', description: 'admin:toast.expired.description' }]);
      if (event.type === 'xstate.error.actor.logout') {
        expect(asked.map((a) => a.params.toast)).toEqual([{ title: 'admin:toast.signOutFailed.title', description: 'admin:toast.signOutFailed.description', variant: 'destructive' }]);
      }
      // A form refused for its fields: focus goes to the first of them.
      if (event.type === 'SUBMIT' && before.matches({ loginForm: 'editing' }) && Object.keys(validateAdminLogin(context(before).fields)).length > 0) {
        expect(asked.map((a) => a.params)).toEqual([{ type: 'focusError', form: 'admin-form' }]);
      }
      if (event.type === 'SIGN_OUT') expect(started.map((h) => h.name)).toEqual(['logout']);
    },
    states: {
      // The dashboard shows only when the server itself says this session is an admin.
      authenticated: async (s, world) => {
        const status = await adminStatus(world);
        expect(status.status).toBe(200);
        expect(context(s).username).toBe(TEST_ADMIN.username);
        expect(JSON.parse(status.text)).toEqual({ admin: { username: TEST_ADMIN.username } });
      },
      'loginForm.editing': async (s, world) => {
        expect(context(s).username).toBeNull();
        // After a sign-out the server has ended the session too.
        if (lastHeld(world, 'logout')?.verdict === 'sent' && world.events.at(-1)?.type === 'xstate.done.actor.logout') {
          expect(JSON.parse((await adminStatus(world)).text)).toEqual({ admin: null });
        }
        if (lastHeld(world, 'adminStatus')?.verdict === 'sent' && world.events.length === 1) {
          const answer = lastCall(world, 'GET', '/api/auth/admin-status');
          expect([answer?.status, answer?.response]).toEqual([200, { admin: null }]);
        }
      },
      'loginForm.signingIn': (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'adminLogin')?.input.username).toBe(TEST_ADMIN.username);
      },
      'authenticated.signingOut': (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'logout')?.verdict).toBe('waiting');
      },
      home: (s, world) => {
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/']);
        expect(effectsOf(world, 'toast').filter((e) => e.params.toast.title === 'admin:toast.loggedIn.title')).toHaveLength(0);
      },
    },
  },
};
