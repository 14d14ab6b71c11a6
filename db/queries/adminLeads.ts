import type { SelectQueryBuilder } from 'kysely';
import type { Executor } from '../index';
import type { Database, LeadRow } from '../schema';

// The admin's reads of leads and orders (issue 14): filtered lists, counts in a range, revenue. Each filter
// meets an index of migration 0010 (status or plan, then updated_at).

const n = (value: unknown) => Number(value ?? 0);

export interface LeadFilter {
  status?: 'all' | 'completed' | 'incomplete' | 'paid' | 'unpaid';
  plan?: 'all' | 'basic' | 'pro' | 'premium';
}

/** The spec's status filter (1-core §2.10): completed and incomplete are the form's state; paid and unpaid the payment's. */
function filtered<O>(query: SelectQueryBuilder<Database, 'leads', O>, filter: LeadFilter): SelectQueryBuilder<Database, 'leads', O> {
  let q = query;
  if (filter.status === 'completed' || filter.status === 'incomplete') q = q.where('completion_status', '=', filter.status);
  if (filter.status === 'paid') q = q.where('payment_status', '=', 'paid');
  if (filter.status === 'unpaid') q = q.where('payment_status', '!=', 'paid');
  if (filter.plan && filter.plan !== 'all') q = q.where('subscription_plan', '=', filter.plan);
  return q;
}

export type LeadListRow = Omit<LeadRow, 'owner_token' | 'capture_key' | 'user_id'>;

const LIST_COLUMNS = [
  'id', 'name', 'email', 'phone', 'form_type', 'nationality', 'travel_purpose', 'form_data', 'completion_status',
  'payment_status', 'source', 'subscription_plan', 'created_at', 'updated_at',
] as const;

export async function listLeads(db: Executor, filter: LeadFilter, offset: number, limit: number): Promise<LeadListRow[]> {
  return filtered(db.selectFrom('leads').select(LIST_COLUMNS), filter)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countLeads(db: Executor, filter: LeadFilter): Promise<number> {
  const row = await filtered(db.selectFrom('leads').select((eb) => eb.fn.countAll().as('c')), filter).executeTakeFirst();
  return n(row?.c);
}

/** One page of the export after `after` (updated_at, id), in the list's order: keyset paging, so the stream never rescans. */
export async function leadsAfter(db: Executor, filter: LeadFilter, after: { updatedAt: string; id: string } | null, limit: number): Promise<LeadListRow[]> {
  let q = filtered(db.selectFrom('leads').select(LIST_COLUMNS), filter);
  if (after) {
    q = q.where((eb) => eb.or([eb('updated_at', '<', after.updatedAt), eb.and([eb('updated_at', '=', after.updatedAt), eb('id', '<', after.id)])]));
  }
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export interface LeadTotals {
  leads: number;
  completed: number;
  /** Leads whose application is paid for. */
  paid: number;
  ds160: number;
  esta: number;
}

/** Leads created since `since`: how many, how many finished their form, and DS-160 against ESTA. */
export async function leadTotals(db: Executor, since: string): Promise<LeadTotals> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => [
      eb.fn.countAll().as('leads'),
      eb.fn.sum<number>(eb.case().when('completion_status', 'in', ['completed', 'paid']).then(1).else(0).end()).as('completed'),
      eb.fn.sum<number>(eb.case().when('payment_status', '=', 'paid').then(1).else(0).end()).as('paid'),
      eb.fn.sum<number>(eb.case().when('form_type', '=', 'DS-160').then(1).else(0).end()).as('ds160'),
      eb.fn.sum<number>(eb.case().when('form_type', '=', 'ESTA').then(1).else(0).end()).as('esta'),
    ])
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return { leads: n(row?.leads), completed: n(row?.completed), paid: n(row?.paid), ds160: n(row?.ds160), esta: n(row?.esta) };
}

export async function topNationalities(db: Executor, since: string, limit: number): Promise<Array<{ name: string; leads: number }>> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['nationality', eb.fn.countAll().as('leads')])
    .where('created_at', '>=', since)
    .where('nationality', '!=', '')
    .groupBy('nationality')
    .orderBy('leads', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.nationality, leads: n(r.leads) }));
}

export interface RevenueRow {
  plan: string;
  orders: number;
  cents: number;
}

/** Paid orders since `since` by plan: how many and what they brought. */
export async function paidByPlan(db: Executor, since: string): Promise<RevenueRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['plan', eb.fn.countAll().as('orders'), eb.fn.sum<number>('total_cents').as('cents')])
    .where('status', '=', 'paid')
    // A group's payment is counted as its lines (by plan, the processing fee on the first): not twice.
    .where('plan', '<>', 'group')
    .where('paid_at', '>=', since)
    .groupBy('plan')
    .execute();
  return rows.map((r) => ({ plan: r.plan, orders: n(r.orders), cents: n(r.cents) }));
}

/** How many applicants paid since `since`: distinct leads, or sessions for an order without one. */
export async function payingApplicants(db: Executor, since: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.count(eb.fn.coalesce('lead_id', 'owner_token')).distinct().as('c'))
    .where('status', '=', 'paid')
    .where('plan', '<>', 'group')
    .where('paid_at', '>=', since)
    .executeTakeFirst();
  return n(row?.c);
}

/** Minutes from each lead to its completed form, for the latest `limit` completions since `since`. */
export async function completionMinutes(db: Executor, since: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('application_history as h')
    .innerJoin('leads as l', 'l.id', 'h.lead_id')
    .select(['l.created_at as started', 'h.created_at as done'])
    .where('h.status', '=', 'completed')
    .where('h.created_at', '>=', since)
    .orderBy('h.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => (Date.parse(r.done) - Date.parse(r.started)) / 60_000).filter((m) => Number.isFinite(m) && m >= 0);
}
