import { assign, setup } from 'xstate';

// Spec 1-core §9: one toast visible at a time, 5000 ms unless the caller says otherwise.
export const TOAST_DEFAULT_DURATION = 5000;

export interface Toast {
  id: number;
  /** Translation key, or already translated text when `raw` is set. */
  title: string;
  description?: string;
  /** Text shown as it is, after the description: a server's own message. */
  detail?: string;
  variant: 'default' | 'destructive';
  duration: number;
  params?: Record<string, string | number>;
}

export type ToastRequest = Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>;

export interface ToastContext {
  current: Toast | null;
  nextId: number;
}

export type ToastEvent = { type: 'TOAST.SHOW'; toast: ToastRequest } | { type: 'TOAST.DISMISS' };

export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  actions: {
    showToast: assign(({ context, event }) => {
      if (event.type !== 'TOAST.SHOW') return {};
      const toast: Toast = { variant: 'default', duration: TOAST_DEFAULT_DURATION, ...event.toast, id: context.nextId };
      return { current: toast, nextId: context.nextId + 1 };
    }),
  },
  delays: {
    /** The visible toast's own time, restarted whenever a newer toast replaces it. */
    toastDuration: ({ context }) => context.current?.duration ?? TOAST_DEFAULT_DURATION,
  },
}).createMachine({
  id: 'toast',
  context: { current: null, nextId: 1 },
  initial: 'hidden',
  states: {
    hidden: {
      entry: assign({ current: null }),
      on: { 'TOAST.SHOW': { target: 'visible', actions: 'showToast' } },
    },
    visible: {
      after: { toastDuration: 'hidden' },
      on: {
        // A newer toast replaces the visible one and restarts its timer.
        'TOAST.SHOW': { target: 'visible', reenter: true, actions: 'showToast' },
        'TOAST.DISMISS': 'hidden',
      },
    },
  },
});
