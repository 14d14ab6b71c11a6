import type { ChatReplyInput } from '../schemas';
import { phrase } from './phrases';

/**
 * The built-in engine's chat reply: what was understood, then the next question with its inline widget, or the
 * closing line and the offer. Streamed a few words at a time, so the built-in engine takes the OpenAI path's route.
 */
export function builtinReply(input: ChatReplyInput): string {
  const { language, understood, ask, offer } = input;
  const lines: string[] = [];
  // Until the assistant has said something, it greets (and notes what the first message said, if anything).
  const first = !input.messages.some((m) => m.role === 'assistant');
  if (first) lines.push(phrase(language, 'reply', 'greeting', { name: input.assistantName }));
  if (understood.length > 0) lines.push(phrase(language, 'reply', 'noted', { items: understood.join('; ') }));
  else if (ask && !first) lines.push(phrase(language, 'reply', 'notUnderstood'));
  if (ask) {
    lines.push(phrase(language, 'reply', 'askLine', { label: ask.label }));
    if (ask.input !== 'none') lines.push(`[INPUT:${ask.input}:${ask.label}]`);
  } else {
    lines.push(phrase(language, 'reply', 'done'));
  }
  if (offer) lines.push(`${phrase(language, 'reply', 'offer')} [CHECKOUT:${offer}]`);
  return lines.join('\n');
}

/** Pieces of two or three words, whitespace kept, so joining them gives the reply back exactly. */
export function* pieces(text: string, words = 3): Generator<string> {
  const tokens = text.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < tokens.length; i += words) yield tokens.slice(i, i + words).join('');
}
