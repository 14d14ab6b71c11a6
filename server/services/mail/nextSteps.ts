import type { OrderRow, OrderService } from '../../../db/schema';
import { OFFICIAL_SITES } from '../orders/quote';

/** What one traveller does after paying us: the official site to open and the government fee to pay there. */
export interface TravellerStep {
  name: string;
  service: OrderService;
  officialSite: string;
  governmentFeeCents: number;
}

/**
 * The government fee a traveller pays on the official site, for their order's visa class. The one place the
 * "what happens next" message asks (issue 43): today the fee the order was priced with (the pricing service's, in
 * force when it was bought); a dated fee schedule answers here when it lands.
 */
export function governmentFeeFor(order: Pick<OrderRow, 'government_fee_cents'>): number {
  return order.government_fee_cents;
}

/** Each traveller's next step, from their own order (a single payment's, or each line of a group's). */
export function stepsOf(orders: ReadonlyArray<{ order: OrderRow; name: string }>): TravellerStep[] {
  return orders.map(({ order, name }) => ({
    name,
    service: order.service,
    officialSite: OFFICIAL_SITES[order.service],
    governmentFeeCents: governmentFeeFor(order),
  }));
}
