import type { Kysely } from 'kysely';

// Leads and their status history (spec 1-core §3, 2-wizards §3.7). Ownership is an opaque token kept in the
// creating session, or the signed-in user's id; ids are random UUIDs, never sequential.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('form_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('nationality', 'varchar(100)', (c) => c.notNull())
    .addColumn('travel_purpose', 'varchar(100)', (c) => c.notNull())
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('completion_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('payment_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(40)', (c) => c.notNull())
    .addColumn('subscription_plan', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_owner_email_idx').on('leads').columns(['owner_token', 'email', 'form_type']).execute();
  await db.schema.createIndex('leads_user_idx').on('leads').column('user_id').execute();
  await db.schema.createIndex('leads_created_at_idx').on('leads').column('created_at').execute();

  await db.schema
    .createTable('application_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('application_history_lead_idx').on('application_history').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_history').execute();
  await db.schema.dropTable('leads').execute();
}
