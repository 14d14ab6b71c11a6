import type { GroupPaymentSummaryDto } from '../../openapi/schemas/groups';
import type { OrderDto } from '../../openapi/schemas/orders';
import { groupPaymentPath } from './groupPaths';

/**
 * What the amount of a payment is, said truthfully (issue 45 item 3): only money taken is "charged"; a refunded
 * payment was charged and given back; a declined or unfinished one took nothing.
 */
export type AmountWord = 'charged' | 'refunded' | 'notCharged';
export const amountWord = (status: string): AmountWord => (status === 'paid' ? 'charged' : status === 'refunded' ? 'refunded' : 'notCharged');

/** One order of one traveller, as the orders list shows it. */
export interface SingleEntry {
  kind: 'order';
  order: OrderDto;
  amount: AmountWord;
}

/** One attempt to pay for a group: its travellers' lines shown together, one status, one amount. */
export interface GroupEntry {
  kind: 'groupPayment';
  id: string;
  number: string | null;
  status: string;
  /** In cents: what the attempt was for, charged only when `amount` is 'charged'. */
  total: number;
  createdAt: string;
  paidAt: string | null;
  amount: AmountWord;
  lines: OrderDto[];
  /** Its confirmation: the receipt, and each traveller's form. */
  to: string;
}

export type OrderEntry = SingleEntry | GroupEntry;

/**
 * The orders list's entries: an order alone, or a group's payment as one entry where its first line would be. A
 * group's lines are one attempt (one charge or none), so a declined family of four reads as one failed attempt,
 * not four "Failed" orders each with its own amount. The payment's own record (number, status, total) is used
 * when the dashboard has it; otherwise its lines say it.
 */
export function orderEntries(orders: readonly OrderDto[], payments: readonly GroupPaymentSummaryDto[]): OrderEntry[] {
  const entries: OrderEntry[] = [];
  const groups = new Map<string, GroupEntry>();
  for (const order of orders) {
    const paymentId = order.groupPaymentId;
    if (!paymentId) {
      entries.push({ kind: 'order', order, amount: amountWord(order.status) });
      continue;
    }
    const known = groups.get(paymentId);
    if (known) {
      known.lines.push(order);
      continue;
    }
    const entry: GroupEntry = {
      kind: 'groupPayment',
      id: paymentId,
      number: null,
      status: order.status,
      total: 0,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      amount: amountWord(order.status),
      lines: [order],
      to: groupPaymentPath(paymentId),
    };
    groups.set(paymentId, entry);
    entries.push(entry);
  }
  for (const entry of groups.values()) {
    const payment = payments.find((p) => p.id === entry.id);
    const status = payment?.status ?? entry.lines[0]!.status;
    Object.assign(entry, {
      number: payment?.number ?? null,
      status,
      amount: amountWord(status),
      total: payment?.price.total ?? entry.lines.reduce((sum, line) => sum + line.price.total, 0),
      createdAt: payment?.createdAt ?? entry.createdAt,
      paidAt: payment?.paidAt ?? entry.paidAt,
    });
  }
  return entries;
}
