// Issue 41: a stored conversation has a maximum size and number of messages. Without one, a conversation grew to
// 100 MB, a turn took 7 s to read and write back, the event loop stopped for 3.6 s and memory peaked at 2 GB. Every
// write of a conversation (chat_sessions, assistant_sessions) is checked here, whichever chat makes it.

/** Messages a conversation keeps at most: about 200 turns (question and answer), far beyond any form's. */
export const MAX_CONVERSATION_MESSAGES = 400;
/** Bytes of a conversation's stored JSON at most (a turn is about 2.2 KB). */
export const MAX_CONVERSATION_BYTES = 512 * 1024;

/**
 * Bytes a streamed reply may take in the stored conversation: its text is cut at MAX_REPLY_TEXT_BYTES (as stored,
 * escaped) and the rest is room for the question the reply must end with and its buttons or suggestions.
 */
export const MAX_REPLY_BYTES = 16 * 1024;
export const MAX_REPLY_TEXT_BYTES = 8 * 1024;

/** A conversation that would pass its bounds: nothing is written, the chat answers 413 and offers a fresh one. */
export class ConversationFull extends Error {
  constructor() {
    super(
      `This conversation has reached its limit (${MAX_CONVERSATION_MESSAGES} messages or ${MAX_CONVERSATION_BYTES / 1024} KB). Start a new conversation to go on.`,
    );
  }
}

/**
 * Throws ConversationFull when `messages` (the JSON array about to be stored) with `repliesDue` replies still to
 * come (each a message of at most MAX_REPLY_BYTES) is past either bound. A turn takes the room for its reply with
 * its message, so the reply, once shown, always fits.
 */
export function checkConversation(messages: string, repliesDue = 0): void {
  if (Buffer.byteLength(messages) + repliesDue * MAX_REPLY_BYTES > MAX_CONVERSATION_BYTES) throw new ConversationFull();
  const parsed: unknown = JSON.parse(messages);
  if (Array.isArray(parsed) && parsed.length + repliesDue > MAX_CONVERSATION_MESSAGES) throw new ConversationFull();
}

/** The stored size of `text` inside the conversation's JSON (quotes and escapes counted, the enclosing quotes not). */
const storedBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

/**
 * A streamed reply cut at MAX_REPLY_TEXT_BYTES, so it fits the room its turn took. An engine writes far less (a
 * turn's replies are a few hundred bytes); the cut only stops a runaway model from outgrowing the bound.
 */
export async function* cappedReply(pieces: AsyncIterable<string>): AsyncIterable<string> {
  let used = 0;
  for await (const piece of pieces) {
    const size = storedBytes(piece);
    if (used + size > MAX_REPLY_TEXT_BYTES) {
      // Cut on a code point, never inside one.
      let cut = '';
      for (const char of piece) {
        const next = storedBytes(char);
        if (used + next > MAX_REPLY_TEXT_BYTES) break;
        cut += char;
        used += next;
      }
      if (cut) yield cut;
      return;
    }
    used += size;
    yield piece;
  }
}
