import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Actor, ActorOptions, AnyStateMachine, InputFrom } from 'xstate';
import { useToastActor } from '../../app/AppContext';
import { inspect } from '../../app/inspect';
import type { ToastActor } from '../../app/toasts';

/**
 * An admin machine with its toasts; when it ends (the server no longer answers this session as an admin), the gate
 * shows. The e-mail log tab's, the last admin tab not through the one door (issue 46).
 */
export function useAdminActor<M extends AnyStateMachine>(make: (toasts: ToastActor) => M, onExpired: () => void, input?: InputFrom<M>) {
  const toasts = useToastActor();
  const machine = useMemo(() => make(toasts), [make, toasts]);
  const inspector = inspect();
  // One hook for machines with and without input: the options' type depends on the machine, known only to callers.
  const options: ActorOptions<M> = { ...(input === undefined ? {} : { input }), ...(inspector ? { inspect: inspector } : {}) };
  const ref: Actor<M> = useActorRef(machine, options as never);
  const expired = useRef(onExpired);
  expired.current = onExpired;
  useEffect(() => {
    const sub = ref.subscribe((s: { status: string }) => {
      if (s.status === 'done') expired.current();
    });
    return () => sub.unsubscribe();
  }, [ref]);
  return ref;
}
