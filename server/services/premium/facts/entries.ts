import { fold } from '../../ai/builtin/text';
import { LABELS, sectionOf, type LabelKey, type Section } from './labels';

// Labelled answers in what an applicant pasted: 'Label: value', 'Label<TAB>value' (a CEAC review page), a label on
// one line and its answer on the next (the confirmation page copied as text), a question ending in '?' and its
// answer, bullets ('• Motivo: ...'), and labels inside a paragraph ('... Estado civil: soltero. Hijos: no aplica.').
// Positions are the pasted text's own, so every value is quoted exactly as written.

export interface Entry {
  key: LabelKey;
  /** The value exactly as written (trimmed). */
  value: string;
  /** Where the value starts and ends in the pasted text. */
  start: number;
  end: number;
  /** Where the label starts: the whole entry spans label to value. */
  labelStart: number;
  section: Section | null;
  /** The key of the entry just before this one: 'Relationship to You' after a payer names the payer. */
  previous: LabelKey | null;
}

/** Bullets, emoji used as bullets ('▪️', '✈️') and list numbers before a line's text. */
const BULLET = /^[\s\u00a0]*(?:(?:[-–—•*·▪►✓¿|]|\p{Extended_Pictographic})\uFE0F?|\d{1,2}[.)](?=\s)|(?:Q|P|A|R|Pregunta|Respuesta|Question|R[ée]ponse|Pergunta|Resposta)\s?[:.)-](?=\s))?[\s\u00a0¿]*/u;
/** After a label: its separator and the answer on the same line (a table's column bar too). */
const SEPARATOR = /^\s*(?::\s*|\t+\s*|\s[-–]\s+|\s?\|\s*)/;

interface Line {
  text: string;
  start: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    lines.push({ text: raw.replace(/\r$/, ''), start });
    start += raw.length + 1;
  }
  return lines;
}

/** Sentences of a paragraph, with abbreviations ('U.S.', 'S.A.', 'EE.UU.') kept whole. */
export function segmentsOf(text: string, start = 0): Line[] {
  const masked = text.replace(/\b(?:U\.S\.(?:A\.)?|EE\.\s?UU\.|S\.A\.(?:S\.)?|S\.R\.L\.|C\.V\.|Dr\.|Sr\.|Sra\.|Mr\.|Mrs\.|Ms\.|No\.|Nro\.|Inc\.|Ltd\.|Co\.|St\.|Jr\.|a\.m\.|p\.m\.|e\.g\.|etc\.)/giu, (m) => m.replace(/\./g, '\u2024'));
  // '$U 120.000', '12.06.27', '3.5M': a dot between digits is a number's, not a sentence's end.
  const kept = masked.replace(/(?<=\d)\.(?=\d)/g, '\u2024');
  const out: Line[] = [];
  const re = /[^.!?;\n]+[.!?;]*/gu;
  for (const match of kept.matchAll(re)) {
    const piece = text.slice(match.index, match.index + match[0].length);
    if (piece.trim()) out.push({ text: piece, start: start + match.index });
  }
  return out;
}

interface LabelMatch {
  key: LabelKey;
  /** Offset (in the line) where the answer begins, or null when the label stands alone on its line. */
  valueAt: number | null;
  labelAt: number;
}

/**
 * A line with runs of spaces made single ('Estado  civil :   CASADA', as a PDF or a web page copies), a run of three
 * or more read as a tab ('DURACIÓN PREVISTA      9 MESES', a PDF's columns), and where each of its characters was,
 * so a label is matched on the squeezed text and its answer still quoted as written.
 */
function squeezed(body: string): { text: string; at: (i: number) => number } {
  const map: number[] = [];
  let text = '';
  const isSpace = (c: string | undefined) => c === ' ' || c === '\u00a0';
  for (let i = 0; i < body.length; i += 1) {
    // A form's dot leaders ('Paga el viaje ........ YO MISMO', 'Visitas anteriores ... 1 -') stand for a tab.
    const leader = /^\s*(?:\.{3,}|…+)[.…\s]*/.exec(body.slice(i));
    if (leader && (i === 0 || body[i - 1] !== '.') && /\S/.test(body.slice(i + leader[0].length))) {
      map.push(i);
      text += '\t';
      i += leader[0].length - 1;
      continue;
    }
    if (!isSpace(body[i])) {
      map.push(i);
      text += body[i];
      continue;
    }
    let run = 1;
    while (isSpace(body[i + run])) run += 1;
    map.push(i);
    text += run >= 3 ? '\t' : ' ';
    i += run - 1;
  }
  map.push(body.length);
  return { text, at: (i) => map[i] ?? body.length };
}

