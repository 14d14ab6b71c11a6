import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { sessionCalls } from '../../client/api/actors/account';
import { sessionMachine } from '../../machines/session.machine';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// The app-wide session (header user menu, /login, /dashboard) against the real auth routes.

const ACCOUNT = { id: 'model', email: 'model@example.com', role: 'user' };
const SIGNED_IN: AnyEventObject = { type: 'SIGNED_IN', account: ACCOUNT };

function events(signedIn: boolean) {
  return (s: Snap): AnyEventObject[] => {
    if (s.matches('checking')) {
      return [
        { type: 'xstate.done.actor.fetchMe', output: { user: signedIn ? ACCOUNT : null } },
        { type: 'xstate.error.actor.fetchMe', error: 'network' },
        SIGNED_IN,
      ];
    }
    if (s.matches('signingOut')) return [{ type: 'xstate.done.actor.logout', output: null }, { type: 'xstate.error.actor.logout', error: 'network' }, { type: 'SIGN_OUT' }];
    return [SIGNED_IN, { type: 'SIGN_OUT' }];
  };
}

const signUp = async (world: World, input: unknown) => {
  const email = `session.${Math.random().toString(36).slice(2, 10)}@example.com`;
  await world.http({ method: 'POST', path: '/api/auth/signup', body: { email, password: 'a long passphrase' } });
  return input;
};

export const sessionPaths: PathModel = {
  machine: sessionMachine,
  budget: 30,
  calls: sessionCalls,
  abstraction: (s) => ({ value: s.value, signedIn: s.context.account !== null }),
  cases: [
    { name: 'a browser nobody signed in on', input: undefined, events: events(false) },
    { name: 'a browser signed in earlier', input: undefined, setup: signUp, events: events(true) },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('checking');
      expect(world.held.map((h) => h.name)).toEqual(['fetchMe']);
    },
    step: ({ event, before, after, world, started }) => {
      // Where each event leads, said here rather than read from the machine: the server's answer decides who is
      // signed in; a sign-in elsewhere in the app (SIGNED_IN) is heard at once, except while signing out.
      const expected = (() => {
        if (event.type === 'xstate.done.actor.fetchMe') return (event as unknown as { output: { user: unknown } }).output.user ? 'signedIn' : 'signedOut';
        if (event.type === 'xstate.error.actor.fetchMe' || /^xstate\.(done|error)\.actor\.logout$/.test(event.type)) return 'signedOut';
        if (event.type === 'SIGNED_IN') return before.matches('signingOut') ? 'signingOut' : 'signedIn';
        if (event.type === 'SIGN_OUT') return before.matches('signedIn') ? 'signingOut' : before.value;
        return before.value;
      })();
      expect(after.value).toEqual(expected);
      // Busy exactly while the server is asked who is signed in, or to sign out.
      expect(after.hasTag('busy')).toBe(after.matches('checking') || after.matches('signingOut'));
      // Signing out asks the server once, and says 'Logged Out' however the server answered.
      expect(started.map((h) => h.name)).toEqual(event.type === 'SIGN_OUT' && after.matches('signingOut') && world.events.at(-2)?.type !== 'SIGN_OUT' ? ['logout'] : []);
      // 'Logged Out', whatever the server answered: the person asked to be signed out here.
      const signOuts = world.events.filter((e) => /^xstate\.(done|error)\.actor\.logout$/.test(e.type)).length;
      expect(effectsOf(world, 'toast').map((e) => e.params.toast)).toEqual(
        Array.from({ length: signOuts }, () => ({ title: 'account:toast.loggedOut.title', description: 'account:toast.loggedOut.description' })),
      );
      if (event.type === 'SIGNED_IN') expect(after.context.account).toEqual(event.account);
    },
    states: {
      signedIn: (s, world) => {
        const told = [...world.events].reverse().find((e) => e.type === 'SIGNED_IN' || e.type === 'xstate.done.actor.fetchMe');
        if (told?.type === 'xstate.done.actor.fetchMe') expect(s.context.account).toEqual((lastCall(world, 'GET', '/api/auth/me')?.response as { user: unknown }).user);
        expect(s.context.account).not.toBeNull();
      },
      signedOut: async (s, world) => {
        expect(s.context.account).toBeNull();
        // Nobody is shown signed in unless the server said so; after a sign-out that reached it, it says nobody is.
        const logout = lastHeld(world, 'logout');
        if (logout?.verdict === 'sent') {
          const me = await world.http({ method: 'GET', path: '/api/auth/me' });
          expect(JSON.parse(me.text).user).toBeNull();
        } else if (!logout) {
          const me = lastCall(world, 'GET', '/api/auth/me');
          expect(me === undefined || (me.response as { user: unknown }).user === null).toBe(true);
        }
      },
      signingOut: (s) => expect(s.hasTag('busy')).toBe(true),
    },
  },
};
