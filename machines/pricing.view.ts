// /pricing's one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import { ESTA_ALIAS } from './domain/routes';
import { defineFlow } from './flow';
import { pricingMachine } from './pricing.machine';

/** The door adds the plans the page arrived with (an entry page, rendered on the server with them). */
export const pricingFlow = defineFlow({ name: 'pricing', machine: pricingMachine, input: () => ({}) });

/** The package the spec flags 'Most Popular' (1-core §2.4). */
const POPULAR = 'pro';

/** The ESTA card's Apply: its own address, which leads to the ESTA wizard (docs/DECISIONS.md "Routes and pages"). */
export const ESTA_APPLY_LINK = ESTA_ALIAS;

export function pricingView(s: SnapshotFrom<typeof pricingMachine>) {
  const leaving = s.status === 'done';
  const data = s.context.data;
  return {
    screen: s.matches('loading') ? ('loading' as const) : s.matches('failed') ? ('failed' as const) : ('ready' as const),
    /** The ESTA's price story, and each package with its own, in the server's order. */
    esta: data?.prices.esta ?? null,
    plans: (data?.plans ?? []).map((plan) => ({ plan, price: data?.prices[plan.id], popular: plan.id === POPULAR })),
    /** A purchase is under way, or the page is leaving to pay: no other can start. */
    busy: s.hasTag('busy'),
    /** The package whose purchase is running: its button reads 'Processing…'. */
    purchasing: s.matches({ ready: 'purchasing' }) || leaving ? s.context.planId : null,
  };
}
