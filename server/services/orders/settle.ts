import { transact } from '../../../db/groupCommit';
import type { Db, Dialect, Executor } from '../../../db/index';
import { addHistory, lockLeadRow, markLeadPaid } from '../../../db/queries/leads';
import { addOrderHistory, finishAttempt, findOrder, settleOrder } from '../../../db/queries/orders';
import type { OrderRow, OrderSettlement } from '../../../db/schema';
import type { ChargeResult } from '../payments/gateway';
import { accessCode } from './codes';
import { isPackage } from './products';

const PACKAGE_RANK: Record<string, number> = { none: 0, basic: 1, pro: 2, premium: 3 };

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
 * one's outcome. The lead is locked before the order, in the same order a purchase takes them.
 */
export async function settleCharge(db: Db, dialect: Dialect, order: OrderRow, result: ChargeResult, by: OrderSettlement): Promise<OrderRow> {
  const at = new Date().toISOString();
  const settled = await transact(db, async (trx) => {
    const lead = order.lead_id ? await lockLeadRow(trx, dialect, order.lead_id) : undefined;
    const card = { card_brand: result.brand, card_last4: result.last4, gateway_ref: result.reference };
    const attempt = { status: result.status, decline_code: result.status === 'succeeded' ? null : result.code, ...card };
    if (result.status !== 'succeeded') {
      const failure = result.status === 'canceled' ? NOT_CHARGED : result.message;
      const change = { status: 'failed' as const, ...card, failure, settled_by: by, updated_at: at };
      if (!(await settleOrder(trx, order.id, 'pending', change))) return null;
      await addOrderHistory(trx, order.id, 'failed', noteOf(order, result, by), at);
      await finishAttempt(trx, order.id, attempt);
      return { ...order, ...change };
    }
    const code = order.plan === 'premium' ? await freeAccessCode(trx) : null;
    const change = { status: 'paid' as const, ...card, access_code: code, paid_at: at, settled_by: by, updated_at: at };
    if (!(await settleOrder(trx, order.id, 'pending', change))) return null;
    await addOrderHistory(trx, order.id, 'paid', noteOf(order, result, by), at);
    await finishAttempt(trx, order.id, attempt);
    if (lead) {
      const plan = isPackage(order.plan) && PACKAGE_RANK[order.plan]! > PACKAGE_RANK[lead.subscription_plan]! ? order.plan : lead.subscription_plan;
      await markLeadPaid(trx, lead.id, {
        completion_status: lead.completion_status === 'completed' ? 'paid' : lead.completion_status,
        subscription_plan: plan,
        updated_at: at,
      });
      await addHistory(trx, lead.id, 'paid', `paid: ${order.plan} (order ${order.number})`, at);
    }
    return { ...order, ...change };
  });
  // Settled by someone else first (another process reconciling, or the checkout that charged): theirs stands.
  return settled ?? ((await findOrder(db, order.id)) as OrderRow);
}

/** Collisions are all but impossible (2·10^10 codes); the loop makes "all but" into "never". */
async function freeAccessCode(trx: Executor): Promise<string> {
  for (;;) {
    const code = accessCode();
    const taken = await trx.selectFrom('orders').select('id').where('access_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
}
