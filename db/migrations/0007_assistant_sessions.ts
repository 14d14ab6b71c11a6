import type { Kysely } from 'kysely';

// The AI assistant page's interviews (spec 3-ai §2.4, §4.3; issue 13): one row a session, its answers by the
// catalog's question ids, owned like a lead by the browser session (and account) that began it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assistant_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistant_sessions_owner_idx').on('assistant_sessions').column('owner_token').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assistant_sessions').execute();
}
