import { fold } from '../builtin/text';
import { isHalf, numberAt } from './numberWords';

// Lengths of time as people say them: "dos semanas", "15 jours", "un mes y medio", "3 months", "uma semana",
// "a couple of weeks", "quinze dias". In days, with the words they came from.

const UNIT_DAYS: Array<[number, string[]]> = [
  [1, ['day', 'days', 'dia', 'dias', 'jour', 'jours', 'journee', 'journees', 'noche', 'noches', 'night', 'nights', 'nuit', 'nuits', 'noite', 'noites']],
  [3, ['weekend', 'week-end', 'finde']],
  [7, ['week', 'weeks', 'wk', 'wks', 'semana', 'semanas', 'sem', 'semaine', 'semaines', 'sems']],
  [30, ['month', 'months', 'mo', 'mos', 'mth', 'mths', 'mes', 'meses', 'mois']],
  [365, ['year', 'years', 'yr', 'yrs', 'ano', 'anos', 'an', 'ans', 'annee', 'annees']],
];
const DAYS_OF = new Map<string, number>(UNIT_DAYS.flatMap(([days, words]) => words.map((w) => [w, days] as [string, number])));
/** "quincena", "fortnight", "quinzaine": fifteen days. */
const ARTICLES = new Set(['a', 'an', 'un', 'una', 'une', 'um', 'uma']);
const FORTNIGHT = new Set(['fortnight', 'quincena', 'quinzaine', 'quinzena']);

export interface FoundDuration {
  days: number;
  /** Index of the first word and one past the last, in the folded words. */
  from: number;
  to: number;
  /** A unit without a number ('semana'): one, but weaker. */
  bare: boolean;
  /** Whole calendar months when counted in months or years ("dans un mois" is 10 June from 10 May, not 9 June). */
  months?: number;
}

/** Every length of time in the words, in order. A unit without a number is one ("a week" and "semana" alike). */
/** The folded words durations are found in; FoundDuration's indexes point into this list. */
export const durationWords = (text: string): string[] => fold(text).replace(/[^\p{L}\p{N}.,-]+/gu, ' ').trim().split(' ').filter(Boolean);

export function findDurations(text: string): FoundDuration[] {
  const words = durationWords(text);
  const out: FoundDuration[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (FORTNIGHT.has(word)) {
      out.push({ days: 15, from: i, to: i + 1, bare: false });
      continue;
    }
    const unit = DAYS_OF.get(word);
    if (unit === undefined) continue;
    // "dia 18", "day 5": a day of the month, not a length.
    if (/^\d{1,2}$/.test(words[i + 1] ?? '') && !/^\d/.test(words[i - 1] ?? '')) continue;
    // The number before the unit: "dos semanas", "15 jours", "a couple of weeks".
    let count: number | undefined;
    let from = i;
    // The closest number that ends at the unit (or at "of"/"de" before it); earlier words join it unless an article.
    for (let back = i - 1; back >= Math.max(0, i - 4); back--) {
      const n = numberAt(words, back);
      const end = n ? back + n.used : -1;
      const fits = end === i || (end === i - 1 && ['of', 'de'].includes(words[i - 1]!));
      if (!n || !fits) {
        if (count !== undefined) break;
        continue;
      }
      if (count !== undefined && ARTICLES.has(words[back]!)) break;
      count = n.value;
      from = back;
    }
    // "un mois" reads the article as one; a bare unit ("semana") is one too, unless another number governs it.
    const bare = count === undefined;
    if (count === undefined) count = 1;
    let days = count * unit;
    let to = i + 1;
    // "... y medio", "and a half", "et demi", "e meio"
    if (to + 1 < words.length + 1 && ['y', 'and', 'et', 'e'].includes(words[to] ?? '') && (isHalf(words[to + 1] ?? '') || (words[to + 1] === 'a' && isHalf(words[to + 2] ?? '')))) {
      days += unit / 2;
      to += words[to + 1] === 'a' ? 3 : 2;
    }
    // "une semaine et demie", "semana e meia" handled above; "medio mes" before the unit:
    if (count === 1 && i > 0 && isHalf(words[i - 1]!)) days = unit / 2;
    const months = unit >= 30 && Number.isInteger(days / unit) ? (days / unit) * (unit === 365 ? 12 : 1) : undefined;
    out.push({ days: Math.round(days), from, to, bare, ...(months ? { months } : {}) });
  }
  return out;
}
