import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { useAppActors } from './AppContext';
import { performEffects } from './effects';
import { inspect } from './inspect';

/**
 * Starts a page's machine (with the inspector when asked), performs what it emits, and follows it when it finishes: the start-flow
 * machines end with an output `{ to }` naming the next screen; `destination` maps other outputs to one.
 */
export function useLegacyFlow<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
  destination: (output: unknown) => string | null = (output) => (output as { to?: string } | undefined)?.to ?? null,
) {
  const inspector = inspect();
  const ref = useActorRef(machine, { input, ...(inspector ? { inspect: inspector } : {}) });
  const navigate = useNavigate();
  const app = useAppActors();
  // What the machine emits (machines/effects.ts) is performed in one place, as for a flow through the door; before the
  // actor starts, so what it emits on entering its first state is heard (see client/app/useFlow.ts).
  useLayoutEffect(() => performEffects(ref, { toasts: app.toasts, session: app.session, navigate: (to, { replace }) => navigate(to, { replace }) }), [ref, app, navigate]);
  // Read when the flow ends, so it sees the latest data (prices loaded after the page opened).
  const latestDestination = useRef(destination);
  latestDestination.current = destination;
  useEffect(() => {
    const sub = ref.subscribe((snapshot: { status: string; output?: unknown }) => {
      const to = snapshot.status === 'done' ? latestDestination.current(snapshot.output) : null;
      if (to) navigate(to);
    });
    return () => sub.unsubscribe();
  }, [ref, navigate]);
  return ref;
}
