import type { Kysely } from 'kysely';

// The chats' conversations (issue 13): the id is the browser's own (spec 3-ai §3, kept in local storage), the row
// is owned by the browser session (and account) that first wrote to it, like a lead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('chat', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('collected', 'text', (c) => c.notNull())
    .addColumn('messages', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(36)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_sessions_owner_idx').on('chat_sessions').column('owner_token').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_sessions').execute();
}
