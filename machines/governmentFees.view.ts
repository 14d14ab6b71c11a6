import { defineFlow, type FlowActor } from './flow';
import { FEE_FORM_ID, governmentFeesMachine, type FeeRef, type GovernmentFeesContext } from './governmentFees.machine';

export { FEE_FORM_ID };

/**
 * The government fees (issue 44), run beside the dashboard for as long as it shows (its reminder is on every tab),
 * and only for a role that may read them.
 */
export const governmentFeesFlow = defineFlow({ name: 'governmentFees', machine: governmentFeesMachine, input: () => undefined });
export type GovernmentFeesRef = FlowActor<typeof governmentFeesFlow>;

// Kept beside the machine, not in it: the page's selector is judged by the page's tests, not the machine's paths.
/** What the fees tab and the dashboard's reminder render, already derived from the child's snapshot. */
export const governmentFeesViewOf = (snapshot: { context: GovernmentFeesContext; matches: (value: never) => boolean; hasTag: (tag: string) => boolean }) => {
  const is = (value: unknown) => snapshot.matches(value as never);
  const { fees } = snapshot.context;
  return {
    context: snapshot.context,
    loading: is('loading'),
    failed: is('failed'),
    busy: snapshot.hasTag('busy'),
    saving: is({ ready: 'saving' }),
    editingOpen: is({ ready: 'editing' }) || is({ ready: 'saving' }),
    /** How many fees have not been compared with their source for 90 days (or never). */
    due: fees?.due ?? 0,
    checkIntervalDays: fees?.checkIntervalDays ?? 90,
    today: fees?.today ?? null,
  };
};

/** Whether this fee is the one being marked as checked today (its button says so while the server is asked). */
export const checksFee = (fee: FeeRef) => (snapshot: { context: GovernmentFeesContext; matches: (value: never) => boolean }) =>
  snapshot.matches({ ready: 'checking' } as never) && snapshot.context.checking?.code === fee.code && snapshot.context.checking?.subject === fee.subject;
