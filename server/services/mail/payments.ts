import type { Executor } from '../../../db/index';
import type { OrderRow } from '../../../db/schema';
import type { Outbox } from './outbox';

/**
 * The messages a paid order causes (issue 43), queued in the transaction that marks it paid, each under the
 * event's key so a settlement seen twice (the checkout and reconciliation) queues them once: the receipt (a group
 * payment's lists every traveller's order), a Premium access code for each Premium order, and what happens next
 * for each traveller. They go to the address the buyer gave for the receipt, in the buyer's language.
 */
export async function queuePaymentMessages(outbox: Outbox, trx: Executor, payment: OrderRow, lines: readonly OrderRow[]): Promise<void> {
  const to = payment.receipt_email?.trim();
  if (!to) return;
  const language = payment.language;
  const group = payment.plan === 'group';
  await outbox.enqueue(trx, { key: `receipt:${payment.id}`, kind: group ? 'groupReceipt' : 'receipt', to, language, data: { orderId: payment.id } });
  for (const order of group ? lines : [payment]) {
    if (order.plan === 'premium' && order.access_code) {
      await outbox.enqueue(trx, { key: `premium-code:${order.id}`, kind: 'premiumCode', to, language, data: { orderId: order.id } });
    }
  }
  await outbox.enqueue(trx, { key: `next-steps:${payment.id}`, kind: 'nextSteps', to, language, data: { orderId: payment.id } });
}