/** Whether a line starts with a label and, inline, its colon and answer ('SALIDA: 03/09/2027'). */
export function startsWithLabel(line: string, inline = false): boolean {
  const label = labelOf(line, inline);
  return Boolean(label && (!inline || label.valueAt !== null));
}

/** The label a line starts with, and where its answer starts. */
function labelOf(line: string, inline: boolean, cells = false): LabelMatch | null {
  const lead = BULLET.exec(line)?.[0].length ?? 0;
  const body = line.slice(lead);
  // A spreadsheet's row ('Data de nascimento;03/11/1984'): its cell separator stands for a tab, one character for one.
  const squeeze = squeezed(cells ? fold(body).replace(/;/g, '\t') : fold(body));
  // A label asked as a question ('What is your occupation?', 'Quel est votre nom complet ?', 'Any relatives in the
  // US?') is the label after its question words, tried when the line as it stands is no label.
  const asked = QUESTION_WORDS.exec(squeeze.text)?.[0].length ?? 0;
  for (const skip of asked ? [0, asked] : [0]) {
    const label = labelAt(squeeze, skip, lead, inline, cells);
    if (label) return label;
  }
  return null;
}

const QUESTION_WORDS =
  /^(?:(?:what|which) (?:is|are) (?:your|the)|(?:do|did) you have (?:any )?|have you got (?:any )?|any(?= )|quel(?:le)?s? (?:est|sont) (?:votre|vos|le|la|les)|(?:cual|cuales) (?:es|son) (?:su|sus|tu|tus|el|la|los|las)|qual (?:e|eh|sao) (?:o|a|os|as)(?: (?:seu|sua|seus|suas))?|(?:tiene|tienes) (?:usted )?|avez-vous (?:des? )?|(?:voce )?tem )\s*/;

function labelAt(squeeze: ReturnType<typeof squeezed>, skip: number, lead: number, inline: boolean, cells: boolean): LabelMatch | null {
  const folded = squeeze.text.slice(skip);
  for (const [key, re] of LABELS) {
    const match = re.exec(folded);
    if (!match) continue;
    let rest = folded.slice(match[0].length);
    let used = skip + match[0].length;
    // A question label runs to its question mark; a plain one may carry a short qualifier before its colon
    // ('Monthly Income in Local Currency (if employed):'), never a sentence.
    // In a spreadsheet a question ends in its own cell: a '?' in a later cell is a note's.
    const question = (cells ? /^[^?\n\t]{0,200}\?/ : /^[^?\n]{0,200}\?/).exec(rest);
    const qualifier = /^[^:\t\d?]{1,45}(?=[:\t])/.exec(rest);
    if (question && !inline) {
      used += question[0].length;
      rest = rest.slice(question[0].length);
    } else if (qualifier && !/[.;]/.test(qualifier[0].replace(/\b(?:ee\.? ?uu|u\.s\.a?|e\.u\.a)\.?/g, ''))) {
      // A qualifier may name the country with its dots ('Persona de contacto en EE. UU.:'), never end a sentence.
      used += qualifier[0].length;
      rest = rest.slice(qualifier[0].length);
    }
    if (!rest.trim() || /^[:\s]*$/.test(rest)) return inline ? null : { key, valueAt: null, labelAt: lead };
    const separator = SEPARATOR.exec(rest) ?? (question && !inline ? /^\s*/.exec(rest) : null);
    if (separator && (!inline || /^\s?:/.test(rest))) return { key, valueAt: lead + squeeze.at(used + separator[0].length), labelAt: lead };
    // A label alone on its line with its qualifier ('Ingreso mensual en moneda local'): the answer is below.
    if (!inline && !question && /^[^:\t\d?.]{1,45}$/.test(rest)) return { key, valueAt: null, labelAt: lead };
  }
  return null;
}

