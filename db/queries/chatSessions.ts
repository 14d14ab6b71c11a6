import type { Dialect, Executor } from '../index';
import type { Insertable } from 'kysely';
import type { ChatSessionRow, ChatSessionsTable } from '../schema';
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
export async function insertChatSessionOnce(db: Executor, row: Insertable<ChatSessionsTable>): Promise<void> {
  await db.insertInto('chat_sessions').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

type Written = Pick<ChatSessionRow, 'collected' | 'messages' | 'pending' | 'lead_id' | 'language' | 'updated_at'>;

/**
 * How long a promised reply holds its room, counted from the conversation's last write. A turn's reply is written
 * within its budget (the engine's turnMs, 11 s, the stream cut at it), and the sections chat's reply request follows
 * its answer's at once, so a reply still due after two minutes was lost with its process (or its browser) and its
 * room is given back. Shorter would not be safe by much: a live reply that finds its room given away and taken is
 * shown but not kept.
 */
export const REPLY_DUE_MS = 2 * 60_000;

/** The replies `row` still waits for, a lost one not counted. */
export function repliesDue(row: Pick<ChatSessionRow, 'replies_due' | 'updated_at'>, now = Date.now()): number {
  return now - Date.parse(row.updated_at) > REPLY_DUE_MS ? 0 : row.replies_due;
}

/**
 * The person's side of a turn (issue 41): kept only with room for its reply and for every reply still owed, so a
 * conversation too full for all of them answers 413 before any reply is shown. Two turns sent together each take
 * their own room: counting one promise for both (as the sections chat did) kept both and left room for one reply.
 */
export async function writeChatTurn(db: Executor, row: ChatSessionRow, values: Written): Promise<void> {
  const due = repliesDue(row) + 1;
  checkConversation(values.messages, due);
  await db.updateTable('chat_sessions').set({ ...values, replies_due: due }).where('id', '=', row.id).execute();
}

/** The reply, once shown: its room was taken with its message, so it fits; it gives its promise back. */
export async function writeChatReply(db: Executor, row: ChatSessionRow, values: Written): Promise<void> {
  const due = Math.max(0, repliesDue(row) - 1);
  checkConversation(values.messages, due);
  await db.updateTable('chat_sessions').set({ ...values, replies_due: due }).where('id', '=', row.id).execute();
}

/** A turn that failed before its reply: the room it took is given back. */
export async function releaseChatReply(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('chat_sessions')
    .set((eb) => ({ replies_due: eb.case().when('replies_due', '>', 0).then(eb('replies_due', '-', 1)).else(0).end() }))
    .where('id', '=', id)
    .execute();
}

/** A reply with no message before it (a greeting) needs room of its own before it is shown. */
export function checkReplyRoom(row: ChatSessionRow): void {
  checkConversation(row.messages, Math.max(1, repliesDue(row)));
}

export async function linkChatLead(db: Executor, id: string, leadId: string): Promise<void> {
  await db.updateTable('chat_sessions').set({ lead_id: leadId }).where('id', '=', id).execute();
}

/**
 * A fresh conversation under `to` that goes on from `from` (issue 41: a conversation full answers 413): what was
 * collected and the application it saved carry over, the messages do not. An id already taken is left as it is.
 */
export async function insertFreshChatSession(db: Executor, from: ChatSessionRow, to: string, owner: { ownerToken: string; userId: string | null }, at: string): Promise<void> {
  await insertChatSessionOnce(db, { ...from, id: to, owner_token: owner.ownerToken, user_id: owner.userId ?? from.user_id, messages: '[]', pending: null, replies_due: 0, created_at: at, updated_at: at });
}
