import type { Kysely } from 'kysely';

// Issue 32: every chat keeps its conversation on the server, and a value shown back to be confirmed ("Did you mean
// 15 July 2027?") waits in the conversation's row until the applicant's next message.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistant_sessions').addColumn('messages', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('assistant_sessions').addColumn('pending', 'text').execute();
  await db.schema.alterTable('assistant_sessions').addColumn('language', 'varchar(2)').execute();
  await db.schema.alterTable('chat_sessions').addColumn('pending', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_sessions').dropColumn('pending').execute();
  await db.schema.alterTable('assistant_sessions').dropColumn('language').execute();
  await db.schema.alterTable('assistant_sessions').dropColumn('pending').execute();
  await db.schema.alterTable('assistant_sessions').dropColumn('messages').execute();
}
