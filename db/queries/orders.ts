import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Dialect, Executor } from '../index';
import type { OrderRow, OrderStatus, PaymentAttemptRow } from '../schema';

// Queries take the database or a transaction and never open one: the orders service decides what is atomic.

export async function insertOrder(db: Executor, row: OrderRow): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByNumber(db: Executor, number: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
}

export type OrderChange = Partial<
  Pick<OrderRow, 'status' | 'card_brand' | 'card_last4' | 'gateway_ref' | 'failure' | 'access_code' | 'paid_at' | 'updated_at' | 'settled_by'>
>;

/** Moves an order on only from the status the caller saw, so two writers can never both settle it. */
export async function settleOrder(db: Executor, id: string, from: OrderStatus, change: OrderChange): Promise<boolean> {
  const result = await db.updateTable('orders').set(change).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function addOrderHistory(db: Executor, orderId: string, status: string, note: string, at: string): Promise<void> {
  await db.insertInto('order_history').values({ id: randomUUID(), order_id: orderId, status, note, created_at: at }).execute();
}

export async function listOrderHistory(db: Executor, orderId: string): Promise<Array<{ status: string; note: string; date: string }>> {
  const rows = await db
    .selectFrom('order_history')
    .select(['status', 'note', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ status: r.status, note: r.note, date: r.created_at }));
}

/** The paid orders of a lead: what it already has, for upgrade credit and for refusing a second purchase. */
export async function paidOrdersOfLead(db: Executor, leadId: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('lead_id', '=', leadId).where('status', '=', 'paid').orderBy('created_at').execute();
}

/** The lead's purchase in flight, if any (the `orders_active_purchase` index allows one). */
export async function pendingOrderOfLead(db: Executor, leadId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('lead_id', '=', leadId).where('status', '=', 'pending').executeTakeFirst();
}

/** Orders still pending that were created before `cutoff` (ISO time), oldest first: what reconciliation settles. */
export async function pendingOrdersBefore(db: Executor, cutoff: string, limit: number): Promise<OrderRow[]> {
  // A group's lines are settled with the payment they belong to, never on their own (they have no attempt).
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('parent_order_id', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** When the oldest pending order was created, to know when its grace period ends. */
export async function oldestPendingAt(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('created_at')
    .where('status', '=', 'pending')
    .where('parent_order_id', 'is', null)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/**
 * Everything this browser session or account bought or tried to, newest first (the dashboard's orders). A group's
 * payment is listed as its lines, one per traveller, each with its own number and form; the payments themselves,
 * the one charge each, are `ownedGroupPayments`.
 */
export const ownedOrders = (db: Executor, mine: Mine) => owned(db, mine, '<>');

/** The group payments (one charge for a group's travellers) this browser session or account made, newest first. */
export const ownedGroupPayments = (db: Executor, mine: Mine) => owned(db, mine, '=');

type Mine = { ownerToken: string | undefined; userId: string | undefined };

async function owned(db: Executor, mine: Mine, group: '=' | '<>'): Promise<OrderRow[]> {
  if (!mine.ownerToken && !mine.userId) return [];
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(mine.ownerToken ? [eb('owner_token', '=', mine.ownerToken)] : []),
        ...(mine.userId ? [eb('user_id', '=', mine.userId)] : []),
      ]),
    )
    .where('plan', group, 'group')
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

export async function attemptsOfOrders(db: Executor, orderIds: readonly string[]): Promise<PaymentAttemptRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('payment_attempts').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').execute();
}

export async function historyOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_history').select(['order_id', 'status', 'note', 'created_at']).where('order_id', 'in', orderIds).orderBy('created_at').execute();
}

/**
 * Holds a buyer's purchases without a named application one at a time until the transaction ends, so two tabs
 * cannot each make an application for one purchase (PostgreSQL; SQLite writes one transaction at a time anyway).
 */
export async function lockPurchaser(db: Executor, dialect: Dialect, who: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`purchaser:${who}`}))`.execute(db);
}

export async function ordersOfLeads(db: Executor, leadIds: readonly string[]): Promise<OrderRow[]> {
  if (leadIds.length === 0) return [];
  return db.selectFrom('orders').selectAll().where('lead_id', 'in', leadIds).orderBy('created_at').execute();
}

/**
 * Holds a payment key until the transaction ends, so two requests with one key (a double click) take turns
 * (PostgreSQL; SQLite writes one transaction at a time anyway).
 */
export async function lockPaymentKey(db: Executor, dialect: Dialect, key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`payment:${key}`}))`.execute(db);
}

/** Inserts the attempt unless one with this idempotency key exists; says whether this call made it. */
export async function insertAttemptOnce(db: Executor, row: PaymentAttemptRow): Promise<boolean> {
  const result = await db
    .insertInto('payment_attempts')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findAttemptByKey(db: Executor, key: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** An order's attempt (one per order: a retry with the same key is the same attempt). */
export async function attemptOfOrder(db: Executor, orderId: string): Promise<PaymentAttemptRow | undefined> {
  return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function finishAttempt(
  db: Executor,
  orderId: string,
  change: Pick<PaymentAttemptRow, 'status' | 'decline_code' | 'card_brand' | 'card_last4' | 'gateway_ref'>,
): Promise<void> {
  await db.updateTable('payment_attempts').set(change).where('order_id', '=', orderId).where('status', '=', 'pending').execute();
}

/** Signing in or up makes the orders this browser session placed the account's. */
export async function adoptOrders(db: Executor, ownerToken: string, userId: string): Promise<void> {
  await db.updateTable('orders').set({ user_id: userId }).where('owner_token', '=', ownerToken).where('user_id', 'is', null).execute();
}

/** A group's payment's lines (issue 36), one per traveller, in the group's order of travellers. */
export async function linesOf(db: Executor, parentOrderId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .leftJoin('group_members', 'group_members.lead_id', 'orders.lead_id')
    .selectAll('orders')
    .where('orders.parent_order_id', '=', parentOrderId)
    .orderBy('group_members.position')
    .orderBy('orders.number')
    .execute();
}