function trimmed(text: string, from: number, to: number): { value: string; start: number; end: number } {
  let start = from;
  let end = to;
  while (start < end && /[\s\u00a0]/.test(text[start] ?? '')) start += 1;
  while (end > start && /[\s\u00a0.;,|]/.test(text[end - 1] ?? '')) end -= 1;
  // A closing quote or bracket stays with what it closes; 'S.A.' keeps its last dot.
  if (/\b(?:S\.A|S\.A\.S|Inc|Ltd|Co|C\.V|U\.S)$/u.test(text.slice(start, end)) && text[end] === '.') end += 1;
  return { value: text.slice(start, end), start, end };
}

/**
 * A line that reads as a label but is the answer to the label above it: 'PRESENT EMPLOYER' under 'Person/Entity
 * Paying for Your Trip', when nothing follows it but a heading, another label or the end.
 */
function answersAbove(lines: readonly Line[], j: number): boolean {
  const own = labelOf((lines[j] as Line).text, false);
  if (!own || own.valueAt !== null) return false;
  let k = j + 1;
  while (k < lines.length && !(lines[k] as Line).text.trim()) k += 1;
  const after = lines[k];
  return !after || Boolean(labelOf(after.text, false)) || Boolean(sectionOf(fold(after.text.replace(BULLET, ''))));
}

/** A spreadsheet saved as text: most lines with text hold cells split by ';' (a CSV as Excel writes it in four languages). */
function isSheet(lines: readonly Line[]): boolean {
  const full = lines.filter((l) => l.text.trim());
  const rows = full.filter((l) => /^[^;]{1,80};[^;]*/.test(l.text) && !/[.!?]\s+\p{Lu}/u.test(l.text.split(';')[0] ?? ''));
  return rows.length >= 3 && rows.length >= 0.5 * full.length;
}

export function entriesOf(text: string): Entry[] {
  const lines = linesOf(text);
  const cells = isSheet(lines);
  const entries: Entry[] = [];
  let section: Section | null = null;
  let previous: LabelKey | null = null;
  const add = (key: LabelKey, from: number, to: number, labelStart: number) => {
    const value = trimmed(text, from, to);
    if (!value.value) return;
    entries.push({ key, ...value, labelStart, section, previous });
    previous = key;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as Line;
    if (!line.text.trim()) continue;
    const heading = sectionOf(fold(line.text.replace(BULLET, '')));
    if (heading) {
      section = heading;
      previous = null;
      continue;
    }
    const label = labelOf(line.text, false, cells);
    if (label && label.valueAt !== null) {
      add(label.key, line.start + label.valueAt, line.start + line.text.length, line.start + label.labelAt);
      continue;
    }
    if (label) {
      // The answer is on the next line with text, unless that line is a label or a heading itself.
      let j = i + 1;
      while (j < lines.length && !(lines[j] as Line).text.trim()) j += 1;
      const next = lines[j];
      if (next && (!labelOf(next.text, false) || answersAbove(lines, j)) && !sectionOf(fold(next.text.replace(BULLET, '')))) {
        // A label broken over two lines as a PDF copies it: 'Fecha de vencimiento' / 'del pasaporte :   05 MAY 2027'.
        const tail = /^\s*\p{Ll}[\p{L}.]*(?:\s+[\p{L}.]+){0,3}\s*:\s*(?=\S)/u.exec(next.text);
        // The answer line's own mark ("A: YES", "R : NON", "- Married") is not the answer.
        const mark = tail ? 0 : (BULLET.exec(next.text)?.[0].length ?? 0);
        add(label.key, next.start + (tail?.[0].length ?? mark), next.start + next.text.length, line.start + label.labelAt);
        i = j;
      }
      continue;
    }
    // A paragraph: labels inside it, one a sentence.
    for (const segment of segmentsOf(line.text, line.start)) {
      const inline = labelOf(segment.text, true);
      if (inline?.valueAt != null) add(inline.key, segment.start + inline.valueAt, segment.start + segment.text.length, segment.start + inline.labelAt);
    }
  }
  return entries;
}
