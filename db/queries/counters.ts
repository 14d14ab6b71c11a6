import { sql } from 'kysely';
import type { Executor } from '../index';

// Attempt counters (server/services/guard/dbCounters.ts decides what is one attempt). Each function is one
// statement, so two requests (or two processes) that count at once each see the other's count.

export interface Counted {
  count: number;
  lockedUntil: number;
  /** False when a lock was in force: nothing was counted. */
  counted: boolean;
}

/**
 * One more attempt, unless the counter is locked at `now`: then it is left as it was. A counter whose last attempt
 * is older than `staleBefore`, or that holds one attempt older than `singleStaleBefore`, starts over. `token` names
 * this attempt, which is how the answer says it counted.
 */
export async function countAttempt(db: Executor, counter: string, token: string, now: number, staleBefore: number, singleStaleBefore = staleBefore): Promise<Counted> {
  const locked = sql<boolean>`attempt_counters.locked_until > ${now}`;
  const stale = sql<boolean>`(attempt_counters.last_at < ${staleBefore} or (attempt_counters.count <= 1 and attempt_counters.last_at < ${singleStaleBefore}))`;
  const row = await db
    .insertInto('attempt_counters')
    .values({ counter, count: 1, last_at: now, locked_until: 0, locked_by: null, last_token: token })
    .onConflict((oc) =>
      oc.column('counter').doUpdateSet({
        count: sql<number>`case when ${locked} then attempt_counters.count when ${stale} then 1 else attempt_counters.count + 1 end`,
        last_at: sql<number>`case when ${locked} then attempt_counters.last_at else ${now} end`,
        last_token: sql<string>`case when ${locked} then attempt_counters.last_token else ${token} end`,
      }),
    )
    .returning(['count', 'locked_until', 'last_token'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), lockedUntil: Number(row.locked_until), counted: row.last_token === token };
}

export async function lockCounter(db: Executor, counter: string, until: number, token: string): Promise<void> {
  await db.updateTable('attempt_counters').set({ locked_until: until, locked_by: token }).where('counter', '=', counter).execute();
}

/** An attempt that succeeded no longer counts, and the lock it set (if any) is lifted. */
export async function refundAttempt(db: Executor, counters: readonly string[], token: string): Promise<void> {
  if (!counters.length) return;
  await db
    .updateTable('attempt_counters')
    .set({
      count: sql<number>`case when count > 0 then count - 1 else 0 end`,
      locked_until: sql<number>`case when locked_by = ${token} then 0 else locked_until end`,
      locked_by: sql<string | null>`case when locked_by = ${token} then null else locked_by end`,
    })
    .where('counter', 'in', counters)
    .execute();
}

export async function forgetCounters(db: Executor, counters: readonly string[]): Promise<void> {
  if (counters.length) await db.deleteFrom('attempt_counters').where('counter', 'in', counters).execute();
}

/** One more hit in a fixed window of `windowMs` (the window's end is kept in locked_until). */
export async function countHit(db: Executor, counter: string, now: number, windowMs: number): Promise<{ count: number; endsAt: number }> {
  const over = sql<boolean>`attempt_counters.locked_until <= ${now}`;
  const row = await db
    .insertInto('attempt_counters')
    .values({ counter, count: 1, last_at: now, locked_until: now + windowMs })
    .onConflict((oc) =>
      oc.column('counter').doUpdateSet({
        count: sql<number>`case when ${over} then 1 else attempt_counters.count + 1 end`,
        locked_until: sql<number>`case when ${over} then ${now + windowMs} else attempt_counters.locked_until end`,
        last_at: now,
      }),
    )
    .returning(['count', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), endsAt: Number(row.locked_until) };
}

/** Counters that hold windows (countHit): the request limits' fallback and the resume-code limit. */
const WINDOW_PREFIXES = ['rate:', 'resume:client:'];

/**
 * Counters that hold no lock and are over: untouched since `before`, holding one attempt untouched since
 * `singleBefore`, or a window that has ended. Answers how many went.
 */
export async function deleteStaleCounters(db: Executor, before: number, now: number, singleBefore = before): Promise<number> {
  const result = await db
    .deleteFrom('attempt_counters')
    .where('locked_until', '<', now)
    .where((eb) =>
      eb.or([
        eb('last_at', '<', before),
        eb.and([eb('count', '<=', 1), eb('last_at', '<', singleBefore)]),
        ...WINDOW_PREFIXES.map((prefix) => eb('counter', 'like', `${prefix}%`)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
