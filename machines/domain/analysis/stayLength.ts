// Reads the free-text length of stay ('2 weeks', '15 días', 'dos semanas', 'un mois', '2-3 months') as days.
// Loose on purpose: the question is free text in four languages, and what this cannot read gives no finding
// rather than a guess.
import { fold } from '../countries';

const DAYS_PER_UNIT: Readonly<Record<string, number>> = {
  ...each(1, 'day', 'days', 'dia', 'dias', 'jour', 'jours', 'journee', 'journees'),
  ...each(1, 'night', 'nights', 'noche', 'noches', 'nuit', 'nuits', 'noite', 'noites'),
  ...each(7, 'week', 'weeks', 'wk', 'wks', 'semana', 'semanas', 'semaine', 'semaines'),
  ...each(14, 'fortnight', 'fortnights', 'quincena', 'quincenas', 'quinzaine', 'quinzaines', 'quinzena', 'quinzenas'),
  ...each(30, 'month', 'months', 'mes', 'meses', 'mois'),
  ...each(365, 'year', 'years', 'yr', 'yrs', 'ano', 'anos', 'an', 'ans', 'annee', 'annees'),
};

// Accents are folded first, so 'três' is 'tres' and 'año' is 'ano'.
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  ...each(1, 'a', 'an', 'one', 'un', 'uno', 'una', 'une', 'um', 'uma'),
  ...each(2, 'two', 'dos', 'deux', 'dois', 'duas'),
  ...each(3, 'three', 'tres', 'trois'),
  ...each(4, 'four', 'cuatro', 'quatre', 'quatro'),
  ...each(5, 'five', 'cinco', 'cinq'),
  ...each(6, 'six', 'seis'),
  ...each(7, 'seven', 'siete', 'sept', 'sete'),
  ...each(8, 'eight', 'ocho', 'huit', 'oito'),
  ...each(9, 'nine', 'nueve', 'neuf', 'nove'),
  ...each(10, 'ten', 'diez', 'dix', 'dez'),
  ...each(11, 'eleven', 'once', 'onze'),
  ...each(12, 'twelve', 'doce', 'douze', 'doze'),
  ...each(15, 'fifteen', 'quince', 'quinze'),
  ...each(20, 'twenty', 'veinte', 'vingt', 'vinte'),
  ...each(30, 'thirty', 'treinta', 'trente', 'trinta'),
};

/** Words between the two ends of a range: '2 to 3', '2 a 3', '2 o 3', '2 ou 3', '2-3'. */
const RANGE_WORDS: ReadonlySet<string> = new Set(['-', '–', 'to', 'or', 'a', 'o', 'ou']);

const TOKEN = /\d+(?:[.,]\d+)?|[a-z]+|[-–]/g;

function each(value: number, ...words: string[]): Record<string, number> {
  return Object.fromEntries(words.map((word) => [word, value]));
}

function numberOf(token: string | undefined): number | null {
  if (token === undefined) return null;
  if (/^\d/.test(token)) return Number(token.replace(',', '.'));
  return Object.hasOwn(NUMBER_WORDS, token) ? (NUMBER_WORDS[token] ?? null) : null;
}

/** The count before the unit at `i`; of a range, the upper end, since the longest stay is what an officer weighs. */
function countBefore(tokens: readonly string[], i: number): number | null {
  const count = numberOf(tokens[i - 1]);
  if (count === null) return null;
  const connector = tokens[i - 2];
  const lower = connector !== undefined && RANGE_WORDS.has(connector) ? numberOf(tokens[i - 3]) : null;
  return lower === null ? count : Math.max(lower, count);
}

/**
 * The stay in whole days, or null when no 'count unit' pair can be read (a bare '15' says neither days nor weeks).
 * Of several pairs the longest wins rather than their sum: '2 weeks (14 days)' is one stay said twice, and
 * '1 month and 2 weeks' read as a month stays in the same band.
 */
export function stayInDays(text: string): number | null {
  const tokens = fold(text).match(TOKEN) ?? [];
  let longest: number | null = null;
  tokens.forEach((token, i) => {
    if (!Object.hasOwn(DAYS_PER_UNIT, token)) return;
    const count = countBefore(tokens, i);
    if (count === null) return;
    const days = Math.round(count * (DAYS_PER_UNIT[token] ?? 0));
    if (days > 0 && (longest === null || days > longest)) longest = days;
  });
  return longest;
}
