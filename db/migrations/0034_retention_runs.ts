import type { Kysely } from 'kysely';

// Issue 44 item 4: every run of a retention job, with what it removed, so the admin sees the policy at work
// (job_runs says a run happened; this says what it did).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retention_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('job', 'varchar(100)', (c) => c.notNull())
    // Records older than this were in scope.
    .addColumn('cutoff', 'varchar(32)', (c) => c.notNull())
    .addColumn('leads_deleted', 'integer', (c) => c.notNull())
    .addColumn('photos_deleted', 'integer', (c) => c.notNull())
    .addColumn('ran_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retention_runs_ran_idx').on('retention_runs').columns(['ran_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('retention_runs').execute();
}
