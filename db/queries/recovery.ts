import { sql } from 'kysely';
import type { Executor } from '../index';

// Getting back into an account by e-mail (issue 43): a new password from a reset link, a verified address, and
// the orders a guest paid with an address, found by a sign-in link sent to it.

export async function setPassword(db: Executor, userId: string, passwordHash: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, email_verified_at: sql<string>`coalesce(email_verified_at, ${at})` })
    .where('id', '=', userId)
    .execute();
}

export async function markVerified(db: Executor, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

/** Whether anything was bought with this address as the receipt's (a guest's purchase, on any browser). */
export async function hasOrdersFor(db: Executor, email: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where(sql<string>`lower(receipt_email)`, '=', email).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Owned by nobody signed in with a password: no user, or a guest identity (an e-mail typed, never proven). */
const unclaimed = sql<boolean>`(user_id IS NULL OR user_id IN (SELECT id FROM users WHERE role = 'guest'))`;

/**
 * The proven owner of an address takes what was bought with it as the receipt's address and is not an account's:
 * those orders (a group payment's lines with it), the applications they paid for, the other travellers of a group
 * paid for, and those applications' photos. An account's orders stay its own whoever the receipt named.
 */
export async function adoptByReceiptEmail(db: Executor, email: string, userId: string): Promise<number> {
  const orders = await db
    .updateTable('orders')
    .set({ user_id: userId })
    .where(sql<string>`lower(receipt_email)`, '=', email)
    .where(unclaimed)
    .executeTakeFirst();
  const paidFor = db.selectFrom('orders').select('lead_id').where('user_id', '=', userId).where('lead_id', 'is not', null);
  const groups = db.selectFrom('orders').select('group_id').where('user_id', '=', userId).where('group_id', 'is not', null);
  const travellers = db.selectFrom('group_members').select('lead_id').where('group_id', 'in', groups as never);
  await db
    .updateTable('leads')
    .set({ user_id: userId })
    .where((eb) => eb.or([eb('id', 'in', paidFor as never), eb('id', 'in', travellers as never)]))
    .where(unclaimed)
    .execute();
  await db
    .updateTable('photos')
    .set({ user_id: userId })
    .where('lead_id', 'in', db.selectFrom('leads').select('id').where('user_id', '=', userId) as never)
    .where(unclaimed)
    .execute();
  return Number(orders.numUpdatedRows);
}
