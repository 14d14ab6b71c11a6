// The chats' message box (agentChat, sectionsChat, aivisaChat): what SEND says, whether it says anything, and what
// the box holds afterwards. A quick answer (SEND with its text) is sent as it is and leaves the draft alone.

export type SendEvent = { type: 'SEND'; text?: string };

/** The words SEND sends: the quick answer's, else the draft's, trimmed. */
export const sentText = (draft: string, event: SendEvent): string => (event.text ?? draft).trim();

/** SEND sends something only when there are words. */
export const hasWords = (draft: string, event: { type: string; text?: string }): boolean => event.type === 'SEND' && sentText(draft, event as SendEvent) !== '';

/** The draft once sent: emptied when it was what went, kept when a quick answer went instead. */
export const draftAfter = (draft: string, event: SendEvent): string => (event.text === undefined ? '' : draft);
