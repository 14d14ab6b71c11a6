import type { Kysely } from 'kysely';

// Early capture is find-or-create: the key (owner, form type, e-mail) is unique, so two captures racing each
// other for the same applicant make one lead on either dialect. Leads made otherwise leave it null.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('capture_key', 'varchar(400)').execute();
  await db.schema.createIndex('leads_capture_key_idx').on('leads').column('capture_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_capture_key_idx').execute();
  await db.schema.alterTable('leads').dropColumn('capture_key').execute();
}
