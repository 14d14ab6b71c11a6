import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { MeDto } from '../../openapi/schemas/auth';
import { fetchTransport } from '../api/transport';
import { performEffects } from './effects';
import { inspect } from './inspect';
import type { ToastActor } from './toasts';

/**
 * The calls load with their contracts (and TypeBox) after the first paint: every page starts the session, so
 * importing them here would put them in the landing page's entry chunk.
 */
const calls = async () => (await import('../api/actors/account')).sessionCalls(fetchTransport);

/**
 * The one session actor of the app: the header's user menu, /login and /dashboard share it. Unstarted when asked:
 * hydrating a prerendered page, the first render must still be asking the server, as the prerender was.
 */
export function startSession(toasts: ToastActor, { start = true } = {}) {
  const inspector = inspect();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        fetchMe: fromPromise<MeDto>(async () => (await calls()).fetchMe()),
        logout: fromPromise<null>(async () => (await calls()).logout()),
      },
    }),
    inspector ? { inspect: inspector } : {},
  );
  performEffects(actor, { toasts });
  if (start) actor.start();
  return actor;
}

export type SessionActor = ReturnType<typeof startSession>;
