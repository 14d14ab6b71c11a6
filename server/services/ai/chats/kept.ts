import type { Executor } from '../../../../db/index';
import { findChatSession } from '../../../../db/queries/chatSessions';
import type { ChatSessionRow } from '../../../../db/schema';
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
