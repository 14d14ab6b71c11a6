// A traveller's form opened from the group panel (`?traveller=<lead>`, issue 36): the flow that reads their answers
// first, as the page opens it, following the traveller its address names.
import type { SnapshotFrom } from 'xstate';
import { TRAVELLER_PARAM } from './domain/travellerGroup';
import { defineFlow } from './flow';
import { travellerHandoverMachine, type Handover } from './travellerHandover.machine';

export type { Handover };

export const travellerHandoverFlow = defineFlow({
  name: 'travellerHandover',
  machine: travellerHandoverMachine,
  input: ({ search }) => ({ leadId: search.get(TRAVELLER_PARAM) }),
  // Moving to another traveller (the panel's open) changes the address, not the page: the flow follows it.
  address: (search) => ({ type: 'OPEN' as const, leadId: search.get(TRAVELLER_PARAM) }),
});

/** What the page shows: the traveller's form once their answers are read, the applicant's own at once. */
export function handoverView(s: SnapshotFrom<typeof travellerHandoverMachine>): Handover {
  if (s.matches('ready')) return { state: 'ready', leadId: s.context.leadId as string, formData: s.context.formData ?? {}, paid: s.context.paid };
  return { state: s.matches('failed') ? 'failed' : s.matches('none') ? 'none' : 'loading' };
}

/** Two views of the handover are the same when they show the same traveller in the same state. */
export const sameHandover = (a: Handover, b: Handover) =>
  a.state === b.state && (a.state !== 'ready' || (b.state === 'ready' && a.leadId === b.leadId && a.formData === b.formData && a.paid === b.paid));
