// What a traveller does after paying us (issue 43's "what happens next" e-mail; issue 45 item 23 on the
// confirmation and the dashboard): the official site where the application is submitted and the government fee
// paid, that fee, and what follows for the form. One content: the e-mail, the pages and the PDFs read it here, and
// word it with the keys of locales/*/mail.json `nextSteps`.

import type { OrderDto } from '../../openapi/schemas/orders';

/** Where the application is submitted and the government fee paid: we are not the government. */
export const OFFICIAL_SITES = {
  'DS-160': 'https://ceac.state.gov/genniv/',
  ESTA: 'https://esta.cbp.dhs.gov/',
} as const;

export type StepService = keyof typeof OFFICIAL_SITES;

/** What follows the official form, as `nextSteps.<line>` keys: when to apply (ESTA); the interview each DS-160 applicant books and attends. */
export const STEP_LINES = { ESTA: ['estaWhen'], 'DS-160': ['ds160Interview', 'ds160Confirmation'] } as const satisfies Record<StepService, readonly string[]>;

export interface NextStep {
  service: StepService;
  officialSite: string;
  /** The government fee paid there, in cents, as the fee schedule in force when the order was priced has it. */
  governmentFeeCents: number;
  lines: readonly (typeof STEP_LINES)[StepService][number][];
}

export function nextStepOf(service: StepService, governmentFeeCents: number): NextStep {
  // Own entries only: a service the types do not know (a '__proto__' from a changed server) is refused aloud, never
  // shown as Object.prototype's site.
  if (!Object.hasOwn(OFFICIAL_SITES, service)) throw new Error(`No next step for the service ${JSON.stringify(service)}`);
  return { service, officialSite: OFFICIAL_SITES[service], governmentFeeCents, lines: STEP_LINES[service] };
}

/**
 * The dashboard's what next (issue 45 item 23): one step for each traveller with a paid order, from the latest of
 * their paid orders (an upgrade is a second order for the same application), in the order they were first paid.
 */
export function travellersNextSteps(orders: readonly Pick<OrderDto, 'status' | 'leadId' | 'service' | 'traveller' | 'price' | 'createdAt'>[]): Array<{ name: string; step: NextStep }> {
  const latest = new Map<string, (typeof orders)[number]>();
  for (const order of [...orders].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (order.status === 'paid' && order.leadId) latest.set(order.leadId, order);
  }
  return [...latest.values()].map((order) => ({ name: order.traveller, step: nextStepOf(order.service, order.price.governmentFee) }));
}
