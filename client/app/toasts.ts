import { createActor } from 'xstate';
import { toastMachine, type ToastRequest } from '../../machines/toast.machine';
import { inspect } from './inspect';

export function startToasts() {
  const inspector = inspect();
  const actor = createActor(toastMachine, inspector ? { inspect: inspector } : {});
  actor.start();
  return actor;
}

export type ToastActor = ReturnType<typeof startToasts>;
export type { ToastRequest };
