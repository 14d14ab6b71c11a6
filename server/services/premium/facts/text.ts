import { fold } from '../../ai/builtin/text';
import { segmentsOf } from './entries';

// Sentences and clauses of pasted text, each with its folded form and its place in the text, so a cue found in
// the folded form quotes the applicant's own characters.

export interface Piece {
  text: string;
  folded: string;
  start: number;
}

export function sentencesOf(text: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    for (const segment of segmentsOf(line, start)) out.push({ text: segment.text, folded: fold(segment.text), start: segment.start });
    start += line.length + 1;
  }
  return out;
}

/**
 * A sentence cut where its story turns ('nunca me han negado la visa, aunque en 2022 me entregaron una carta
 * 214(b)') and where a label ends (a colon, a tab, a PDF's run of spaces), so the form's label is not the clause.
 */
export function clausesOf(sentence: Piece): Piece[] {
  const cuts = [...sentence.folded.matchAll(/(?:,\s*|\s+)(?=(?:pero|aunque|sin embargo|although|but|however|actually|en realidad|though)\b)|\s+(?:y|and)\s+(?=(?:nunca|never)\b)|[;:]\s+|\t+\s*|\s{3,}|\s+\|\s+/g)];
  const out: Piece[] = [];
  let from = 0;
  for (const cut of [...cuts, null]) {
    const to = cut ? cut.index : sentence.text.length;
    const text = sentence.text.slice(from, to);
    if (text.trim()) out.push({ text, folded: sentence.folded.slice(from, to), start: sentence.start + from });
    if (cut) from = cut.index + cut[0].length;
  }
  return out;
}

/** The characters a folded match covers, as written, trimmed of spaces and end punctuation. */
export function quoted(piece: Piece, from: number, to: number): { text: string; start: number } | null {
  let a = from;
  let b = to;
  while (a < b && /[\s,;:.\-–•*]/.test(piece.text[a] ?? '')) a += 1;
  while (b > a && /[\s,;:.]/.test(piece.text[b - 1] ?? '')) b -= 1;
  // A leading conjunction belongs to the sentence, not to what it says.
  const lead = /^(?:y|e|and|but|pero|aunque|although|actually|en realidad|though|however|sin embargo|also|tambien)\s+/i.exec(piece.folded.slice(a, b));
  if (lead) a += lead[0].length;
  if (b <= a) return null;
  return { text: piece.text.slice(a, b), start: piece.start + a };
}

/** The first match of `re` (over folded text) in a piece: its group, quoted as written. */
export function find(piece: Piece, re: RegExp, group = 1): { text: string; start: number; match: RegExpExecArray } | null {
  const flags = re.flags.includes('d') ? re.flags : `${re.flags}d`;
  const match = new RegExp(re.source, flags.replace('g', '')).exec(piece.folded);
  const span = match?.indices?.[group];
  if (!match || !span) return null;
  const q = quoted(piece, span[0], span[1]);
  return q ? { ...q, match } : null;
}

/** A whole clause quoted, at most `max` characters around the cue when it is long. */
export function clauseQuote(piece: Piece, max = 140): { text: string; start: number } | null {
  const q = quoted(piece, 0, piece.text.length);
  if (!q || q.text.length <= max) return q;
  const cut = q.text.lastIndexOf(' ', max);
  return { text: q.text.slice(0, cut > 40 ? cut : max), start: q.start };
}
