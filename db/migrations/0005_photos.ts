import { PostgresAdapter, type Kysely } from 'kysely';

// The DS-160 photo the applicant chose (issue 11; docs/DECISIONS.md "Photo"): kept in the database with its owner,
// served only to that owner (and the admin), never at a public URL. One photo per lead (or per owner before a
// lead exists): choosing another replaces it.
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('photos')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('lead_id', 'varchar(36)', (c) => c.references('leads.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('photos_owner_idx').on('photos').column('owner_token').execute();
  await db.schema.createIndex('photos_lead_idx').on('photos').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photos').execute();
}
