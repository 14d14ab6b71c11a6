import type { Kysely } from 'kysely';

// Issue 41: a turn of a streamed chat is kept in two writes, the person's message before the reply and the reply
// after it has been shown. `replies_due` counts the replies a conversation has promised but not yet kept, so the
// room for each is taken with its message: a conversation one message below its limit answers 413 before any reply
// is shown, instead of showing a reply it then cannot keep.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('replies_due', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_sessions').dropColumn('replies_due').execute();
}
