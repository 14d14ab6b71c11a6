import { isValidEmail, isValidIsoDate } from './validators';

// The markers an assistant's reply carries (spec 3-ai §3): [INPUT:type:label] renders an inline input,
// [CHECKOUT:plan] a plan offer. The page renders the parts; the inline inputs are checked here (§5).

export type InlineType = 'text' | 'email' | 'date' | 'number' | 'country';
export type ReplyPart = { kind: 'text'; text: string } | { kind: 'input'; type: InlineType; label: string } | { kind: 'checkout'; plan: string };

const INLINE_TYPES: readonly string[] = ['text', 'email', 'date', 'number', 'country'];
const MARKER = /\[INPUT:(\w+):([^\]\n]{1,200})\]|\[CHECKOUT:(\w+)\]/g;

/** The 18 countries of the inline country input (spec 3-ai §3; the spec does not list them, see DECISIONS). */
export const INLINE_COUNTRIES: readonly string[] = [
  'Mexico',
  'Colombia',
  'Argentina',
  'Spain',
  'Peru',
  'Chile',
  'Venezuela',
  'Ecuador',
  'Guatemala',
  'Dominican Republic',
  'Cuba',
  'Bolivia',
  'Honduras',
  'El Salvador',
  'Nicaragua',
  'Costa Rica',
  'Panama',
  'Uruguay',
];

export function parseReply(content: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let at = 0;
  for (const match of content.matchAll(MARKER)) {
    const before = content.slice(at, match.index).trim();
    if (before) parts.push({ kind: 'text', text: before });
    if (match[3]) parts.push({ kind: 'checkout', plan: match[3].toLowerCase() });
    else if (INLINE_TYPES.includes(match[1] as string)) parts.push({ kind: 'input', type: match[1] as InlineType, label: (match[2] as string).trim() });
    else parts.push({ kind: 'text', text: match[0] });
    at = (match.index ?? 0) + match[0].length;
  }
  const rest = content.slice(at).trim();
  if (rest) parts.push({ kind: 'text', text: rest });
  return parts;
}

/** What is wrong with an inline answer, as a message key of the chat's namespace; null when it may be sent. */
export function inlineError(type: InlineType, value: string): string | null {
  const v = value.trim();
  if (v === '') return 'aivisa:inline.required';
  if (type === 'email' && !isValidEmail(v)) return 'aivisa:inline.email';
  if (type === 'number' && !/^-?\d+(?:[.,]\d+)?$/.test(v)) return 'aivisa:inline.number';
  if (type === 'date' && !isValidIsoDate(v)) return 'aivisa:inline.date';
  if (type === 'country' && !INLINE_COUNTRIES.includes(v)) return 'aivisa:inline.required';
  return null;
}
