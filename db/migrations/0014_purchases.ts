import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Issue 30, money a buyer can trust. The embedded payment gateway keeps its charges durably (a restart loses
// none), an order keeps the e-mail its receipt is for and how it was settled, and one lead has at most one
// purchase in flight: two tabs or a double click cannot both start charging one application.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gateway_charges')
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(40)')
    .addColumn('message', 'varchar(200)')
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('brand', 'varchar(16)')
    .addColumn('last4', 'varchar(4)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('receipt_email', 'varchar(254)').execute();
  await db.schema.alterTable('orders').addColumn('settled_by', 'varchar(20)').execute();

  // Orders left pending by an earlier release: its gateway kept charges in memory, so nothing can say they were
  // charged, and the new one never saw their keys. They are what reconciliation decides for such a key: failed,
  // not charged. (They would also stand in the way of the index below.)
  const at = new Date().toISOString();
  const stranded = await db.selectFrom('orders').select('id').where('status', '=', 'pending').execute();
  for (const { id } of stranded) {
    await db.insertInto('order_history').values({ id: randomUUID(), order_id: id, status: 'failed', note: 'Not charged: no gateway record of this payment', created_at: at }).execute();
  }
  await db
    .updateTable('orders')
    .set({ status: 'failed', failure: 'The payment was not completed. Your card was not charged.', settled_by: 'migration', updated_at: at })
    .where('status', '=', 'pending')
    .execute();
  await db.updateTable('payment_attempts').set({ status: 'canceled' }).where('status', '=', 'pending').execute();

  // Settling an order finds its attempt by the order (reconciliation, the admin's lead details).
  await db.schema.createIndex('payment_attempts_order_idx').on('payment_attempts').column('order_id').execute();

  // The lead's active purchase: one pending order per application at a time, whatever arrives together.
  await db.schema.createIndex('orders_active_purchase').on('orders').column('lead_id').unique().where(sql.ref('status'), '=', sql.lit('pending')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_active_purchase').execute();
  await db.schema.dropIndex('payment_attempts_order_idx').execute();
  await db.schema.alterTable('orders').dropColumn('settled_by').execute();
  await db.schema.alterTable('orders').dropColumn('receipt_email').execute();
  await db.schema.dropTable('gateway_charges').execute();
}
