import type { Kysely } from 'kysely';

// An AI assistant interview's answers become a lead once the e-mail is known (issue 13); the session remembers
// which, so its checkout links name that lead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistant_sessions').addColumn('lead_id', 'varchar(36)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistant_sessions').dropColumn('lead_id').execute();
}
