import type { Dialect, Executor } from '../index';
import type { GroupMemberRow, LeadRow, TravellerGroupRow } from '../schema';

// Families and groups (issue 36). Queries take the database or a transaction and never open one: the group
// service decides what is atomic.

/** A traveller of a group with what the group page shows of their lead. */
export type MemberWithLead = GroupMemberRow &
  Pick<LeadRow, 'name' | 'form_type' | 'source' | 'form_data' | 'travel_purpose' | 'completion_status' | 'payment_status' | 'subscription_plan' | 'updated_at'>;

export async function findGroup(db: Executor, id: string): Promise<TravellerGroupRow | undefined> {
  return db.selectFrom('traveller_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The group, held until the transaction ends, so travellers added at the same time are counted one after another:
 * PostgreSQL locks its row; SQLite has one writer, and its transactions already run one at a time.
 */
export async function lockGroup(db: Executor, dialect: Dialect, id: string): Promise<TravellerGroupRow | undefined> {
  const query = db.selectFrom('traveller_groups').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function findGroupLedBy(db: Executor, leaderLeadId: string): Promise<TravellerGroupRow | undefined> {
  return db.selectFrom('traveller_groups').selectAll().where('leader_lead_id', '=', leaderLeadId).executeTakeFirst();
}

/** The membership of a lead (a lead is a traveller of one group at most). */
export async function findMembership(db: Executor, leadId: string): Promise<GroupMemberRow | undefined> {
  return db.selectFrom('group_members').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** Inserts the group unless this lead already leads one; says whether this call made it. */
export async function insertGroupOnce(db: Executor, row: TravellerGroupRow): Promise<boolean> {
  const result = await db
    .insertInto('traveller_groups')
    .values(row)
    .onConflict((oc) => oc.column('leader_lead_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertMember(db: Executor, row: GroupMemberRow): Promise<void> {
  await db.insertInto('group_members').values(row).execute();
}

/** The group's travellers in the order they joined, each with their lead. */
export async function membersWithLeads(db: Executor, groupId: string): Promise<MemberWithLead[]> {
  return db
    .selectFrom('group_members')
    .innerJoin('leads', 'leads.id', 'group_members.lead_id')
    .selectAll('group_members')
    .select([
      'leads.name',
      'leads.form_type',
      'leads.source',
      'leads.form_data',
      'leads.travel_purpose',
      'leads.completion_status',
      'leads.payment_status',
      'leads.subscription_plan',
      'leads.updated_at',
    ])
    .where('group_members.group_id', '=', groupId)
    .orderBy('group_members.position')
    .execute();
}

/** How many travellers the group has, and how many of them fill a DS-160. */
export async function countMembers(db: Executor, groupId: string): Promise<{ travellers: number; ds160: number }> {
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('leads', 'leads.id', 'group_members.lead_id')
    .select(['leads.form_type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('group_members.group_id', '=', groupId)
    .groupBy('leads.form_type')
    .execute();
  const count = (form?: string) => rows.filter((r) => !form || r.form_type === form).reduce((sum, r) => sum + Number(r.n), 0);
  return { travellers: count(), ds160: count('DS-160') };
}

/** The next free place in the group (places are unique: a second writer with the same count is refused there too). */
export async function nextPosition(db: Executor, groupId: string): Promise<number> {
  const row = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function setPrefilled(db: Executor, leadId: string, prefilled: string): Promise<void> {
  await db.updateTable('group_members').set({ prefilled }).where('lead_id', '=', leadId).execute();
}

export async function touchGroup(db: Executor, groupId: string, at: string): Promise<void> {
  await db.updateTable('traveller_groups').set({ updated_at: at }).where('id', '=', groupId).execute();
}

/**
 * What this lead's orders hold (issue 41): 'paid' or 'pending' (being charged) keep the traveller and their
 * application; a declined or refunded attempt charged nothing and keeps nothing.
 */
/**
 * Each lead's payment as its orders hold it (issue 41): 'paid', or 'pending' while a charge is under way; a lead with
 * only declined or refunded attempts is not listed. The group page and the removal read it the same way.
 */
export async function ordersHeld(db: Executor, leadIds: readonly string[]): Promise<Map<string, 'paid' | 'pending'>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['lead_id', 'status']).where('lead_id', 'in', leadIds).where('status', 'in', ['paid', 'pending']).execute();
  const held = new Map<string, 'paid' | 'pending'>();
  for (const row of rows) if (row.lead_id && held.get(row.lead_id) !== 'paid') held.set(row.lead_id, row.status === 'paid' ? 'paid' : 'pending');
  return held;
}

/** The traveller's lead, made for the group, goes with them (its membership, history and photos follow it). */
export async function deleteMemberLead(db: Executor, leadId: string): Promise<void> {
  await db.deleteFrom('leads').where('id', '=', leadId).execute();
}

/** Which group each of these leads travels with, and as whom (the admin's CSV). */
export async function membershipsOf(db: Executor, leadIds: readonly string[]): Promise<Map<string, Pick<GroupMemberRow, 'group_id' | 'relationship'> & { number: string | null }>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('traveller_groups', 'traveller_groups.id', 'group_members.group_id')
    .select(['group_members.lead_id', 'group_members.group_id', 'group_members.relationship', 'traveller_groups.number'])
    .where('group_members.lead_id', 'in', leadIds)
    .execute();
  return new Map(rows.map((r) => [r.lead_id, r]));
}

/** A minor's parent or guardian, as JSON (null clears it). */
export async function setGuardian(db: Executor, leadId: string, guardian: string | null): Promise<void> {
  await db.updateTable('group_members').set({ guardian }).where('lead_id', '=', leadId).execute();
}
