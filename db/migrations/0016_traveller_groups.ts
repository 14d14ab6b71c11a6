import type { Kysely } from 'kysely';

// Families and groups (issue 36). A group is led by one lead (the leader's application); every traveller,
// the leader included, is a member with their own lead and their relationship to the leader. A lead is in one
// group at most. What the group filled in for a traveller is kept, so the page can mark it and a correction of
// the leader's can reach the answers the traveller has not changed; a minor's parent or guardian is kept with
// the membership. A group's checkout is one order (the charge) whose lines are orders of each traveller's lead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('traveller_groups')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('leader_lead_id', 'varchar(36)', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
    // The purpose the waiver rule reads for each new traveller (tourism, business, transit or study).
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('lead_id', 'varchar(36)', (c) => c.primaryKey().references('leads.id').onDelete('cascade'))
    .addColumn('group_id', 'varchar(36)', (c) => c.notNull().references('traveller_groups.id').onDelete('cascade'))
    .addColumn('relationship', 'varchar(20)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('prefilled', 'text', (c) => c.notNull())
    .addColumn('guardian', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_members_group_idx').on('group_members').columns(['group_id', 'position']).unique().execute();

  await db.schema.alterTable('orders').addColumn('group_id', 'varchar(36)').execute();
  await db.schema.alterTable('orders').addColumn('parent_order_id', 'varchar(36)').execute();
  await db.schema.createIndex('orders_parent_idx').on('orders').column('parent_order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_parent_idx').execute();
  await db.schema.alterTable('orders').dropColumn('parent_order_id').execute();
  await db.schema.alterTable('orders').dropColumn('group_id').execute();
  await db.schema.dropTable('group_members').execute();
  await db.schema.dropTable('traveller_groups').execute();
}
