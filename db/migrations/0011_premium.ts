import type { Kysely } from 'kysely';

// The premium interview practice (issue 15): one row per interview a verified session prepares, holding the
// applicant's facts read from what they pasted, the questions built from them, and each answer with its
// evaluation, so the feedback and the final analysis read the same facts the questions quoted.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('premium_interviews')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('evaluations', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('premium_interviews_order_idx').on('premium_interviews').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('premium_interviews').execute();
}
