import { randomUUID } from 'node:crypto';
import type { Db } from '../index';
import type { CompletionStatus, LeadRow, LeadsTable, PaymentStatus } from '../schema';

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

export async function createLead(db: Db, values: NewLeadValues, owner: Owner, action: string): Promise<Lead> {
  const now = new Date().toISOString();
  const row: LeadRow = {
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
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('leads').values(row).execute();
    await addHistory(trx, row.id, row.completion_status, action, now);
  });
  return toLead(row);
}

export async function findLeadRow(db: Db, id: string): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A lead with this e-mail and form type that this session or signed-in user already owns. */
export async function findOwnedLead(db: Db, owner: Owner, email: string, formType: string): Promise<LeadRow | undefined> {
  return db
    .selectFrom('leads')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('form_type', '=', formType)
    .where((eb) =>
      owner.userId ? eb.or([eb('owner_token', '=', owner.ownerToken), eb('user_id', '=', owner.userId)]) : eb('owner_token', '=', owner.ownerToken),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export interface LeadChanges {
  /** Merged field by field into the stored answers, so one tab cannot erase what another saved. */
  formData?: Record<string, unknown>;
  name?: string;
  email?: string;
  phone?: string;
  nationality?: string;
  travelPurpose?: string;
  completionStatus?: CompletionStatus;
  paymentStatus?: PaymentStatus;
  subscriptionPlan?: LeadsTable['subscription_plan'];
}

const RANK: Record<CompletionStatus, number> = { incomplete: 0, abandoned: 0, unpaid: 1, completed: 1, paid: 2 };

/** Statuses only move forward: a stale tab cannot turn a completed or paid lead back into a draft. */
export function nextStatus(current: CompletionStatus, requested: CompletionStatus | undefined): CompletionStatus {
  if (!requested) return current;
  return RANK[requested] >= RANK[current] ? requested : current;
}

export async function updateLead(db: Db, row: LeadRow, changes: LeadChanges, action: string): Promise<Lead> {
  const now = new Date().toISOString();
  const stored = JSON.parse(row.form_data) as Record<string, unknown>;
  const completion = nextStatus(row.completion_status, changes.completionStatus);
  const payment = row.payment_status === 'paid' ? 'paid' : (changes.paymentStatus ?? row.payment_status);
  const next: LeadRow = {
    ...row,
    name: changes.name || row.name,
    email: changes.email ? changes.email.toLowerCase() : row.email,
    phone: changes.phone || row.phone,
    nationality: changes.nationality || row.nationality,
    travel_purpose: changes.travelPurpose || row.travel_purpose,
    form_data: JSON.stringify({ ...stored, ...(changes.formData ?? {}) }),
    completion_status: completion,
    payment_status: payment,
    subscription_plan: changes.subscriptionPlan ?? row.subscription_plan,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('leads')
      .set({
        name: next.name,
        email: next.email,
        phone: next.phone,
        nationality: next.nationality,
        travel_purpose: next.travel_purpose,
        form_data: next.form_data,
        completion_status: next.completion_status,
        payment_status: next.payment_status,
        subscription_plan: next.subscription_plan,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    if (completion !== row.completion_status) await addHistory(trx, row.id, completion, action, now);
  });
  return toLead(next);
}

async function addHistory(db: Db, leadId: string, status: string, action: string, at: string): Promise<void> {
  await db.insertInto('application_history').values({ id: randomUUID(), lead_id: leadId, status, action, created_at: at }).execute();
}

export async function listHistory(db: Db, leadId: string): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('application_history')
    .select(['status', 'action', 'created_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ status: r.status, action: r.action, date: r.created_at }));
}
