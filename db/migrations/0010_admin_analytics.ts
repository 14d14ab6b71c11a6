import type { Kysely } from 'kysely';

// The admin area (issue 14): first-party analytics and the indexes the dashboard's aggregates need.
//
// visitors: one row per random visitor cookie, when it was first and last seen and the country its browser's
//   language and time zone suggest (never an address lookup). Every range ends now, so the visitors of a range
//   are those last seen since its start: a count over one index, however many views they made.
// page_views: one row per route change, the path only (no query string, nothing personal).
// visits: one row per visitor per UTC day with its number of views, kept in step with page_views, so the chart
//   and the bounce rate over 90 days read a fraction of page_views.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visitors')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('country', 'varchar(2)')
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('first_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitors_first_seen_idx').on('visitors').column('first_seen_at').execute();
  await db.schema.createIndex('visitors_last_seen_idx').on('visitors').columns(['last_seen_at', 'country']).execute();

  await db.schema
    .createTable('page_views')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('visitor_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Covering: the 24-hour figures count distinct visitors from this index alone.
  await db.schema.createIndex('page_views_created_visitor_idx').on('page_views').columns(['created_at', 'visitor_id']).execute();

  await db.schema
    .createTable('visits')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('visitor_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('visits_pk', ['day', 'visitor_id'])
    .execute();
  // Covering: visits and page views per day, and bounces, read the index alone.
  await db.schema.createIndex('visits_day_views_idx').on('visits').columns(['day', 'views']).execute();

  // The leads table filtered by status or plan, newest activity first; leads in a range by nationality.
  await db.schema.createIndex('leads_updated_idx').on('leads').column('updated_at').execute();
  await db.schema.createIndex('leads_completion_updated_idx').on('leads').columns(['completion_status', 'updated_at']).execute();
  await db.schema.createIndex('leads_payment_updated_idx').on('leads').columns(['payment_status', 'updated_at']).execute();
  await db.schema.createIndex('leads_plan_updated_idx').on('leads').columns(['subscription_plan', 'updated_at']).execute();
  await db.schema.createIndex('leads_created_form_idx').on('leads').columns(['created_at', 'form_type', 'completion_status', 'nationality']).execute();
  await db.schema.createIndex('orders_paid_idx').on('orders').columns(['status', 'paid_at']).execute();
  // A lead's details list the chats that collected it.
  await db.schema.createIndex('chat_sessions_lead_idx').on('chat_sessions').column('lead_id').execute();
  await db.schema.createIndex('application_history_created_idx').on('application_history').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['leads_updated_idx', 'leads_completion_updated_idx', 'leads_payment_updated_idx', 'leads_plan_updated_idx', 'leads_created_form_idx', 'orders_paid_idx', 'chat_sessions_lead_idx', 'application_history_created_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const table of ['visits', 'page_views', 'visitors']) await db.schema.dropTable(table).execute();
}
