import type { Kysely } from 'kysely';

// The premium interview's preparation is a job the page follows (issue 42): a model may take several calls, and no
// request waits for them. The interview row is written at once, 'preparing', with the pasted text it is read from;
// the job (claimed by one process at a time, taken over by another when its claim goes stale) fills in the facts,
// the plan and the questions and marks it 'ready', then forgets the text. Rows made before are 'ready'.
// SQLite adds one column per statement.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('premium_interviews').addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ready')).execute();
  await db.schema.alterTable('premium_interviews').addColumn('pending_text', 'text').execute();
  await db.schema.alterTable('premium_interviews').addColumn('claimed_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['claimed_at', 'pending_text', 'status']) await db.schema.alterTable('premium_interviews').dropColumn(column).execute();
}
