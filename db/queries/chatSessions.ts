import type { Dialect, Executor } from '../index';
import type { ChatSessionRow } from '../schema';
import { checkConversation } from './conversationBounds';

// Queries take the database or a transaction and never open one: the chat service decides what is atomic.

export async function findChatSession(db: Executor, id: string): Promise<ChatSessionRow | undefined> {
  return db.selectFrom('chat_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Read to be changed: on PostgreSQL the row is locked until the transaction ends, so two turns never interleave. */
export async function lockChatSession(db: Executor, dialect: Dialect, id: string): Promise<ChatSessionRow | undefined> {
  const query = db.selectFrom('chat_sessions').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The first write makes the row; two first writes racing make one (the loser reads the winner's). */
export async function insertChatSessionOnce(db: Executor, row: ChatSessionRow): Promise<void> {
  await db.insertInto('chat_sessions').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export async function writeChatSession(db: Executor, id: string, values: Pick<ChatSessionRow, 'collected' | 'messages' | 'pending' | 'lead_id' | 'language' | 'updated_at'>): Promise<void> {
  checkConversation(values.messages);
  await db.updateTable('chat_sessions').set(values).where('id', '=', id).execute();
}

export async function linkChatLead(db: Executor, id: string, leadId: string): Promise<void> {
  await db.updateTable('chat_sessions').set({ lead_id: leadId }).where('id', '=', id).execute();
}
