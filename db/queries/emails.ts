import { sql, type Insertable } from 'kysely';
import type { Executor } from '../index';
import type { EmailRow, EmailsTable, EmailState } from '../schema';

// The outbox (issue 43): rows written in the transaction of the event that causes them, sent by the dispatcher.

/** A message for an event; false when its event key has one already (the event happened before, or is retried). */
export async function insertEmailOnce(db: Executor, row: Insertable<EmailsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('emails')
    .values(row)
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findEmail(db: Executor, id: string): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEmailByKey(db: Executor, eventKey: string): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('event_key', '=', eventKey).executeTakeFirst();
}

/**
 * Takes the message for one attempt: queued, or left `sending` before `staleBefore` by an attempt whose process
 * died (longer ago than any send can take, so that attempt is over). One statement: of two workers, one takes it;
 * a job handed out twice while its first attempt is still sending finds nothing to take. Never a message already
 * sent or given up on.
 */
export async function claimEmail(db: Executor, id: string, now: string, staleBefore: string): Promise<EmailRow | undefined> {
  return db
    .updateTable('emails')
    .set({ state: 'sending', attempts: sql<number>`attempts + 1`, claimed_at: now, updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('claimed_at', '<', staleBefore)])]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * A message this process took (`sending`, claimed at `claimedAt`) but had not yet handed to the mail server when it
 * stopped: queued again for the next attempt, unless another process has taken it since (its own claim time).
 */
export async function releaseEmail(db: Executor, id: string, claimedAt: string, at: string): Promise<boolean> {
  return changeHeld(db, id, claimedAt, { state: 'queued', last_error: 'the server stopped before this message was handed to the mail server', updated_at: at });
}

/** Changes a message an attempt holds (`sending`, claimed at `claimedAt`); false when another attempt has taken it since. */
async function changeHeld(db: Executor, id: string, claimedAt: string, change: Partial<Pick<EmailRow, 'state' | 'last_error' | 'claimed_at' | 'updated_at'>>): Promise<boolean> {
  const changed = await db.updateTable('emails').set(change).where('id', '=', id).where('state', '=', 'sending').where('claimed_at', '=', claimedAt).returning('id').executeTakeFirst();
  return changed !== undefined;
}

/**
 * Renews an attempt's hold on its message just before it goes on the wire: its claim time becomes `now`, unless
 * another attempt has taken it since (its lease ran out while this one drew). True when the hold is still this one's.
 */
export async function renewEmailClaim(db: Executor, id: string, claimedAt: string, now: string): Promise<boolean> {
  return changeHeld(db, id, claimedAt, { claimed_at: now, updated_at: now });
}

export async function emailState(db: Executor, id: string): Promise<EmailRow['state'] | undefined> {
  return (await db.selectFrom('emails').select('state').where('id', '=', id).executeTakeFirst())?.state;
}

/** What an attempt came to: sent (with the transport's answer), queued again for a retry, or failed for good. */
export type EmailOutcome =
  | { state: 'sent'; transport: 'smtp' | 'file'; response: string; subject: string }
  | { state: 'queued' | 'failed'; error: string; response: string | null; subject: string | null };

export async function finishEmail(db: Executor, id: string, outcome: EmailOutcome, at: string): Promise<void> {
  const change =
    outcome.state === 'sent'
      ? { state: outcome.state, transport: outcome.transport, smtp_response: outcome.response, subject: outcome.subject, last_error: null, sent_at: at, updated_at: at }
      : { state: outcome.state, last_error: outcome.error, smtp_response: outcome.response, ...(outcome.subject ? { subject: outcome.subject } : {}), updated_at: at };
  await db.updateTable('emails').set(change).where('id', '=', id).where('state', '=', 'sending').execute();
}

export interface EmailListFilter {
  state?: EmailState | undefined;
  kind?: string | undefined;
  recipient?: string | undefined;
  limit: number;
  offset: number;
}

/** The admin's list: newest first, by state, kind or address. */
export async function listEmails(db: Executor, filter: EmailListFilter): Promise<{ rows: EmailRow[]; total: number }> {
  let query = db.selectFrom('emails');
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.kind) query = query.where('kind', '=', filter.kind as EmailRow['kind']);
  if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function emailStateCounts(db: Executor): Promise<Array<{ state: EmailState; count: number }>> {
  const rows = await db
    .selectFrom('emails')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('state')
    .execute();
  return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
}

/** How many times a message has been sent again by an admin (the next resend's key counts on from it). */
export async function countResends(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('resend_of', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A resend of the message that is not failed (queued, being sent or sent): the message is on its way again already. */
export async function liveResendOf(db: Executor, id: string): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('resend_of', '=', id).where('state', '!=', 'failed').executeTakeFirst();
}

/** The latest message of a kind about a thing (an order's receipt), for the page that says whether it went. */
export async function latestEmailOfKey(db: Executor, eventKeys: readonly string[]): Promise<EmailRow | undefined> {
  if (eventKeys.length === 0) return undefined;
  return db.selectFrom('emails').selectAll().where('event_key', 'in', eventKeys).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** The address an erased person's kept messages show instead of theirs (issue 44: erasure reaches the outbox). */
export const ERASED_RECIPIENT = 'erased';

/**
 * An erasure (issue 44): messages to these addresses not yet sent are deleted (their send jobs then find nothing
 * to claim); those sent or given up on stay as a count for the admin's figures, without address, subject or the
 * server's answer (which may repeat the address). Returns the rows as they were, so the caller can remove files.
 */
export async function forgetRecipients(db: Executor, recipients: readonly string[], at: string): Promise<EmailRow[]> {
  if (recipients.length === 0) return [];
  const lowered = [...new Set(recipients.map((r) => r.trim().toLowerCase()))];
  const rows = await db.selectFrom('emails').selectAll().where((eb) => eb(eb.fn('lower', ['recipient']), 'in', lowered)).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db.deleteFrom('emails').where('id', 'in', ids).where('state', 'in', ['queued', 'sending']).execute();
  await db
    .updateTable('emails')
    .set({ recipient: ERASED_RECIPIENT, subject: null, smtp_response: null, last_error: null, updated_at: at })
    .where('id', 'in', ids)
    .execute();
  return rows;
}
