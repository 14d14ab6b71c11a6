import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Dialect, Executor } from '../index';
import type { CompletionStatus, Database, LeadRow, LeadsTable, PaymentStatus } from '../schema';

// Queries take the database or a transaction and never open one: the leads service decides what is atomic.

export interface Lead {
  id: string;
  name: string;
  email: string;
  phone: string;
  formType: string;
  nationality: string;
  travelPurpose: string;
  formData: Record<string, unknown>;
  completionStatus: CompletionStatus;
  paymentStatus: PaymentStatus;
  source: string;
  subscriptionPlan: LeadsTable['subscription_plan'];
  createdAt: string;
  updatedAt: string;
}

export interface HistoryEntry {
  status: string;
  action: string;
  date: string;
}

export interface Owner {
  ownerToken: string;
  userId: string | null;
}

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    formType: row.form_type,
    nationality: row.nationality,
    travelPurpose: row.travel_purpose,
    formData: JSON.parse(row.form_data) as Record<string, unknown>,
    completionStatus: row.completion_status,
    paymentStatus: row.payment_status,
    source: row.source,
    subscriptionPlan: row.subscription_plan,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type NewLeadValues = Omit<Lead, 'id' | 'createdAt' | 'updatedAt'>;

/** The row a new lead is stored as; ids are random UUIDs, never sequential. */
export function newLeadRow(values: NewLeadValues, owner: Owner, at: string, captureKey: string | null = null): LeadRow {
  return {
    id: randomUUID(),
    name: values.name,
    email: values.email,
    phone: values.phone,
    form_type: values.formType,
    nationality: values.nationality,
    travel_purpose: values.travelPurpose,
    form_data: JSON.stringify(values.formData),
    completion_status: values.completionStatus,
    payment_status: values.paymentStatus,
    source: values.source,
    subscription_plan: values.subscriptionPlan,
    owner_token: owner.ownerToken,
    user_id: owner.userId,
    capture_key: captureKey,
    created_at: at,
    updated_at: at,
  };
}

export async function insertLead(db: Executor, row: LeadRow): Promise<void> {
  await db.insertInto('leads').values(row).execute();
}

/** Inserts unless a lead with the same capture key exists; says whether this call made it. */
export async function insertLeadOnce(db: Executor, row: LeadRow): Promise<boolean> {
  const result = await db
    .insertInto('leads')
    .values(row)
    .onConflict((oc) => oc.column('capture_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** How far each of these leads is, by id (whether an order's form can be printed), and who it is for. */
export async function completionOfLeads(db: Executor, ids: readonly string[]): Promise<Map<string, Pick<LeadRow, 'completion_status' | 'name' | 'form_data'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('leads').select(['id', 'completion_status', 'name', 'form_data']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findLeadRow(db: Executor, id: string): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The lead, locked until the transaction ends, so a concurrent update waits instead of merging into a stale
 * copy. PostgreSQL takes a row lock; SQLite has one writer, and its transactions already run one at a time.
 */
export async function lockLeadRow(db: Executor, dialect: Dialect, id: string): Promise<LeadRow | undefined> {
  const query = db.selectFrom('leads').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function findLeadByCaptureKey(db: Executor, key: string): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('capture_key', '=', key).executeTakeFirst();
}

/** Not a traveller a group leader added (issue 36): their lead has the leader's owner, but it is not the leader's application. */
const notAddedTraveller = (eb: ExpressionBuilder<Database, 'leads'>) =>
  eb.not(eb.exists(eb.selectFrom('group_members').select('lead_id').whereRef('group_members.lead_id', '=', 'leads.id').where('relationship', '<>', 'leader')));

/**
 * A lead with this e-mail and form type that this session or signed-in user already owns. A traveller a group
 * leader added (issue 36) has the leader's e-mail and owner but is someone else's application: never this one.
 */
export async function findOwnedLead(db: Executor, owner: Owner, email: string, formType: string): Promise<LeadRow | undefined> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('form_type', '=', formType)
    .where(notAddedTraveller)
    .where((eb) =>
      owner.userId ? eb.or([eb('owner_token', '=', owner.ownerToken), eb('user_id', '=', owner.userId)]) : eb('owner_token', '=', owner.ownerToken),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export type LeadWrite = Pick<
  LeadRow,
  'name' | 'email' | 'phone' | 'nationality' | 'travel_purpose' | 'form_data' | 'completion_status' | 'payment_status' | 'subscription_plan' | 'updated_at'
>;

export async function writeLead(db: Executor, id: string, values: LeadWrite): Promise<void> {
  await db.updateTable('leads').set(values).where('id', '=', id).execute();
}

export async function addHistory(db: Executor, leadId: string, status: string, action: string, at: string): Promise<void> {
  await db.insertInto('application_history').values({ id: randomUUID(), lead_id: leadId, status, action, created_at: at }).execute();
}

export async function listHistory(db: Executor, leadId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('application_history')
    .select(['status', 'action', 'created_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ status: r.status, action: r.action, date: r.created_at }));
}

type Mine = { ownerToken?: string | undefined; userId?: string | undefined };

/** The leads of this browser session or signed-in user; nobody's when the asker is neither. */
function owned(db: Executor, { ownerToken, userId }: Mine) {
  return db
    .selectFrom('leads')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(ownerToken ? [eb('owner_token', '=', ownerToken)] : []),
        ...(userId ? [eb('user_id', '=', userId)] : []),
        ...(!ownerToken && !userId ? [sql<boolean>`1 = 0`] : []),
      ]),
    )
    .orderBy('updated_at', 'desc');
}

/** The newest application of this form type the asker owns (the pre-assessment aside: it is not an application form). */
export async function newestOwnedLead(db: Executor, mine: Mine, formType: string): Promise<LeadRow | undefined> {
  return owned(db, mine).where('form_type', '=', formType).where('source', '!=', 'wizard').where(notAddedTraveller).executeTakeFirst();
}

/** The newest lead from this source the asker owns (the pre-assessment for the results page). */
export async function newestOwnedFrom(db: Executor, mine: Mine, source: string): Promise<LeadRow | undefined> {
  return owned(db, mine).where('source', '=', source).executeTakeFirst();
}

/** Every lead the asker owns, newest change first. */
export async function ownedLeads(db: Executor, mine: Mine): Promise<LeadRow[]> {
  return owned(db, mine).execute();
}

/** A paid order marks its lead paid; a completed application also becomes 'paid' (the admin's 100 %). */
export async function markLeadPaid(db: Executor, id: string, change: Pick<LeadRow, 'completion_status' | 'subscription_plan' | 'updated_at'>): Promise<void> {
  await db.updateTable('leads').set({ ...change, payment_status: 'paid' }).where('id', '=', id).execute();
}

/** Signing in or up makes the leads this browser session made the account's. */
export async function adoptLeads(db: Executor, ownerToken: string, userId: string): Promise<void> {
  await db.updateTable('leads').set({ user_id: userId }).where('owner_token', '=', ownerToken).where('user_id', 'is', null).execute();
}
