import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db, Dialect, Executor } from '../../../db/index';
import { addHistory, insertLead, lockLeadRow, newestOwnedLead, newLeadRow, type Owner } from '../../../db/queries/leads';
import {
  addOrderHistory,
  findAttemptByKey,
  insertAttemptOnce,
  insertOrder,
  lockPaymentKey,
  lockPurchaser,
  paidOrdersOfLead,
  pendingOrderOfLead,
} from '../../../db/queries/orders';
import type { LeadRow, OrderRow, OrderService } from '../../../db/schema';
import type { ProcessPayment } from '../../../openapi/schemas/orders';
import { badRequest } from '../../lib/problems';
import { canAccessLead, refusal, type Access } from '../access';
import { orderNumber } from './codes';
import { isPackage, type PriceTable, type Product } from './products';
import { governmentFeeColumns } from './dto';
import { optionFor, productsFor, quotedLead, type QuotedLead } from './quote';

export type Reservation =
  /** A pending order now stands for this purchase: charge it. */
  | { kind: 'reserved'; order: OrderRow }
  /** Another request with this idempotency key got there first: answer its result. */
  | { kind: 'keyTaken' }
  /** Another purchase for this application is being charged: wait for it, then price again. */
  | { kind: 'busy'; order: OrderRow }
  /** The application has this product or a higher package: the paid order that has it. */
  | { kind: 'owned'; order: OrderRow };

export interface ReserveInput {
  owner: Owner;
  access: Access;
  body: ProcessPayment;
  table: PriceTable;
  now: Date;
  /** The buyer's interface language: the receipt is written in it (issue 43). */
  language?: string | undefined;
}

/** Where a purchase made without an application starts one: the question wizard of its service. */
const SOURCE_OF: Record<OrderService, string> = { 'DS-160': 'apply-wizard', ESTA: 'esta-wizard' };

const PACKAGE_RANK: Record<string, number> = { basic: 1, pro: 2, premium: 3 };

/**
 * The reservation of a purchase, in one transaction that holds the application: on PostgreSQL its row is locked
 * (SELECT … FOR UPDATE), on SQLite transactions write one at a time. Under that hold, what the application
 * already has and whether a purchase of it is in flight are read, and the pending order is written; the unique
 * index on an application's pending order (orders_active_purchase) refuses a second one whatever slips past.
 * So concurrent purchases of one application are charged one after another, each priced with the credit of those
 * before it: a package bought twice at once is paid once, and an upgrade bought with its base pays the difference.
 */
export async function reserve(db: Db, dialect: Dialect, input: ReserveInput): Promise<Reservation> {
  const { body, table, now } = input;
  const at = now.toISOString();
  try {
    return await transact(db, async (trx): Promise<Reservation> => {
      await lockPaymentKey(trx, dialect, body.idempotencyKey);
      if (await findAttemptByKey(trx, body.idempotencyKey)) return { kind: 'keyTaken' };
      const lead = await heldLead(trx, dialect, input);
      const paid = await paidOrdersOfLead(trx, lead.id);
      const quoted: QuotedLead = quotedLead(lead, paid);
      const { service, products } = productsFor({ plan: body.plan }, quoted);
      if (!products.includes(body.plan)) throw badRequest('plan', 'is not sold for this application');
      const active = await pendingOrderOfLead(trx, lead.id);
      if (active) return { kind: 'busy', order: active };
      const option = optionFor(body.plan, service, quoted, table);
      if (!option.available) return { kind: 'owned', order: ownerOf(body.plan, paid) };

      const order: OrderRow = {
        id: randomUUID(),
        number: orderNumber(now),
        owner_token: input.owner.ownerToken,
        user_id: input.owner.userId,
        lead_id: lead.id,
        service,
        plan: body.plan,
        service_fee_cents: option.price.serviceFee,
        credit_cents: option.price.credit,
        processing_fee_cents: option.price.processingFee,
        total_cents: option.price.total,
        government_fee_cents: option.price.governmentFee,
        ...governmentFeeColumns(option.price),
        status: 'pending',
        card_brand: null,
        card_last4: null,
        gateway_ref: null,
        failure: null,
        access_code: null,
        receipt_email: body.email.trim(),
        language: input.language ?? null,
        settled_by: null,
        group_id: null,
        parent_order_id: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
      };
      await insertOrder(trx, order);
      const attempt = { id: randomUUID(), order_id: order.id, idempotency_key: body.idempotencyKey, status: 'pending' as const, decline_code: null, card_brand: null, card_last4: null, gateway_ref: null, created_at: at };
      if (!(await insertAttemptOnce(trx, attempt))) throw new KeyTakenLate();
      await addOrderHistory(trx, order.id, 'pending', 'Order created', at);
      return { kind: 'reserved', order };
    });
  } catch (err) {
    if (err instanceof KeyTakenLate) return { kind: 'keyTaken' };
    throw err;
  }
}

/**
 * The application the purchase is for, held until the transaction ends: the one the request names, else (one
 * buyer at a time) the buyer's newest of that service, as the quote chose it, else a new one, so a package bought
 * from the pricing page waits on the dashboard for its form. `newApplication` asks for a new one explicitly.
 */
async function heldLead(trx: Executor, dialect: Dialect, { owner, access, body, now }: ReserveInput): Promise<LeadRow> {
  if (body.leadId) {
    const named = await lockLeadRow(trx, dialect, body.leadId);
    if (!named || !canAccessLead(access, named)) throw refusal(Boolean(named));
    return named;
  }
  const { service, products } = productsFor({ plan: body.plan }, null);
  if (!products.includes(body.plan)) throw badRequest('plan', 'is not sold without an application');
  await lockPurchaser(trx, dialect, owner.userId ?? owner.ownerToken);
  if (!body.newApplication) {
    const newest = await newestOwnedLead(trx, access, service);
    if (newest) return (await lockLeadRow(trx, dialect, newest.id)) as LeadRow;
  }
  const at = now.toISOString();
  const values = { name: '', email: body.email.trim(), phone: '', formType: service, nationality: '', travelPurpose: '', formData: {} };
  const row = newLeadRow(
    { ...values, completionStatus: 'incomplete', paymentStatus: 'unpaid', source: SOURCE_OF[service], subscriptionPlan: 'none' },
    owner,
    at,
  );
  await insertLead(trx, row);
  await addHistory(trx, row.id, 'in_progress', `created for a ${body.plan} purchase`, at);
  return row;
}

/** The paid order that has this product, or the highest package that makes a lower one pointless. */
function ownerOf(product: Product, paid: readonly OrderRow[]): OrderRow {
  const same = paid.find((o) => o.plan === product);
  if (same || !isPackage(product)) return same ?? (paid[0] as OrderRow);
  return [...paid].filter((o) => isPackage(o.plan)).sort((a, b) => (PACKAGE_RANK[b.plan] ?? 0) - (PACKAGE_RANK[a.plan] ?? 0))[0] as OrderRow;
}

/** The key's attempt was written between the look and the insert (the unique key said so). */
class KeyTakenLate extends Error {}
