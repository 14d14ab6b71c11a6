import type { Kysely } from 'kysely';

// Resume on any device (issue 11): a lead's resume code, kept only as a keyed hash, with its expiry. A lead has
// at most one live code; a new one replaces it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resume_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resume_codes_lead_idx').on('resume_codes').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resume_codes').execute();
}
