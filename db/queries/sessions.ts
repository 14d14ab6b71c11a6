import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../index';
import type { Database } from '../schema';

/** A session's lifetimes: the cookie's, and for a session with no identity, how long it lives owning nothing. */
export interface SessionLife {
  expiresAt: number;
  ownerToken: string | null;
  idleUntil: number | null;
}

/** The tables whose rows a browser session makes and is the only way back to (each indexed on owner_token). */
const OWNED_TABLES = ['leads', 'orders', 'photos', 'assistant_sessions', 'chat_sessions'] as const;

/** True where the session's owner token owns a row in any of the owned tables. */
function ownsSomething(eb: ExpressionBuilder<Database, 'sessions'>) {
  return eb.or(
    OWNED_TABLES.map((table) =>
      eb.exists(eb.selectFrom(table).select(sql`1`.as('one')).whereRef(`${table}.owner_token`, '=', 'sessions.owner_token')),
    ),
  );
}

export async function readSession(db: Db, sid: string, now: number): Promise<string | undefined> {
  const row = await db.selectFrom('sessions').select(['data', 'expires_at', 'idle_until']).where('sid', '=', sid).executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return undefined;
  if (row.idle_until !== null && Number(row.idle_until) <= now && !(await ownsAny(db, sid))) return undefined;
  return row.data;
}

async function ownsAny(db: Db, sid: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select(sql`1`.as('one'))
    .where('sid', '=', sid)
    .where((eb) => ownsSomething(eb))
    .executeTakeFirst();
  return row !== undefined;
}

export async function writeSession(db: Db, sid: string, data: string, life: SessionLife): Promise<void> {
  const values = { data, expires_at: life.expiresAt, owner_token: life.ownerToken, idle_until: life.idleUntil };
  await db
    .insertInto('sessions')
    .values({ sid, ...values })
    .onConflict((oc) => oc.column('sid').doUpdateSet(values))
    .execute();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

/** Sessions past their cookie's expiry, and sessions with no identity past their idle time that own nothing. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb.and([eb('idle_until', '<=', now), eb.not(ownsSomething(eb))])]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
