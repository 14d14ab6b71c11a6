import { PostgresAdapter, type Kysely } from 'kysely';

// Work that happens later (server/services/jobs/). `jobs` is the queue of the in-process runner on SQLite; on
// PostgreSQL pg-boss keeps its queue in its own schema, so the table is not made there. `job_runs` records every
// run of a job on either engine (which job, which attempt, which process, how it ended), for the admin's list
// and for the tests that prove a job ran once.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // The idempotency key: a job is made once per name and key while it is kept.
      .addColumn('key', 'varchar(200)')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('retry_limit', 'integer', (c) => c.notNull())
      .addColumn('retry_delay_seconds', 'integer', (c) => c.notNull())
      .addColumn('start_after', 'varchar(32)', (c) => c.notNull())
      .addColumn('started_at', 'varchar(32)')
      .addColumn('finished_at', 'varchar(32)')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_name_key_idx').on('jobs').columns(['name', 'key']).unique().execute();
    await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'name', 'start_after']).execute();
  }

  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)')
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('worker', 'varchar(200)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_runs_finished_idx').on('job_runs').columns(['finished_at']).execute();
  await db.schema.createIndex('job_runs_name_idx').on('job_runs').columns(['name', 'finished_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await db.schema.dropTable('jobs').execute();
}
