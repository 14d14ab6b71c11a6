import type { Kysely } from 'kysely';

// Orders and their payments (spec 1-core §2.5, §2.6; docs/DECISIONS.md "Money, access and trust"). Amounts are whole
// cents computed by the server from the pricing map; nothing about a card is kept but its brand and last four.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('lead_id', 'varchar(36)', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('service', 'varchar(16)', (c) => c.notNull())
    .addColumn('plan', 'varchar(16)', (c) => c.notNull())
    .addColumn('service_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('credit_cents', 'integer', (c) => c.notNull())
    .addColumn('processing_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('government_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_brand', 'varchar(16)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('gateway_ref', 'varchar(64)')
    .addColumn('failure', 'varchar(200)')
    .addColumn('access_code', 'varchar(40)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('orders_owner_idx').on('orders').column('owner_token').execute();
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_lead_idx').on('orders').column('lead_id').execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('order_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_history_order_idx').on('order_history').column('order_id').execute();

  // One row per payment attempt, keyed by the client's idempotency key: a retried request finds its result here.
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('decline_code', 'varchar(40)')
    .addColumn('card_brand', 'varchar(16)')
    .addColumn('card_last4', 'varchar(4)')
    .addColumn('gateway_ref', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // A guest's e-mail is a contact address, not an account key: many guest sign-ins may give the same one, and
  // none of them may take over the account (or the guest) that registered it, so it is kept apart from `email`.
  await db.schema.alterTable('users').addColumn('guest_email', 'varchar(254)').execute();

  // Failed sign-ins per account, for the growing delay and the lock-out window.
  await db.schema
    .createTable('login_failures')
    .addColumn('account', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('guest_email').execute();
  for (const table of ['login_failures', 'payment_attempts', 'order_history', 'orders']) await db.schema.dropTable(table).execute();
}
