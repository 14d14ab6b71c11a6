import { parseReply } from '../../../machines/domain/chatMarkers';

/** A reply's words without its markers: what shows while it streams, and in a chat answered by typing. */
export const words = (content: string): string =>
  parseReply(content)
    .map((p) => (p.kind === 'text' ? p.text : ''))
    .filter(Boolean)
    .join('\n');
