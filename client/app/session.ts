import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { makeSessionActors } from '../api/actors/account';
import { fetchTransport } from '../api/transport';
import { inspect } from './inspect';
import type { ToastActor } from './toasts';

/** The one session actor of the app: the header's user menu, /login and /dashboard share it. */
export function startSession(toasts: ToastActor) {
  const inspector = inspect();
  const actor = createActor(
    sessionMachine.provide({
      actors: makeSessionActors(fetchTransport),
      actions: {
        announceSignedOut: () =>
          toasts.send({ type: 'TOAST.SHOW', toast: { title: 'account:toast.loggedOut.title', description: 'account:toast.loggedOut.description' } }),
      },
    }),
    inspector ? { inspect: inspector } : {},
  );
  actor.start();
  return actor;
}

export type SessionActor = ReturnType<typeof startSession>;
