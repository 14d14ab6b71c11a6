import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { WorldEffect } from './effects';

// A traveller's form opened from the group panel (`?traveller=<lead>`, issue 36): their answers as the server holds
// them, read before their form starts, so moving between travellers loses nobody's (each is saved as it is typed).
// The page tells the machine which traveller its address names; a request for a traveller left behind is aborted.

export interface TravellerHandoverContext {
  /** The traveller the address names, or null for the applicant's own form. */
  leadId: string | null;
  formData: Record<string, unknown> | null;
  /** Their service is paid: the form opens read-only, with a notice (issue 45 item 20). */
  paid: boolean;
  /** The flow on the page their answers are handed to (the ten-section form), if any; else the page reads them. */
  handTo: string | null;
}

export type TravellerHandoverEvent = { type: 'OPEN'; leadId: string | null } | { type: 'RETRY' };

export const travellerHandoverMachine = setup({
  types: {
    input: {} as { leadId: string | null; handTo?: string | null },
    context: {} as TravellerHandoverContext,
    events: {} as TravellerHandoverEvent,
    emitted: {} as WorldEffect,
  },
  actors: {
    /** GET /api/leads/{id}; provided by the client. */
    fetchLead: fromPromise<{ id: string; formData: Record<string, unknown>; paid?: boolean }, { leadId: string }>(async () => {
      throw new Error('fetchLead is provided by the caller');
    }),
  },
  actions: {
    /**
     * The traveller's answers, read, go to the form that restores them (it keeps them only for another application),
     * with whether their service is paid: the form then opens read-only without asking again.
     */
    handOver: enqueueActions(({ context, enqueue }) => {
      if (context.handTo && context.leadId) enqueue.emit({ type: 'handOff', flow: context.handTo, event: { type: 'RESTORE', leadId: context.leadId, values: context.formData ?? {}, from: 'traveller', paid: context.paid } });
    }),
  },
  guards: {
    hasTraveller: ({ context }) => context.leadId !== null,
    isAnotherTraveller: ({ context }, params: { leadId: string | null }) => params.leadId !== context.leadId,
  },
}).createMachine({
  id: 'travellerHandover',
  context: ({ input }) => ({ leadId: input.leadId, formData: null, paid: false, handTo: input.handTo ?? null }),
  initial: 'starting',
  on: {
    OPEN: {
      guard: { type: 'isAnotherTraveller', params: ({ event }) => ({ leadId: event.leadId }) },
      target: '.starting',
      actions: assign({ leadId: ({ event }) => event.leadId, formData: null, paid: false }),
    },
  },
  states: {
    starting: { always: [{ guard: 'hasTraveller', target: 'loading' }, { target: 'none' }] },
    // The applicant's own form: nothing to read.
    none: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchLead',
        src: 'fetchLead',
        input: ({ context }) => ({ leadId: context.leadId as string }),
        onDone: { target: 'ready', actions: assign({ formData: ({ event }) => event.output.formData, paid: ({ event }) => event.output.paid === true }) },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: { entry: 'handOver' },
  },
});

/** What the page shows: the traveller's form once their answers are read, the applicant's own at once. */
export type Handover = { state: 'none' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; leadId: string; formData: Record<string, unknown>; paid: boolean };
