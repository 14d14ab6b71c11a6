import { fold } from '../../ai/builtin/text';
import { startsWithLabel } from './entries';
import { LABELS, sectionOf } from './labels';

// A PDF copied as text (issue 42): lines cut where the page's width ran out, mid-sentence and mid-word
// ('FECHA DE NACI' / 'MIENTO: 22/10/1995'), words hyphenated at the margin ('VEN-' / 'CIMIENTO'), and several of the
// form's labels run together on one line ('APELLIDOS: FERREYRA NOMBRES: MATÍAS'). The layout is mended by rule before
// anything is read: a word cut at a line's end is joined when the joined word is one the form or the text uses
// elsewhere, a hyphen at the margin is dropped, a line that does not open on a label continues the one before, and a
// second label on a line starts its own line. Each character keeps its place in the pasted text (`at`), so every
// fact read from the mended text still quotes the applicant's own characters, line breaks included.

export interface Mended {
  text: string;
  /** For each character of `text`, where it stands in the pasted text. */
  at: number[];
}

/** Words of the form's labels ('nacimiento', 'vencimiento', 'nationality'): a cut word that joins into one is one. */
const LABEL_WORDS = new Set(LABELS.flatMap(([, re]) => re.source.match(/[a-z]{4,}/g) ?? []));

const wordsOf = (text: string) => fold(text).match(/[\p{L}]{3,}/gu) ?? [];

