import type { Kysely } from 'kysely';

// E-mail (issue 43). `emails` is the transactional outbox: a row is written in the transaction of the event that
// causes the message (an order settled, a code issued, a reset asked), with the event's key, unique, so an event
// makes one message however often it is settled or retried. The dispatcher (a job of the job runner) sends it and
// records the transport's answer. The row holds what the message is about (ids, never an answer of the form),
// so the body is drawn when it is sent, in the language recorded here.
//
// An order keeps the interface language of the person who paid, so a receipt settled later by reconciliation
// is written in it too.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('emails')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('event_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(320)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    // JSON: what the message is about (order, group, link ids); never a personal answer.
    .addColumn('data', 'text', (c) => c.notNull())
    // queued → sending → sent | failed; back to queued after a failed attempt that will be retried.
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // Derived from the event key: a retry after a crash carries the same one, so the receiving side knows it.
    .addColumn('message_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)')
    // 'smtp' (a server accepted it) or 'file' (written as .eml in the data folder: nobody was e-mailed).
    .addColumn('transport', 'varchar(8)')
    .addColumn('smtp_response', 'text')
    .addColumn('last_error', 'text')
    // The message this one sends again (an admin's resend), if any.
    .addColumn('resend_of', 'varchar(36)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(32)')
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('emails_state_idx').on('emails').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('emails_created_idx').on('emails').columns(['created_at']).execute();

  await db.schema.alterTable('orders').addColumn('language', 'varchar(8)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('language').execute();
  await db.schema.dropTable('emails').execute();
}
