import type { Kysely } from 'kysely';

// Government fees as a dated schedule (issue 44). One row per fee, subject (the ESTA, a visa class, or every
// visa) and effective day; a change is a new row with a later day, so what was charged on any past day can still
// be told. A row without a day is announced but not in force (the visa integrity fee until an admin dates it).
// The rows are seeded by db/seed.ts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('government_fees')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // YYYY-MM-DD, a UTC day; null: not in force.
    .addColumn('effective_from', 'varchar(10)')
    .addColumn('source_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('payer', 'varchar(16)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(20)', (c) => c.notNull())
    .addColumn('refundable', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(500)', (c) => c.notNull())
    .addColumn('last_checked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)')
    .execute();
  // One amount per fee and day: a second change for the same day replaces the scheduled one instead.
  await db.schema.createIndex('government_fees_dated').on('government_fees').columns(['code', 'subject', 'effective_from']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('government_fees_dated').execute();
  await db.schema.dropTable('government_fees').execute();
}
