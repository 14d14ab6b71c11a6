import type { Dialect, Executor } from '../index';
import type { AssistantSessionRow } from '../schema';
import { checkConversation } from './conversationBounds';

// Queries take the database or a transaction and never open one: the assistant service decides what is atomic.

export async function insertAssistantSession(db: Executor, row: AssistantSessionRow): Promise<void> {
  await db.insertInto('assistant_sessions').values(row).execute();
}

export async function findAssistantSession(db: Executor, id: string): Promise<AssistantSessionRow | undefined> {
  return db.selectFrom('assistant_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Read to be changed: on PostgreSQL the row is locked until the transaction ends, so two answers never overwrite each other. */
export async function lockAssistantSession(db: Executor, dialect: Dialect, id: string): Promise<AssistantSessionRow | undefined> {
  const query = db.selectFrom('assistant_sessions').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** A turn of the interview: the answers kept, the conversation as shown, the value waiting for confirmation. */
export async function writeAssistantTurn(db: Executor, id: string, values: Pick<AssistantSessionRow, 'answers' | 'messages' | 'pending' | 'language' | 'updated_at'>): Promise<void> {
  checkConversation(values.messages);
  await db.updateTable('assistant_sessions').set(values).where('id', '=', id).execute();
}

export async function writeAssistantMessages(db: Executor, id: string, values: Pick<AssistantSessionRow, 'messages' | 'language' | 'updated_at'>): Promise<void> {
  checkConversation(values.messages);
  await db.updateTable('assistant_sessions').set(values).where('id', '=', id).execute();
}

export async function linkAssistantLead(db: Executor, id: string, leadId: string): Promise<void> {
  await db.updateTable('assistant_sessions').set({ lead_id: leadId }).where('id', '=', id).execute();
}
