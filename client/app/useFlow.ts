import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AnyStateMachine, InputFrom } from 'xstate';
import { inspect } from './inspect';

/**
 * Starts a page's machine (with the inspector when asked) and follows it when it finishes:
 * every start-flow machine ends with an output `{ to }` naming the next screen.
 */
export function useFlow<M extends AnyStateMachine>(machine: M, input: InputFrom<M>) {
  const inspector = inspect();
  const ref = useActorRef(machine, { input, ...(inspector ? { inspect: inspector } : {}) });
  const navigate = useNavigate();
  useEffect(() => {
    const sub = ref.subscribe((snapshot: { status: string; output?: unknown }) => {
      const output = snapshot.output as { to?: string } | undefined;
      if (snapshot.status === 'done' && output?.to) navigate(output.to);
    });
    return () => sub.unsubscribe();
  }, [ref, navigate]);
  return ref;
}
