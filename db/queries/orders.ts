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
  Pick<OrderRow, 'status' | 'card_brand' | 'card_last4' | 'gateway_ref' | 'failure' | 'access_code' | 'paid_at' | 'updated_at'>
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
  return db.selectFrom('orders').selectAll().where('lead_id', '=', leadId).where('status', '=', 'paid').execute();
}

export async function ordersOfLeads(db: Executor, leadIds: readonly string[]): Promise<OrderRow[]> {
  if (leadIds.length === 0) return [];
  return db.selectFrom('orders').selectAll().where('lead_id', 'in', leadIds).orderBy('created_at').execute();
}

/** Inserts the attempt unless one with this idempotency key exists; says whether this call made it. */
/**
 * Holds a payment key until the transaction ends, so two requests with one key (a double click) take turns
 * (PostgreSQL; SQLite writes one transaction at a time anyway).
 */
export async function lockPaymentKey(db: Executor, dialect: Dialect, key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`payment:${key}`}))`.execute(db);
}

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

export async function finishAttempt(
  db: Executor,
  id: string,
  change: Pick<PaymentAttemptRow, 'status' | 'decline_code' | 'card_brand' | 'card_last4' | 'gateway_ref'>,
): Promise<void> {
  await db.updateTable('payment_attempts').set(change).where('id', '=', id).execute();
}

/** Signing in or up makes the orders this browser session placed the account's. */
export async function adoptOrders(db: Executor, ownerToken: string, userId: string): Promise<void> {
  await db.updateTable('orders').set({ user_id: userId }).where('owner_token', '=', ownerToken).where('user_id', 'is', null).execute();
}
