import { sql } from 'kysely';
import type { Executor } from '../index';
import type { ChatSessionRow, AssistantSessionRow, ConsentRow, PhotoRow, PremiumInterviewRow, RetentionRunRow, TravellerGroupRow, GroupMemberRow } from '../schema';

// What an applicant's rights (issue 44: GDPR 15, 17, 20) and retention read and erase. Reads take the owner's
// session token and account; erasures take ids already checked by the service.

export type Mine = { ownerToken?: string | undefined; userId?: string | undefined };

/** owner_token = token OR user_id = account; nobody's when the asker is neither. */
function ownerFilter(mine: Mine) {
  return (eb: any) =>
    eb.or([
      ...(mine.ownerToken ? [eb('owner_token', '=', mine.ownerToken)] : []),
      ...(mine.userId ? [eb('user_id', '=', mine.userId)] : []),
      ...(!mine.ownerToken && !mine.userId ? [sql<boolean>`1 = 0`] : []),
    ]);
}

export type PhotoMetaRow = Omit<PhotoRow, 'data'>;

export async function photosOf(db: Executor, mine: Mine, leadIds: readonly string[]): Promise<PhotoMetaRow[]> {
  return db
    .selectFrom('photos')
    .select(['id', 'owner_token', 'user_id', 'lead_id', 'content_type', 'width', 'height', 'size_bytes', 'created_at'])
    .where((eb) => eb.or([ownerFilter(mine)(eb), ...(leadIds.length ? [eb('lead_id', 'in', leadIds)] : [])]))
    .orderBy('created_at')
    .execute();
}

export async function chatSessionsOf(db: Executor, mine: Mine, leadIds: readonly string[]): Promise<ChatSessionRow[]> {
  return db
    .selectFrom('chat_sessions')
    .selectAll()
    .where((eb) => eb.or([ownerFilter(mine)(eb), ...(leadIds.length ? [eb('lead_id', 'in', leadIds)] : [])]))
    .orderBy('created_at')
    .execute();
}

export async function assistantSessionsOf(db: Executor, mine: Mine, leadIds: readonly string[]): Promise<AssistantSessionRow[]> {
  return db
    .selectFrom('assistant_sessions')
    .selectAll()
    .where((eb) => eb.or([ownerFilter(mine)(eb), ...(leadIds.length ? [eb('lead_id', 'in', leadIds)] : [])]))
    .orderBy('created_at')
    .execute();
}

export async function interviewsOfOrders(db: Executor, orderIds: readonly string[]): Promise<PremiumInterviewRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('premium_interviews').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').execute();
}

export async function groupsLedBy(db: Executor, leadIds: readonly string[]): Promise<TravellerGroupRow[]> {
  if (leadIds.length === 0) return [];
  return db.selectFrom('traveller_groups').selectAll().where('leader_lead_id', 'in', leadIds).execute();
}

export async function membershipRows(db: Executor, leadIds: readonly string[]): Promise<GroupMemberRow[]> {
  if (leadIds.length === 0) return [];
  return db.selectFrom('group_members').selectAll().where('lead_id', 'in', leadIds).orderBy('position').execute();
}

export async function historyOfLeads(db: Executor, leadIds: readonly string[]) {
  if (leadIds.length === 0) return [];
  return db.selectFrom('application_history').select(['lead_id', 'status', 'action', 'created_at']).where('lead_id', 'in', leadIds).orderBy('created_at').execute();
}

export async function consentsOf(db: Executor, mine: Mine): Promise<ConsentRow[]> {
  return db.selectFrom('consents').selectAll().where(ownerFilter(mine)).orderBy('created_at').execute();
}

export async function insertConsent(db: Executor, row: ConsentRow): Promise<void> {
  await db.insertInto('consents').values(row).execute();
}

/** Any accepted notice for this engine (the chats), or that one feature's (the premium interview, the voice). */
export async function hasConsent(db: Executor, mine: Mine, engine: string, chat?: string): Promise<boolean> {
  let query = db.selectFrom('consents').select('id').where(ownerFilter(mine)).where('engine', '=', engine);
  if (chat) query = query.where('chat', '=', chat);
  const row = await query.executeTakeFirst();
  return Boolean(row);
}

