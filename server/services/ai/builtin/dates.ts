import { fold } from './text';
import { ownTable } from '../../../../machines/domain/ownEntry';

// Dates as people write them in the four languages: 15/03/1990, 1990-03-15, 15 de marzo de 1990, 15 mars 1990,
// le 1er janvier 2000, March 15, 1990, 15 March 1990, 3 de março de 2025, 15.03.90.

/** Month names to their number; no prototype, as words of a message are looked up here ('constructor' is no month). */
export const MONTHS = ownTable<number>();
const NAMES: Array<[number, string[]]> = [
  [1, ['january', 'jan', 'enero', 'ene', 'janvier', 'janv', 'janeiro']],
  [2, ['february', 'feb', 'febrero', 'fevrier', 'fevr', 'fev', 'fevereiro']],
  [3, ['march', 'mar', 'marzo', 'mars', 'marco']],
  [4, ['april', 'apr', 'abril', 'abr', 'avril', 'avr']],
  [5, ['may', 'mayo', 'mai', 'maio']],
  [6, ['june', 'jun', 'junio', 'juin', 'junho']],
  [7, ['july', 'jul', 'julio', 'juillet', 'juil', 'juill', 'julho']],
  [8, ['august', 'aug', 'agosto', 'ago', 'aout']],
  [9, ['september', 'sept', 'sep', 'septiembre', 'setiembre', 'septembre', 'setembro', 'set']],
  [10, ['october', 'oct', 'octubre', 'octobre', 'outubro', 'out']],
  [11, ['november', 'nov', 'noviembre', 'novembre', 'novembro']],
  [12, ['december', 'dec', 'diciembre', 'dic', 'decembre', 'dezembro', 'dez']],
];
for (const [month, names] of NAMES) for (const name of names) MONTHS[name] = month;
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er|eme|º|°|o)?';
const YEAR = "(\\d{4}|'?\\d{2})";
const SEP = '(?:\\s+de\\s+|\\s+del\\s+|\\s*,\\s*|\\s+)';

/** Patterns over folded text, each with where its day, month and year are. */
const TEXTUAL: Array<{ re: RegExp; d: number; m: number; y: number }> = [
  // 15 de marzo de 1990, 15 mars 1990, 1er janvier 2000, 15 March 1990, 3 de março de 2025
  { re: new RegExp(`(?<![\\p{L}\\p{N}])${DAY}${SEP}${MONTH}${SEP}${YEAR}(?![\\p{N}])`, 'gu'), d: 1, m: 2, y: 3 },
  // March 15 1990, March 15, 1990, marzo 15 de 1990
  { re: new RegExp(`(?<![\\p{L}\\p{N}])${MONTH}\\s+${DAY}${SEP}${YEAR}(?![\\p{N}])`, 'gu'), d: 2, m: 1, y: 3 },
];
const ISO = /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g;
// A full stop after the year ends the sentence ('flying back 19.06.27.'), it is not part of the number.
const NUMERIC = /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/-]|\.\d)/g;

export interface FoundDate {
  /** YYYY-MM-DD */
  iso: string;
  /** What the person wrote. */
  text: string;
  index: number;
}

function fullYear(year: string, today: Date): number {
  const digits = year.replace("'", '');
  if (digits.length === 4) return Number(digits);
  // Two digits: this century unless that is more than ten years ahead (a birth year '90' is 1990).
  const century = Math.floor(today.getFullYear() / 100) * 100;
  const candidate = century + Number(digits);
  return candidate > today.getFullYear() + 10 ? candidate - 100 : candidate;
}

function iso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Every date in `text`, in order. Numbers alone are read day first (15/03/1990), except in English where a
 * month first (03/15/1990) is the custom unless written with dots; a first number over 12 decides either way.
 * Impossible dates are skipped.
 */
export function findDates(text: string, language: string, today = new Date()): FoundDate[] {
  const folded = fold(text);
  const found: FoundDate[] = [];
  const taken: Array<[number, number]> = [];
  const add = (index: number, length: number, value: string | null) => {
    if (!value || taken.some(([a, b]) => index < b && index + length > a)) return;
    taken.push([index, index + length]);
    found.push({ iso: value, text: text.slice(index, index + length), index });
  };
  for (const { re, d, m, y } of TEXTUAL) {
    for (const match of folded.matchAll(re)) {
      const month = MONTHS[(match[m] ?? '').replace('.', '')];
      if (!month) continue;
      add(match.index, match[0].length, iso(fullYear(match[y] ?? '', today), month, Number(match[d])));
    }
  }
  for (const match of folded.matchAll(ISO)) add(match.index, match[0].length, iso(Number(match[1]), Number(match[2]), Number(match[3])));
  for (const match of folded.matchAll(NUMERIC)) {
    const a = Number(match[1]);
    const b = Number(match[2]);
    // Dots are the day-first custom's (12.06.27 is the 12th of June wherever it is pasted); slashes follow the language.
    const dotted = match[0].includes('.');
    const monthFirst = a <= 12 && (b > 12 || (language === 'en' && b <= 12 && !dotted));
    const [day, month] = monthFirst ? [b, a] : [a, b];
    add(match.index, match[0].length, iso(fullYear(match[3] ?? '', today), month, day));
  }
  return found.sort((x, y) => x.index - y.index);
}