/** The end of a line cut off: its last piece of a word, and whether a hyphen follows it. */
const CUT_END = /([\p{L}\d]+)(-?)$/u;
const CUT_START = /^([\p{L}\d]+)/u;
/** A line's end that closes what it says: a sentence, or a label whose answer is below. */
const CLOSED = /[.!?:;]["')\]]*$/;

/** Little words that leave a sentence open, in the four languages. */
const OPEN_END = /\b(?:de|del|la|el|los|las|y|en|con|por|para|que|mi|su|un|una|the|of|and|to|in|with|for|my|your|a|an|at|on|le|les|des|du|et|avec|pour|mon|ma|mes|votre|au|aux|da|do|das|dos|e|com|no|na|em|meu|minha|seu|sua|um|uma)\s*$/;

type Join = 'keep' | 'word' | 'hyphen' | 'space';

/** A section's heading on its own line ('Previous U.S. Travel Information') opens what follows: never run into it. */
const heading = (line: string) => sectionOf(fold(line)) !== null;

export function mendLayout(pasted: string): Mended | null {
  const lines = pasted.split('\n');
  const count = new Map<string, number>();
  for (const w of wordsOf(pasted)) count.set(w, (count.get(w) ?? 0) + 1);
  // A word of the form's, or one the text writes whole elsewhere (a cut piece is in the text once, where it was cut).
  const known = (w: string, cut = false) => LABEL_WORDS.has(w) || (count.get(w) ?? 0) > (cut ? 1 : 0);

  // A page cuts a line where its width runs out: a line shorter than most full lines ended where its writer ended it.
  const lengths = lines.map((l) => l.trim().length).filter((n) => n > 0).sort((x, y) => x - y);
  const width = lengths[Math.floor(0.9 * (lengths.length - 1))] ?? 0;
  const full = (line: string) => line.trim().length >= 0.75 * width;
  // How each line break is to be read, and the signs that the text is a cut page at all.
  let cuts = 0;
  const joins: Join[] = [];
  for (let i = 0; i + 1 < lines.length; i += 1) {
    const a = (lines[i] as string).replace(/\s+$/, '');
    const b = lines[i + 1] as string;
    const end = CUT_END.exec(a);
    const start = CUT_START.exec(b);
    if (!end || !start || !a.trim() || a.trim().length < 0.5 * width) {
      joins.push('keep');
      continue;
    }
    const joined = fold(end[1]! + start[1]!);
    const bAlone = fold(start[1]!);
    if (end[2] && /\p{L}$/u.test(end[1]!) && /^\p{L}/u.test(start[1]!) && end[1]!.length >= 2) {
      cuts += 1;
      joins.push('hyphen');
    } else if (!end[2] && /^\p{L}+$/u.test(joined) && known(joined) && !known(bAlone, true) && (LABEL_WORDS.has(joined) || !LABEL_WORDS.has(fold(end[1]!)))) {
      cuts += 1;
      joins.push('word');
    } else joins.push(CLOSED.test(a) || !full(a) || /^\s{2,}|^\s*$/.test(b) || heading(a) || heading(b) ? 'keep' : 'space');
  }
  const crowded = lines.filter((l) => labelsIn(l).length > 0 && startsWithLabel(l)).length;
  // A sentence running on from a full line into a line that opens in lower case: a page's width cut it.
  // Or a line that ends on a word no sentence ends on ('de', 'the', 'avec', 'minha').
  const flows = joins.filter((j, i) => j === 'space' && (/^\s?\p{Ll}/u.test(lines[i + 1] as string) || OPEN_END.test(fold(lines[i] as string)))).length;
  if (cuts + crowded < 2 && flows < 3) return null;
  if (cuts === 0 && crowded < 3 && flows < 3) return null;

  const chars: string[] = [];
  const at: number[] = [];
  let offset = 0;
  for (let i = 0; i < lines.length; i += 1) {
    let line = lines[i] as string;
    let from = 0;
    if (i > 0) {
      const join = joins[i - 1]!;
      // A line that opens on a label is the form's next answer, not the last one's tail.
      const mended = join === 'word' || join === 'hyphen' || (join === 'space' && (!startsWithLabel(line) || splitLabel(lines[i - 1] as string, line)));
      if (!mended) {
        chars.push('\n');
        at.push(offset - 1);
      } else {
        if (join === 'hyphen') {
          chars.pop();
          at.pop();
        }
        if (join === 'space') {
          chars.push(' ');
          at.push(offset - 1);
        }
        from = /^\s*/.exec(line)![0].length;
      }
    }
    line = line.slice(from);
    for (let k = 0; k < line.length; k += 1) {
      chars.push(line[k]!);
      at.push(offset + from + k);
    }
    // Trailing spaces of a line joined to the next stay out of the joint.
    if (i + 1 < lines.length && joins[i] !== 'keep') {
      while (chars.length && /[ \t]/.test(chars[chars.length - 1]!) ) {
        chars.pop();
        at.pop();
      }
    }
    offset += (lines[i] as string).length + 1;
  }
  // A second label on a line starts its own line: the space before it becomes the break.
  const text = chars.join('');
  const out = text.split('');
  let lineStart = 0;
  for (const line of text.split('\n')) {
    for (const p of labelsIn(line)) if (p > 0) out[lineStart + p - 1] = '\n';
    lineStart += line.length + 1;
  }
  return { text: out.join(''), at };
}

/** A label cut before its last words ('QUIÉN' / 'PAGA: EL SOLICITANTE', 'PRESUPUESTO ESTIMADO DEL' / 'VIAJE: …'). */
function splitLabel(before: string, line: string): boolean {
  const words = before.trim().split(/\s+/);
  for (let n = 1; n <= Math.min(4, words.length); n += 1) {
    if (startsWithLabel(`${words.slice(-n).join(' ')} ${line.trim()}`, true)) return true;
  }
  return false;
}

/**
 * Where a line holds another of the form's rows after its first: a label with its colon (its answer after it, or on
 * the next line when the label ends the line), and a section's heading run in before a label or at the line's end
 * ('… 22-ABR-2033 Trabajo/Educación/Capacitación actual', '… NO Acompañantes').
 */
function labelsIn(line: string): number[] {
  const found: number[] = [];
  let past = startsWithLabel(line) ? line.indexOf(':') + 1 : 0;
  const heading = (p: number) => {
    const before = line.slice(0, p).trimEnd();
    for (const m of before.matchAll(/(?:^| )(?=\p{L})/gu)) {
      const at = m.index + (m[0] ? 1 : 0);
      if (at > past && before.slice(past, at).trim() && before.length - at <= 60 && sectionOf(fold(before.slice(at)))) return at;
    }
    return null;
  };
  for (const m of line.matchAll(/ (?=[\p{L}¿])/gu)) {
    const p = m.index + 1;
    // Inside a label found already ('PRESUPUESTO ESTIMADO DEL VIAJE:' holds 'VIAJE:'), or the line's own first one.
    if (p < past || !/:/.test(line.slice(p, p + 60))) continue;
    const rest = line.slice(p);
    // The form's questions run in too: 'Have you ever been refused a U.S. Visa?: NO'.
    const question = /^¿?[^:?]{3,200}\?/.test(rest);
    // A label is a few words before its colon; a longer run is a value's words ('COSTA OESTE EN AUTO CON QUIÉN PAGA:').
    if (!question && rest.slice(0, rest.indexOf(':')).trim().split(/\s+/).length > 5) continue;
    if (startsWithLabel(rest, true) || ((/:\s*$/.test(line) || question) && startsWithLabel(rest))) {
      const h = heading(p);
      if (h !== null) found.push(h);
      found.push(p);
      past = line.indexOf(':', p) + 1;
    }
  }
  if (past > 0 || found.length) {
    const h = heading(line.length);
    if (h !== null) found.push(h);
  }
  return found;
}

/** The pasted characters a quote of the mended text stands for, or the quote itself when it is not there. */
export function inPasted(mended: Mended, pasted: string, quote: string): string {
  const i = mended.text.indexOf(quote);
  if (i < 0 || !quote) return quote;
  return pasted.slice(mended.at[i]!, mended.at[i + quote.length - 1]! + 1);
}

/** Every quote in a reading (`source`, a name's `parts`), put back to the pasted characters. */
export function quotedInPasted<T>(facts: T, mended: Mended, pasted: string): T {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    // Built as own entries: a key the model wrote as '__proto__' stays a key, never the copy's prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        key === 'source' && typeof v === 'string' ? inPasted(mended, pasted, v) : key === 'parts' && Array.isArray(v) ? v.map((p) => (typeof p === 'string' ? inPasted(mended, pasted, p) : p)) : walk(v),
      ]),
    );
  };
  return walk(facts) as T;
}
