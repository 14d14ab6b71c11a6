import type { Kysely } from 'kysely';

// The premium interview survives a reload (issue 33): beside the facts, the interview keeps its plan (which
// questions, citing which facts), the rule book's findings, the model's wording per language, the language the
// applicant chose explicitly (null when the interview follows the interface), and when it was finished. The
// questions can then be worded again in any language, and a reload or the other premium page continues.
// SQLite adds one column per statement.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('premium_interviews').addColumn('plans', 'text').execute();
  await db.schema.alterTable('premium_interviews').addColumn('findings', 'text').execute();
  await db.schema.alterTable('premium_interviews').addColumn('worded', 'text').execute();
  await db.schema.alterTable('premium_interviews').addColumn('chosen_language', 'varchar(2)').execute();
  await db.schema.alterTable('premium_interviews').addColumn('finished_at', 'varchar(32)').execute();
  await db.schema.createIndex('premium_interviews_order_updated_idx').on('premium_interviews').columns(['order_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('premium_interviews_order_updated_idx').execute();
  for (const column of ['finished_at', 'chosen_language', 'worded', 'findings', 'plans']) {
    await db.schema.alterTable('premium_interviews').dropColumn(column).execute();
  }
}