/** Whether an order that must be kept for accounting (paid, pending or refunded) names any of these leads. */
export async function leadsWithKeptOrders(db: Executor, leadIds: readonly string[]): Promise<Set<string>> {
  if (leadIds.length === 0) return new Set();
  const rows = await db.selectFrom('orders').select('lead_id').where('lead_id', 'in', leadIds).where('status', 'in', ['paid', 'pending', 'refunded']).execute();
  return new Set(rows.map((r) => r.lead_id).filter((id): id is string => id !== null));
}

/**
 * Leaves an application's row for the orders that name it, with nothing personal: no name, contact, answers or
 * nationality; its form type, statuses and dates stay (what was bought, for the accounts).
 */
export async function anonymiseLeads(db: Executor, leadIds: readonly string[], ownerToken: string, at: string): Promise<void> {
  if (leadIds.length === 0) return;
  await db
    .updateTable('leads')
    .set({ name: '', email: '', phone: '', nationality: '', travel_purpose: '', form_data: '{}', owner_token: ownerToken, user_id: null, capture_key: null, updated_at: at })
    .where('id', 'in', leadIds)
    .execute();
  await db.deleteFrom('photos').where('lead_id', 'in', leadIds).execute();
  await db.deleteFrom('resume_codes').where('lead_id', 'in', leadIds).execute();
  await db.deleteFrom('traveller_groups').where('leader_lead_id', 'in', leadIds).execute();
  await db.deleteFrom('group_members').where('lead_id', 'in', leadIds).execute();
}

/** Leads with nothing to keep go entirely (history, photos, resume codes and memberships cascade). */
export async function deleteLeads(db: Executor, leadIds: readonly string[]): Promise<number> {
  if (leadIds.length === 0) return 0;
  const result = await db.deleteFrom('leads').where('id', 'in', leadIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The conversations about these leads, and the premium interviews of these orders. */
export async function deleteConversations(db: Executor, leadIds: readonly string[], orderIds: readonly string[]): Promise<void> {
  if (leadIds.length) {
    await db.deleteFrom('chat_sessions').where('lead_id', 'in', leadIds).execute();
    await db.deleteFrom('assistant_sessions').where('lead_id', 'in', leadIds).execute();
  }
  if (orderIds.length) await db.deleteFrom('premium_interviews').where('order_id', 'in', orderIds).execute();
}

/**
 * Orders keep their number, amounts, statuses and dates for the accounts; who paid (receipt address, card, the
 * owner's session and account, the premium code) goes.
 */
export async function anonymiseOrders(db: Executor, orderIds: readonly string[], ownerToken: string, at: string): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('orders')
    .set({ receipt_email: null, card_brand: null, card_last4: null, access_code: null, owner_token: ownerToken, user_id: null, updated_at: at })
    .where('id', 'in', orderIds)
    .execute();
  await db.updateTable('payment_attempts').set({ card_brand: null, card_last4: null }).where('order_id', 'in', orderIds).execute();
}

/** Everything else the owner made that names no lead: their chats, photos, interviews and consents. */
export async function deleteOwnedRest(db: Executor, mine: Mine): Promise<void> {
  await db.deleteFrom('chat_sessions').where(ownerFilter(mine)).execute();
  await db.deleteFrom('assistant_sessions').where(ownerFilter(mine)).execute();
  await db.deleteFrom('photos').where(ownerFilter(mine)).execute();
  await db.deleteFrom('consents').where(ownerFilter(mine)).execute();
  if (mine.ownerToken) await db.deleteFrom('premium_interviews').where('owner_token', '=', mine.ownerToken).execute();
}

export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).where('role', '!=', 'admin').execute();
}

// Retention (item 4).

/** Applications never paid (no paid, pending or refunded order) and unchanged since the cutoff. */
export async function staleUnpaidLeads(db: Executor, cutoff: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('payment_status', '=', 'unpaid')
    .where('updated_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.id').whereRef('orders.lead_id', '=', 'leads.id').where('orders.status', 'in', ['paid', 'pending', 'refunded']))),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Photos of paid applications, taken before the cutoff. */
export async function deletePaidPhotosBefore(db: Executor, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('photos')
    .where('created_at', '<', cutoff)
    .where('lead_id', 'in', (eb) => eb.selectFrom('leads').select('id').where('payment_status', '=', 'paid'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordRetentionRun(db: Executor, row: RetentionRunRow): Promise<void> {
  await db.insertInto('retention_runs').values(row).execute();
}

export async function recentRetentionRuns(db: Executor, limit: number): Promise<RetentionRunRow[]> {
  return db.selectFrom('retention_runs').selectAll().orderBy('ran_at', 'desc').limit(limit).execute();
}
