import { sql } from 'kysely';
import type { Executor } from '../index';

// The figures the marketing pages state (issue 44, "claims we can back"), counted from what applicants did.

/**
 * Applications whose form was completed between `since` (included) and `until` (excluded): each counted once,
 * however many times it was completed, and up to `limit` of their times from the lead's start to the form's
 * completion, in minutes.
 */
export async function preparedApplications(db: Executor, since: string, until: string, limit: number): Promise<{ count: number; minutes: number[] }> {
  const window = db.selectFrom('application_history').where('status', '=', 'completed').where('created_at', '>=', since).where('created_at', '<', until);
  const [counted, times] = await Promise.all([
    window.select(sql<number>`count(distinct lead_id)`.as('count')).executeTakeFirst(),
    db
      .selectFrom('application_history as h')
      .innerJoin('leads as l', 'l.id', 'h.lead_id')
      .select(['l.created_at as started', (eb) => eb.fn.min('h.created_at').as('done')])
      .where('h.status', '=', 'completed')
      .where('h.created_at', '>=', since)
      .where('h.created_at', '<', until)
      .groupBy(['h.lead_id', 'l.created_at'])
      .limit(limit)
      .execute(),
  ]);
  const minutes = times.map((r) => (Date.parse(String(r.done)) - Date.parse(r.started)) / 60_000).filter((m) => Number.isFinite(m) && m >= 0);
  return { count: Number(counted?.count ?? 0), minutes };
}
