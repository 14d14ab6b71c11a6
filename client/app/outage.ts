import { onOutage } from '../api/transport';
import type { ToastActor } from './toasts';

/** Once in this long at most: every call of a page meets the same outage, and one notice says it. */
const QUIET_MS = 15_000;

/**
 * Says in the interface language that the service is briefly unavailable whenever a call meets an outage (issue 41):
 * the server's database or Redis is out of reach, what was saved is safe, and trying again in a few seconds works.
 */
export function watchOutages(toasts: ToastActor, now: () => number = Date.now): () => void {
  let last = -Infinity;
  return onOutage(() => {
    if (now() - last < QUIET_MS) return;
    last = now();
    toasts.send({
      type: 'TOAST.SHOW',
      toast: { title: 'errors:service_unavailable_title', description: 'errors:service_unavailable', variant: 'destructive', duration: 8000 },
    });
  });
}
