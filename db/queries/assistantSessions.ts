import type { Dialect, Executor } from '../index';
import type { AssistantSessionRow } from '../schema';

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

export async function writeAssistantAnswers(db: Executor, id: string, answers: string, at: string): Promise<void> {
  await db.updateTable('assistant_sessions').set({ answers, updated_at: at }).where('id', '=', id).execute();
}

export async function linkAssistantLead(db: Executor, id: string, leadId: string): Promise<void> {
  await db.updateTable('assistant_sessions').set({ lead_id: leadId }).where('id', '=', id).execute();
}
