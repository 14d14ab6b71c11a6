import type { Db } from '../index';

export async function readSession(db: Db, sid: string, now: number): Promise<string | undefined> {
  const row = await db.selectFrom('sessions').select(['data', 'expires_at']).where('sid', '=', sid).executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return undefined;
  return row.data;
}

export async function writeSession(db: Db, sid: string, data: string, expiresAt: number): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, data, expires_at: expiresAt })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ data, expires_at: expiresAt }))
    .execute();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
