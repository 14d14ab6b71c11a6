import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../index';

// First-party analytics (issue 14). Writes take a transaction from the caller; reads are aggregates in SQL over
// the indexes of migration 0010, the same on SQLite and PostgreSQL (counts come back as strings from pg).

const n = (value: unknown) => Number(value ?? 0);

export interface VisitorFacts {
  id: string;
  country: string | null;
  language: string;
}

/** Records a batch of page views for one visitor: the visitor (first time only), each view, and its day's visit. */
export async function recordViews(db: Executor, visitor: VisitorFacts, paths: readonly string[], at: string): Promise<void> {
  await db
    .insertInto('visitors')
    .values({ id: visitor.id, country: visitor.country, language: visitor.language, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ last_seen_at: at }))
    .execute();
  await db
    .insertInto('page_views')
    .values(paths.map((path) => ({ id: randomUUID(), visitor_id: visitor.id, path, created_at: at })))
    .execute();
  await db
    .insertInto('visits')
    .values({ day: at.slice(0, 10), visitor_id: visitor.id, views: paths.length })
    .onConflict((oc) => oc.columns(['day', 'visitor_id']).doUpdateSet({ views: sql<number>`visits.views + excluded.views` }))
    .execute();
}

/**
 * The window a range covers, which always ends now. `exact` ranges (the last 24 hours) count page views one by
 * one; day ranges add up the per-day visits, which is what makes 90 days over a million views cheap.
 */
export interface Window {
  since: string;
  sinceDay: string;
  exact: boolean;
}

/** The visitors of a range: those last seen since it began (it ends now). */
export async function countVisitors(db: Executor, w: Window): Promise<number> {
  const row = await db.selectFrom('visitors').select((eb) => eb.fn.countAll().as('c')).where('last_seen_at', '>=', w.since).executeTakeFirst();
  return n(row?.c);
}

export async function countNewVisitors(db: Executor, w: Window): Promise<number> {
  const row = await db.selectFrom('visitors').select((eb) => eb.fn.countAll().as('c')).where('first_seen_at', '>=', w.since).executeTakeFirst();
  return n(row?.c);
}

export async function countPageViews(db: Executor, w: Window): Promise<number> {
  const row = w.exact
    ? await db.selectFrom('page_views').select((eb) => eb.fn.countAll().as('c')).where('created_at', '>=', w.since).executeTakeFirst()
    : await db.selectFrom('visits').select((eb) => eb.fn.sum<number>('views').as('c')).where('day', '>=', w.sinceDay).executeTakeFirst();
  return n(row?.c);
}

export interface DayCount {
  day: string;
  visitors: number;
  pageViews: number;
}

export async function visitsPerDay(db: Executor, w: Window): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('visits')
    .select((eb) => ['day', eb.fn.countAll().as('visitors'), eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', w.sinceDay)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, visitors: n(r.visitors), pageViews: n(r.views) }));
}

/** Visits, and those that saw one page only (bounces), for the conversions tab. */
export async function visitShape(db: Executor, w: Window): Promise<{ visits: number; bounces: number }> {
  const row = await db
    .selectFrom('visits')
    .select((eb) => [eb.fn.countAll().as('visits'), eb.fn.sum<number>(eb.case().when('views', '=', 1).then(1).else(0).end()).as('bounces')])
    .where('day', '>=', w.sinceDay)
    .executeTakeFirst();
  return { visits: n(row?.visits), bounces: n(row?.bounces) };
}

export async function topCountries(db: Executor, w: Window, limit: number): Promise<Array<{ code: string | null; visitors: number }>> {
  const rows = await db
    .selectFrom('visitors')
    .select((eb) => ['country as code', eb.fn.countAll().as('visitors')])
    .where('last_seen_at', '>=', w.since)
    .groupBy('country')
    .orderBy('visitors', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ code: r.code, visitors: n(r.visitors) }));
}
