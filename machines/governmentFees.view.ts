import type { GovernmentFeesContext } from './governmentFees.machine';

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
