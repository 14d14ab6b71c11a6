import { freshConversation } from '../../../openapi/routes/agent';
import { call } from '../call';
import type { Transport } from '../transport';

/**
 * POST /api/ai/session/{from}/fresh, for any of the three chats (issue 41): the fresh conversation's id is made here,
 * as the browser's first one is (client/app/storage.ts browserChatId); the answer names it.
 */
export const startFreshCall =
  (http: Transport) =>
  ({ from }: { from: string }) =>
    call(http, freshConversation, { params: { sessionId: from }, body: { to: crypto.randomUUID() } });
