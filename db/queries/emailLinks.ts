import type { Executor } from '../index';
import type { EmailLinkPurpose, EmailLinkRow } from '../schema';

// Links sent by e-mail (issue 43), found by the hash of their token.

export async function insertEmailLink(db: Executor, row: EmailLinkRow): Promise<void> {
  await db.insertInto('email_links').values(row).execute();
}

export async function findEmailLinkById(db: Executor, id: string): Promise<EmailLinkRow | undefined> {
  return db.selectFrom('email_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEmailLink(db: Executor, tokenHash: string): Promise<EmailLinkRow | undefined> {
  return db.selectFrom('email_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks a single-use link used; false when it was used (or consumed) already. One statement, so of two clicks
 * arriving together one wins.
 */
export async function useEmailLink(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('email_links').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every unused link of this purpose for this address or user ends (a password changed ends the other reset links). */
export async function expireLinks(db: Executor, purpose: EmailLinkPurpose, by: { email?: string; userId?: string; leadId?: string }, at: string): Promise<void> {
  let query = db.updateTable('email_links').set({ used_at: at }).where('purpose', '=', purpose).where('used_at', 'is', null);
  if (by.email !== undefined) query = query.where('email', '=', by.email);
  if (by.userId !== undefined) query = query.where('user_id', '=', by.userId);
  if (by.leadId !== undefined) query = query.where('lead_id', '=', by.leadId);
  await query.execute();
}

/** Links past their day are of no use to anyone: deleted a day after they expire. */
export async function deleteExpiredLinks(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('email_links').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
