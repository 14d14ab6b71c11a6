// Issue 41: a stored conversation has a maximum size and number of messages. Without one, a conversation grew to
// 100 MB, a turn took 7 s to read and write back, the event loop stopped for 3.6 s and memory peaked at 2 GB. Every
// write of a conversation (chat_sessions, assistant_sessions) is checked here, whichever chat makes it.

/** Messages a conversation keeps at most: about 200 turns (question and answer), far beyond any form's. */
export const MAX_CONVERSATION_MESSAGES = 400;
/** Bytes of a conversation's stored JSON at most (a turn is about 2.2 KB). */
export const MAX_CONVERSATION_BYTES = 512 * 1024;

/** A conversation that would pass its bounds: nothing is written, the chat answers 413 and offers a fresh one. */
export class ConversationFull extends Error {
  constructor() {
    super(
      `This conversation has reached its limit (${MAX_CONVERSATION_MESSAGES} messages or ${MAX_CONVERSATION_BYTES / 1024} KB). Start a new conversation to go on.`,
    );
  }
}

/** Throws ConversationFull when `messages` (the JSON array about to be stored) is past either bound. */
export function checkConversation(messages: string): void {
  if (Buffer.byteLength(messages) > MAX_CONVERSATION_BYTES) throw new ConversationFull();
  const parsed: unknown = JSON.parse(messages);
  if (Array.isArray(parsed) && parsed.length > MAX_CONVERSATION_MESSAGES) throw new ConversationFull();
}
