import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ActorRefFrom, AnyActorRef, AnyStateMachine } from 'xstate';
import type { Flow, World } from '../../machines/flow';
import { toIsoDate } from '../../machines/domain/validators';
import { useAppActors } from './AppContext';
import { flushStored, performEffects, runningFlow } from './effects';
import { doorOf } from './flows';
import { inspect } from './inspect';
import { readStorage } from './storage';
import { useStepHistory } from './useStepHistory';

/**
 * The one door from a page to its flow (docs/DESIGN.md "How a flow is built", point 3). The page passes the flow its view
 * module exports (machines/<flow>.view.ts) and gets the running actor to render and send events to; the door does
 * the rest: the machine's input from the browser (the address, what was stored, the language, today), its calls over
 * the transport (client/app/flows.ts), every effect it emits (client/app/effects.ts), the step it keeps in the address
 * (Back and Forward), and who is signed in, for a flow that waits for it.
 */
export function useFlow<M extends AnyStateMachine, P = void>(flow: Flow<M, P>, ...[props]: P extends void ? [] : [P]): ActorRefFrom<M> {
  const app = useAppActors();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The world as it is when the flow starts: the machine's input is read once, as a machine's input is.
  const [input] = useState(() => {
    const world: World = {
      language: app.language.getSnapshot().context.language,
      search,
      kept: readStorage,
      today: toIsoDate(new Date()),
    };
    const door = doorOf(flow.name);
    return { ...(flow.input(world, props as P) as object), ...door.input?.() };
  });
  const machine = useMemo(() => flow.machine.provide({ actors: doorOf(flow.name).actors(input) } as never) as M, [flow, input]);
  const inspector = inspect();
  const ref = useActorRef(machine, { input, ...(inspector ? { inspect: inspector } : {}) } as never) as ActorRefFrom<M>;

  // Before the actor starts (useActorRef starts it in an effect, after layout effects): what it emits on entering its
  // first state is heard. Again after React's StrictMode stops and restarts it, which drops its listeners.
  useLayoutEffect(() => {
    const stop = performEffects(ref, {
      toasts: app.toasts,
      session: app.session,
      navigate: (to, { replace }) => navigate(to, { replace }),
    });
    // Another flow on the page may hand this one something (machines/effects.ts `handOff`).
    const unlist = runningFlow(flow.name, ref as AnyActorRef);
    return () => {
      stop();
      unlist();
      // Leaving the page: what the flow stored soon is written before the next page reads it.
      flushStored();
    };
  }, [ref, app, navigate, flow]);

  useEffect(() => {
    const follows = flow.session;
    if (!follows) return;
    let last: string | undefined;
    const tell = () => {
      const snapshot = app.session.getSnapshot();
      const session = { account: snapshot.context.account, checking: snapshot.matches('checking') };
      const key = JSON.stringify([session.account?.email ?? null, session.checking]);
      if (key === last) return;
      last = key;
      (ref as AnyActorRef).send(follows(session));
    };
    tell();
    const subscription = app.session.subscribe(tell);
    return () => subscription.unsubscribe();
  }, [ref, app, flow]);

  // The address moved while the page stayed (another traveller opened on the same page): a flow that follows it hears.
  const address = search.toString();
  useEffect(() => {
    if (flow.address) (ref as AnyActorRef).send(flow.address(new URLSearchParams(address)));
  }, [ref, flow, address]);

  useStepHistory(ref, flow.steps);
  return ref;
}

/**
 * What a page's view module makes of the address (which of two flows the page opens: a group's payment or an
 * order's), so the page itself never reads it.
 */
export function useAddress<T>(view: (search: URLSearchParams) => T): T {
  const [search] = useSearchParams();
  return view(search);
}
