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
  // Each item may end a sentence of its own ("…: DS-160."): one full stop, never two.
  if (understood.length > 0) lines.push(phrase(language, 'reply', 'noted', { items: understood.map((u) => u.replace(/[.\s]+$/, '')).join('; ') }));
  if (input.clarify) lines.push(input.clarify);
  else if (understood.length === 0 && ask && !first) lines.push(phrase(language, 'reply', 'notUnderstood'));
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

/**
 * What a reply cut short still needs (issue 32): a model's stream that stalled, broke, or forgot its markers is
 * completed with the built-in reply's question and markers, so the applicant always gets the next question and its
 * widget. Nothing is added to a reply that has them; an empty reply is the built-in one whole.
 */
export function completion(input: ChatReplyInput, sent: string): string {
  if (!sent.trim()) return builtinReply(input);
  const missing: string[] = [];
  const { ask, offer, language } = input;
  if (ask) {
    const marker = `[INPUT:${ask.input}:${ask.label}]`;
    const hasQuestion = sent.includes(ask.label) || (ask.input !== 'none' && sent.includes('[INPUT:'));
    if (!hasQuestion) missing.push(phrase(language, 'reply', 'askLine', { label: ask.label }));
    if (ask.input !== 'none' && !sent.includes('[INPUT:')) missing.push(marker);
  }
  if (offer && !sent.includes('[CHECKOUT:')) missing.push(`${phrase(language, 'reply', 'offer')} [CHECKOUT:${offer}]`);
  return missing.length ? `${sent.endsWith('\n') ? '' : '\n'}${missing.join('\n')}` : '';
}
