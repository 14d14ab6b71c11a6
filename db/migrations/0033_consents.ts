import type { Kysely } from 'kysely';

// Issue 44 item 3: when an OpenAI key is set, an applicant's words leave for a third party. The chat says so
// before the first message and records the applicant's yes here; the engine boundary (server/services/rights/
// consent.ts) reads it before any call to OpenAI.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consents')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    // Which chat showed the notice: aivisa, ai-chat, sections, agent, assistant.
    .addColumn('chat', 'varchar(32)', (c) => c.notNull())
    // The third party named by the notice the applicant accepted (openai).
    .addColumn('engine', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_owner_idx').on('consents').columns(['owner_token']).execute();
  await db.schema.createIndex('consents_user_idx').on('consents').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consents').execute();
}
