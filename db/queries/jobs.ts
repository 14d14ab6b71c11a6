import { sql } from 'kysely';
import type { Executor } from '../index';
import type { JobRow, JobRunRow, JobsTable, JobState } from '../schema';
import type { Insertable } from 'kysely';

// The in-process runner's queue (SQLite: `jobs`) and every run of a job on either engine (`job_runs`).

/** A new job; false when one of that name and key (or id) is already kept. */
export async function insertJob(db: Executor, job: Insertable<JobsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('jobs')
    .values(job)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The next job of these queues that is due, marked active as its attempt begins; one statement, so it is taken once. */
export async function claimNextJob(db: Executor, names: readonly string[], now: string): Promise<JobRow | undefined> {
  if (names.length === 0) return undefined;
  const next = db
    .selectFrom('jobs')
    .select('id')
    .where('state', 'in', ['created', 'retry'])
    .where('name', 'in', names)
    .where('start_after', '<=', now)
    .orderBy('start_after')
    .orderBy('created_at')
    .limit(1);
  return db
    .updateTable('jobs')
    .set({ state: 'active', attempts: sql<number>`attempts + 1`, started_at: now })
    .where('id', '=', next)
    .returningAll()
    .executeTakeFirst();
}

export async function finishJob(
  db: Executor,
  id: string,
  outcome: { state: Extract<JobState, 'completed' | 'failed' | 'retry'>; at: string; error: string | null; startAfter?: string },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: outcome.state, finished_at: outcome.at, last_error: outcome.error, ...(outcome.startAfter ? { start_after: outcome.startAfter } : {}) })
    .where('id', '=', id)
    .execute();
}

/** When the earliest waiting job of these queues is due, if any waits. */
export async function nextDueAt(db: Executor, names: readonly string[]): Promise<string | undefined> {
  if (names.length === 0) return undefined;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('start_after').as('due'))
    .where('state', 'in', ['created', 'retry'])
    .where('name', 'in', names)
    .executeTakeFirst();
  return row?.due ?? undefined;
}

/** Jobs a process left running when it died: one process runs SQLite's queue, so at start none is really running. */
export async function retryAbandonedJobs(db: Executor, now: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'retry', start_after: now, last_error: 'the process stopped while it ran' })
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteFinishedJobs(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', 'in', ['completed', 'failed']).where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function jobStateCounts(db: Executor): Promise<Array<{ name: string; state: JobState; count: number }>> {
  const rows = await db.selectFrom('jobs').select(['name', 'state', (eb) => eb.fn.countAll<number>().as('count')]).groupBy(['name', 'state']).execute();
  return rows.map((r) => ({ name: r.name, state: r.state, count: Number(r.count) }));
}

export async function recordRun(db: Executor, run: JobRunRow): Promise<void> {
  await db.insertInto('job_runs').values(run).execute();
}

export async function deleteRunsBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('job_runs').where('finished_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recentRuns(db: Executor, limit: number): Promise<JobRunRow[]> {
  return db.selectFrom('job_runs').selectAll().orderBy('finished_at', 'desc').orderBy('id').limit(limit).execute();
}

/** Runs finished since `since`, by job name and outcome, with the latest finish of each. */
export async function runCounts(db: Executor, since: string): Promise<Array<{ name: string; outcome: JobRunRow['outcome']; count: number; last: string }>> {
  const rows = await db
    .selectFrom('job_runs')
    .select(['name', 'outcome', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('finished_at').as('last')])
    .where('finished_at', '>=', since)
    .groupBy(['name', 'outcome'])
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ name: r.name, outcome: r.outcome, count: Number(r.count), last: r.last }));
}
