import { assign, fromPromise, setup } from 'xstate';

// A traveller's form opened from the group panel (`?traveller=<lead>`, issue 36): their answers as the server holds
// them, read before their form starts, so moving between travellers loses nobody's (each is saved as it is typed).
// The page tells the machine which traveller its address names; a request for a traveller left behind is aborted.

export interface TravellerHandoverContext {
  /** The traveller the address names, or null for the applicant's own form. */
  leadId: string | null;
  formData: Record<string, unknown> | null;
}

export type TravellerHandoverEvent = { type: 'OPEN'; leadId: string | null } | { type: 'RETRY' };

export const travellerHandoverMachine = setup({
  types: { input: {} as { leadId: string | null }, context: {} as TravellerHandoverContext, events: {} as TravellerHandoverEvent },
  actors: {
    /** GET /api/leads/{id}; provided by the client. */
    fetchLead: fromPromise<{ id: string; formData: Record<string, unknown> }, { leadId: string }>(async () => {
      throw new Error('fetchLead is provided by the caller');
    }),
  },
  guards: {
    hasTraveller: ({ context }) => context.leadId !== null,
    isAnotherTraveller: ({ context }, params: { leadId: string | null }) => params.leadId !== context.leadId,
  },
}).createMachine({
  id: 'travellerHandover',
  context: ({ input }) => ({ leadId: input.leadId, formData: null }),
  initial: 'starting',
  on: {
    OPEN: {
      guard: { type: 'isAnotherTraveller', params: ({ event }) => ({ leadId: event.leadId }) },
      target: '.starting',
      actions: assign({ leadId: ({ event }) => event.leadId, formData: null }),
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
        onDone: { target: 'ready', actions: assign({ formData: ({ event }) => event.output.formData }) },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {},
  },
});

/** What the page shows: the traveller's form once their answers are read, the applicant's own at once. */
export type Handover = { state: 'none' } | { state: 'loading' } | { state: 'failed' } | { state: 'ready'; leadId: string; formData: Record<string, unknown> };
