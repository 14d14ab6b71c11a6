import type { OrderRow, OrderService } from '../../../db/schema';
import { totalOf, type FeeLine } from '../../../machines/domain/governmentFees';
import { nextStepOf, type NextStep } from '../../../machines/domain/nextSteps';

/** What one traveller does after paying us: the official site to open, the government fee to pay there, what follows. */
export interface TravellerStep extends NextStep {
  name: string;
  service: OrderService;
  /** Where each government fee of the order is published (issue 44: every fee shown with its source). */
  feeSources: string[];
}

/**
 * The government fee a traveller pays on the official site, for their order's visa class. The one place the
 * "what happens next" message asks (issue 43): the fee lines of the dated schedule in force when the order was
 * priced, kept on the order (issue 44); an order made before the schedule has only its total.
 */
export function governmentFeeFor(order: Pick<OrderRow, 'government_fee_cents' | 'government_fees'>): number {
  const lines = feeLinesOf(order);
  return lines.length > 0 ? totalOf(lines) : order.government_fee_cents;
}

const feeLinesOf = (order: Pick<OrderRow, 'government_fees'>): FeeLine[] => (order.government_fees ? (JSON.parse(order.government_fees) as FeeLine[]) : []);

/** The official sources of the fees an order was quoted with, each once. */
export function feeSourcesOf(order: Pick<OrderRow, 'government_fees'>): string[] {
  return [...new Set(feeLinesOf(order).map((line) => line.sourceUrl))];
}

/** Each traveller's next step, from their own order (a single payment's, or each line of a group's). */
export function stepsOf(orders: ReadonlyArray<{ order: OrderRow; name: string }>): TravellerStep[] {
  return orders.map(({ order, name }) => ({ name, ...nextStepOf(order.service, governmentFeeFor(order)), service: order.service, feeSources: feeSourcesOf(order) }));
}
