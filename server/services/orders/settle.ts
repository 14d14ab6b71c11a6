import { transact } from '../../../db/groupCommit';
import type { Db, Dialect, Executor } from '../../../db/index';
import { addHistory, lockLeadRow, markLeadPaid } from '../../../db/queries/leads';
import { addOrderHistory, finishAttempt, findOrder, linesOf, settleOrder } from '../../../db/queries/orders';
import type { LeadRow, OrderRow, OrderSettlement } from '../../../db/schema';
import type { ChargeResult } from '../payments/gateway';
import { accessCode } from './codes';
import { isPackage } from './products';

const PACKAGE_RANK: Record<string, number> = { none: 0, basic: 1, pro: 2, premium: 3 };

/**
 * What a paid order causes beyond itself, written in the settlement's own transaction (issue 43: the receipt's
 * message and the others are in the outbox exactly when the order is paid). `lines` are a group payment's
 * travellers' orders as settled, each with its own Premium code.
 */
export type OnPaid = (trx: Executor, payment: OrderRow, lines: readonly OrderRow[]) => Promise<void>;

/** What a failed order says to its buyer: the gateway's reason, or that nothing was charged. */
const NOT_CHARGED = 'The payment was not completed. Your card was not charged.';

/** The history line a settlement writes, saying who decided it and from what. */
function noteOf(order: OrderRow, result: ChargeResult, by: OrderSettlement): string {
  const from = by === 'reconciliation' ? `Reconciled from the gateway's record (${result.reference}): ` : '';
  if (result.status === 'succeeded') return `${from}charged ${(order.total_cents / 100).toFixed(2)} USD to ${result.brand} ending in ${result.last4}`;
  if (result.status === 'canceled') return `${from}the gateway never received this payment; failed, not charged`;
  return `${from}${result.code}: ${result.message}`;
}

/**
 * A charge's outcome with everything it changes, in one transaction: the order, its history and attempt, and for
 * a paid one the Premium code and the lead's package. The checkout that charged and reconciliation both settle
 * through here; the order moves only from pending, so whoever comes second changes nothing and reads the first
 * one's outcome. The lead is locked before the order, in the same order a purchase takes them. A group's payment
 * settles its lines (each traveller's order, a Premium code for each Premium traveller) and their leads with it.
 */
export async function settleCharge(db: Db, dialect: Dialect, order: OrderRow, result: ChargeResult, by: OrderSettlement, onPaid?: OnPaid): Promise<OrderRow> {
  const at = new Date().toISOString();
  const settled = await transact(db, async (trx) => {
    // A group's payment (issue 36) holds its lines' leads, in the group's order, as its checkout took them.
    const lines = order.plan === 'group' ? await linesOf(trx, order.id) : [];
    const leads = new Map<string, LeadRow>();
    for (const leadId of order.lead_id ? [order.lead_id] : lines.flatMap((l) => (l.lead_id ? [l.lead_id] : []))) {
      const lead = await lockLeadRow(trx, dialect, leadId);
      if (lead) leads.set(leadId, lead);
    }
    const card = { card_brand: result.brand, card_last4: result.last4, gateway_ref: result.reference };
    const attempt = { status: result.status, decline_code: result.status === 'succeeded' ? null : result.code, ...card };
    if (result.status !== 'succeeded') {
      const failure = result.status === 'canceled' ? NOT_CHARGED : result.message;
      const change = { status: 'failed' as const, ...card, failure, settled_by: by, updated_at: at };
      if (!(await settleOrder(trx, order.id, 'pending', change))) return null;
      await addOrderHistory(trx, order.id, 'failed', noteOf(order, result, by), at);
      await finishAttempt(trx, order.id, attempt);
      for (const line of lines) {
        await settleOrder(trx, line.id, 'pending', change);
        await addOrderHistory(trx, line.id, 'failed', `${noteOf(order, result, by)} (group payment ${order.number})`, at);
      }
      return { ...order, ...change };
    }
    const code = order.plan === 'premium' ? await freeAccessCode(trx) : null;
    const change = { status: 'paid' as const, ...card, access_code: code, paid_at: at, settled_by: by, updated_at: at };
    if (!(await settleOrder(trx, order.id, 'pending', change))) return null;
    await addOrderHistory(trx, order.id, 'paid', noteOf(order, result, by), at);
    await finishAttempt(trx, order.id, attempt);
    const lead = order.lead_id ? leads.get(order.lead_id) : undefined;
    if (lead) await markPaid(trx, lead, order, at);
    // Every traveller's line and application is paid with the one charge, or none is: one transaction.
    const paidLines: OrderRow[] = [];
    for (const line of lines) {
      const lineCode = line.plan === 'premium' ? await freeAccessCode(trx) : null;
      await settleOrder(trx, line.id, 'pending', { ...change, access_code: lineCode });
      await addOrderHistory(trx, line.id, 'paid', `Paid with the group payment ${order.number}`, at);
      const traveller = line.lead_id ? leads.get(line.lead_id) : undefined;
      if (traveller) await markPaid(trx, traveller, line, at);
      paidLines.push({ ...line, ...change, access_code: lineCode });
    }
    const paid = { ...order, ...change };
    await onPaid?.(trx, paid, paidLines);
    return paid;
  });
  // Settled by someone else first (another process reconciling, or the checkout that charged): theirs stands.
  return settled ?? ((await findOrder(db, order.id)) as OrderRow);
}

/** A paid order's lead: paid, with the package bought if it is higher than the one it had. */
async function markPaid(trx: Executor, lead: LeadRow, order: OrderRow, at: string): Promise<void> {
  const plan = isPackage(order.plan) && PACKAGE_RANK[order.plan]! > PACKAGE_RANK[lead.subscription_plan]! ? order.plan : lead.subscription_plan;
  await markLeadPaid(trx, lead.id, {
    completion_status: lead.completion_status === 'completed' ? 'paid' : lead.completion_status,
    subscription_plan: plan,
    updated_at: at,
  });
  await addHistory(trx, lead.id, 'paid', `paid: ${order.plan} (order ${order.number})`, at);
}

/** Collisions are all but impossible (2·10^10 codes); the loop makes "all but" into "never". */
async function freeAccessCode(trx: Executor): Promise<string> {
  for (;;) {
    const code = accessCode();
    const taken = await trx.selectFrom('orders').select('id').where('access_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
}
