import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { toastMachine } from '../../machines/toast.machine';

/** A toast shows for 5 s unless it says otherwise (spec 1-core §8). */
const TOAST_DEFAULT_DURATION = 5000;
import type { PathModel, Snap, World } from './model';

const SHOW_A: AnyEventObject = { type: 'TOAST.SHOW', toast: { title: 'wizard:toast.submitted.title' } };
const SHOW_B: AnyEventObject = {
  type: 'TOAST.SHOW',
  toast: { title: 'wizard:toast.error', description: 'wizard:toast.formFailed', duration: 3000, variant: 'destructive' },
};

/** The last toast shown, unless it has since been dismissed or has expired (spec 1-core §9: one at a time). */
function visible(world: World): { toast: Record<string, unknown>; number: number; at: number } | null {
  let current: { toast: Record<string, unknown>; number: number; at: number } | null = null;
  let shown = 0;
  world.events.forEach((event, i) => {
    if (event.type === 'TOAST.SHOW') current = { toast: event.toast, number: (shown += 1), at: world.times[i] ?? 0 };
    else current = null;
  });
  return current;
}

export const toastPaths: PathModel = {
  machine: toastMachine,
  budget: 12,
  abstraction: (s) => ({ value: s.value, title: s.context.current?.title ?? null }),
  // A toast stays its own duration (5000 ms unless the caller says), counted from when it was shown: a newer
  // toast starts its own time.
  delayEndsAt: (world) => {
    const shown = visible(world);
    return (shown?.at ?? 0) + Number(shown?.toast.duration ?? TOAST_DEFAULT_DURATION);
  },
  payloadKind: (before, event) => `${JSON.stringify(event)} over ${before.context.current?.title ?? 'nothing'}`,
  cases: [
    {
      name: 'toasts',
      input: undefined,
      // A toast can be closed only while one shows; its time runs out only then too.
      events: (s: Snap) =>
        s.matches('visible') ? [SHOW_A, SHOW_B, { type: 'TOAST.DISMISS' }, { type: 'xstate.after.toastDuration.toast.visible' }] : [SHOW_A, SHOW_B],
    },
  ],
  oracle: {
    initial: (s) => {
      expect(s.matches('hidden')).toBe(true);
      expect(s.context).toEqual({ current: null, nextId: 1 });
    },
    step: ({ after, world }) => {
      const want = visible(world);
      expect(after.matches(want ? 'visible' : 'hidden'), 'visible or hidden').toBe(true);
      if (!want) {
        expect(after.context.current).toBeNull();
        return;
      }
      expect(after.context.current).toEqual({
        variant: 'default',
        duration: TOAST_DEFAULT_DURATION,
        ...want.toast,
        id: want.number,
      });
    },
  },
};
