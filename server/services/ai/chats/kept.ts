import type { Executor } from '../../../../db/index';
import { findChatSession, insertFreshChatSession } from '../../../../db/queries/chatSessions';
import type { ChatSessionRow } from '../../../../db/schema';
import { badRequest } from '../../../lib/problems';
import { canAccess, refusal, type Access } from '../../access';

/**
 * The conversation a chat's page asks for when it opens. Nothing under this id yet is null (the route answers 204:
 * a browser's first visit, not a failure); another chat's conversation under the same id is not this one (404);
 * another session's is refused (403).
 */
export async function keptConversation(db: Executor, access: Access, sessionId: string, chat: ChatSessionRow['chat']): Promise<ChatSessionRow | null> {
  const found = await findChatSession(db, sessionId);
  if (!found) return null;
  if (found.chat !== chat || !canAccess(access, found)) throw refusal(found.chat === chat, 'application');
  return found;
}

/**
 * Issue 41: a conversation past its bounds goes on in a fresh one, keeping what it collected and the application
 * it saved (the lead's answers), not its messages. Only the conversation's own browser may; `to` must be unused.
 */
export async function freshConversation(db: Executor, access: Access, owner: { ownerToken: string; userId: string | null }, from: string, to: string): Promise<void> {
  const found = await findChatSession(db, from);
  if (!found || !canAccess(access, found)) throw refusal(Boolean(found), 'application');
  if (await findChatSession(db, to)) throw badRequest('to', 'is already a conversation; send a new id');
  await insertFreshChatSession(db, found, to, owner, new Date().toISOString());
}
