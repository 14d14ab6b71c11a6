import type { Dialect, Executor } from '../index';
import type { OrderRow, PremiumInterviewRow } from '../schema';

// Queries take the database or a transaction and never open one: the premium service decides what is atomic.

export type PremiumOrder = Pick<OrderRow, 'id' | 'status' | 'plan' | 'lead_id' | 'access_code'>;

/** The order an access code was issued for, whatever its status now (the service decides what counts). */
export async function findOrderByAccessCode(db: Executor, code: string): Promise<PremiumOrder | undefined> {
  return db.selectFrom('orders').select(['id', 'status', 'plan', 'lead_id', 'access_code']).where('access_code', '=', code).executeTakeFirst();
}

export async function findPremiumOrder(db: Executor, id: string): Promise<PremiumOrder | undefined> {
  return db.selectFrom('orders').select(['id', 'status', 'plan', 'lead_id', 'access_code']).where('id', '=', id).executeTakeFirst();
}

export async function findLeadFormData(db: Executor, leadId: string): Promise<string | undefined> {
  const row = await db.selectFrom('leads').select('form_data').where('id', '=', leadId).executeTakeFirst();
  return row?.form_data;
}

export async function insertInterview(db: Executor, row: PremiumInterviewRow): Promise<void> {
  await db.insertInto('premium_interviews').values(row).execute();
}

export async function findInterview(db: Executor, id: string): Promise<PremiumInterviewRow | undefined> {
  return db.selectFrom('premium_interviews').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function writeInterview(db: Executor, id: string, values: Partial<Omit<PremiumInterviewRow, 'id' | 'order_id' | 'owner_token' | 'created_at'>>): Promise<void> {
  await db.updateTable('premium_interviews').set(values).where('id', '=', id).execute();
}

/** The order's interview still in progress, newest first (a reload on another device of the account continues it). */
export async function findOpenInterview(db: Executor, orderId: string): Promise<PremiumInterviewRow | undefined> {
  return db
    .selectFrom('premium_interviews')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('plans', 'is not', null)
    .where('finished_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
}

/** The newest paid Premium order an account bought: the account may continue its interview without the code. */
export async function findAccountPremiumOrder(db: Executor, userId: string): Promise<PremiumOrder | undefined> {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'plan', 'lead_id', 'access_code'])
    .where('user_id', '=', userId)
    .where('plan', '=', 'premium')
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .executeTakeFirst();
}

/** Read to be changed: on PostgreSQL the row is locked until the transaction ends, so two answers never overwrite each other. */
export async function lockInterview(db: Executor, dialect: Dialect, id: string): Promise<PremiumInterviewRow | undefined> {
  const query = db.selectFrom('premium_interviews').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Takes an interview's preparation job (issue 42): true when this process now holds it, because no process held it
 * or its holder's claim is older than `staleBefore` (the process went away). One conditional update, so two
 * processes never both take it.
 */
export async function claimPreparation(db: Executor, id: string, at: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('premium_interviews')
    .set({ claimed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'preparing')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
