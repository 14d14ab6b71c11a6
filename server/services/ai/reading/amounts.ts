import { fold, type Language } from '../builtin/text';
import { numberAt } from './numberWords';
import { currencySaid, localCurrency, toUsd } from './currency';
import { silent, value, type Asked, type Reading } from './types';

// Amounts as each language writes them: "environ 2 500 euros" (2500), "R$ 5.000" (5000), "$1,500.50", "3.200,75 €",
// "2k", "dos mil dólares", "1,5 mil". Grouping marks are told from decimal marks by the language and by the digits
// after them: "5.000" is five thousand in Spanish, French and Portuguese; in English a lone "1.500" is asked.

const AMOUNT = /(?<![\p{L}\p{N}])(\d{1,3}(?:[ \u00a0\u202f.,’']\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s*(millones|millón|millon|millions|million|milhões|milhoes|milhão|milhao|mio|mn|m|k|mil|mille|thousand|grand|lucas|luca)(?![\p{L}]))?(?![\p{N}])/giu;
/** How much each word after a number multiplies it: "1.2 million", "1.2m", "3k", "30 lucas" (Argentina, Chile). */
const MILLION = new Set(['millones', 'millon', 'millions', 'million', 'milhoes', 'milhao', 'mio', 'mn', 'm']);
const TIMES = (word: string): number => (MILLION.has(fold(word)) ? 1_000_000 : 1000);

/** The number a written amount means, and whether its marks could be read two ways. */
function parse(raw: string, _language: Language): { amount: number; ambiguous: boolean } | undefined {
  const text = raw.replace(/[\u00a0\u202f’']/g, ' ');
  const groups = /^\d{1,3}(?:([ .,])\d{3})+(?:([.,])(\d{1,2}))?$/.exec(text);
  if (groups) {
    const grouping = groups[1]!;
    const decimal = groups[2];
    if (decimal && decimal === grouping) return undefined;
    const whole = Number(text.replace(/[ .,](\d{3})/g, '$1').replace(/[.,]\d{1,2}$/, ''));
    const cents = groups[3] ? Number(`0.${groups[3]}`) : 0;
    // "1.500" alone: a thousand and a half in Spanish, French, Portuguese; one and a half in English.
    // Money has two decimals at most: three digits after a mark are thousands in every language ("1.500", "1,500").
    return { amount: whole + cents, ambiguous: false };
  }
  const plainNumber = /^(\d+)(?:([.,])(\d{1,2}))?$/.exec(text);
  if (!plainNumber) return undefined;
  return { amount: Number(`${plainNumber[1]}${plainNumber[3] ? `.${plainNumber[3]}` : ''}`), ambiguous: false };
}

/** How often an amount comes: the question asks a month's; another period is converted and asked, or only asked. */
export type Period = 'month' | 'year' | 'fortnight' | 'week' | 'day' | 'hour';

/**
 * Periods as the four languages say them after an amount, on folded text, one grammar: a preposition or none, then
 * the unit ("al mes", "par mois", "por mês", "a month", "per year", "a la quincena"), an adjective ("anuales",
 * "mensuel", "semanal", "yearly"), or a slash ("/mois", "/yr", "/mes", "/h"). Longer forms first.
 */
const UNITS: Record<Period, { nouns: string[]; adjectives: string[]; slash: string[] }> = {
  month: { nouns: ['month', 'mes', 'mois'], adjectives: ['monthly', 'mensual', 'mensuales', 'mensuel', 'mensuelle', 'mensuels', 'mensuelles', 'mensal', 'mensais', 'mensalmente', 'mensualmente', 'mensuellement'], slash: ['month', 'mes', 'mois', 'mo', 'mth', 'm'] },
  year: { nouns: ['year', 'ano', 'an', 'annee', 'annum'], adjectives: ['yearly', 'annual', 'annually', 'anual', 'anuales', 'anuais', 'anualmente', 'annuel', 'annuelle', 'annuels', 'annuelles', 'annuellement', 'brut annuel', 'brutos anuales'], slash: ['year', 'yr', 'ano', 'an'] },
  fortnight: { nouns: ['quincena', 'quinzena', 'quinzaine', 'fortnight', 'two weeks', 'dos semanas', 'deux semaines', 'duas semanas', 'quince dias', 'quinze jours', 'quinze dias'], adjectives: ['biweekly', 'bi-weekly', 'fortnightly', 'quincenal', 'quincenales', 'quinzenal', 'quinzenais'], slash: ['quincena', 'quinzena'] },
  week: { nouns: ['week', 'semana', 'semaine'], adjectives: ['weekly', 'semanal', 'semanales', 'semanais', 'semanalmente', 'hebdomadaire', 'hebdo'], slash: ['week', 'wk', 'semana', 'sem', 'semaine'] },
  day: { nouns: ['day', 'dia', 'jour', 'journee', 'diem'], adjectives: ['daily', 'diario', 'diarios', 'diaria', 'diarias', 'journalier', 'par jour'], slash: ['day', 'dia', 'jour'] },
  hour: { nouns: ['hour', 'hora', 'heure'], adjectives: ['hourly'], slash: ['hour', 'hr', 'h', 'hora', 'heure'] },
};
const BEFORE_UNIT = ['al', 'ao', 'a la', 'a l', 'per', 'a', 'an', 'por', 'par', 'cada', 'each', 'every', 'todo', 'toda', 'todos los', 'todas las', 'chaque', 'tous les', 'toutes les', 'de l', 'l', 'la', 'pela', 'pelo', 'por cada', 'a cada'];
const alternation = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, "[\\s']+")).join('|');
const PERIOD_PATTERNS: Array<[Period, RegExp]> = (Object.entries(UNITS) as Array<[Period, (typeof UNITS)[Period]]>).map(([period, { nouns, adjectives, slash }]) => [
  period,
  new RegExp(`(?:(?<![\\p{L}])(?:(?:${alternation(BEFORE_UNIT)})[\\s']+(?:${alternation(nouns)})|${alternation(adjectives)})|\\s*/\\s*(?:${alternation(slash)}))(?![\\p{L}])`, 'u'),
]);

/** The period said anywhere in the text ("60k a year"), the first of the order above that matches. */
export function periodOf(text: string): Period | undefined {
  const folded = fold(text);
  // "per annum", "p.a.": Latin and its initials, as payslips write them.
  if (/(?<![\p{L}])(?:per annum|p\.\s?a\.?)(?![\p{L}])/u.test(folded)) return 'year';
  const found = PERIOD_PATTERNS.map(([period, re]) => ({ period, at: re.exec(folded)?.index ?? -1 })).filter((p) => p.at >= 0);
  // The period nearest the start of what follows the amount wins when two are said ("2000 al mes, 24000 al año").
  return found.sort((a, b) => a.at - b.at)[0]?.period;
}

/** The period and currency said right after an amount (" pesos al mes", "€/mois", " k a year"): their length. */
export function tailAfter(folded: string): number {
  const currency = /^\s?(?:pesos?(?: [a-z]+os)?|dolares?|dollars?|usd|us\$|euros?|eur|€|£|reais|reales|soles|fcfa|f cfa|francs?(?: cfa)?|livres?|pounds?|libras?|quid|bucks|verdes|lucas?|(?:mxn|brl|cop|ars|clp|pen|gbp|cad|chf|xof|xaf|ngn|inr|php|gtq|hnl|dop|uyu|bob|kes|ghs|mad|aoa|mzn|cve|htg|uah|vnd|egp)(?![\p{L}]))/u.exec(folded);
  const afterCurrency = currency ? currency[0].length : 0;
  const rest = folded.slice(afterCurrency);
  let best = 0;
  for (const [, re] of PERIOD_PATTERNS) {
    const m = new RegExp(`^\\s*(?:${re.source})`, 'u').exec(rest);
    if (m) best = Math.max(best, m[0].length);
  }
  return afterCurrency + best;
}

const PER_MONTH: Record<Exclude<Period, 'month' | 'day' | 'hour'>, number> = { year: 1 / 12, fortnight: 26 / 12, week: 52 / 12 };

/**
 * An amount the form takes in U.S. dollars (the lead's decision, README): said in dollars it is read as any amount;
 * said in another currency, or bare from a country whose money is not the dollar, it is converted with the dated
 * rate table and offered (never stored without a tap); money the table lacks, or "pesos" from nowhere, is asked.
 */
export function readUsdAmount(asked: Asked, text: string, language: Language): Reading {
  const reading = readAmount(text, language);
  if (reading.outcome !== 'value') return reading;
  const said = currencySaid(text, asked.homeCountry);
  const currency = said?.currency ?? (asked.homeCountry ? (localCurrency(asked.homeCountry) ?? 'unclear') : 'USD');
  if (currency === 'USD') return reading;
  const converted = currency === 'unclear' || reading.alternatives?.length ? undefined : toUsd(Number(reading.value), currency);
  if (!converted) return silent('notUnderstood');
  return value(String(converted.usd), Math.min(reading.confidence, 0.6), { ...(reading.quote ? { quote: reading.quote } : {}), converted });
}

export function readAmount(text: string, language: Language): Reading {
  const found = [...text.matchAll(AMOUNT)].filter((m) => !/^\d{1,2}[.,]\d{1,2}$/.test(m[1]!) || m[2]);
  const read = found
    .map((m) => {
      const parsed = parse(m[1]!, language);
      if (!parsed) return undefined;
      const times = m[2] ? TIMES(m[2]) : 1;
      // The words that go with the amount are quoted with it: its currency and its period ("95 mil pesos al mes").
      const end = m.index + m[0].length;
      const before = /(?:us\$|u\$s|r\$|mx\$|c\$|s\/\.?|[$€£₦₹₱])\s?$/u.exec(fold(text.slice(Math.max(0, m.index - 4), m.index)));
      const start = before ? m.index - before[0].length : m.index;
      const quote = text.slice(start, end + tailAfter(fold(text.slice(end)))).trim();
      return { ...parsed, amount: Math.round(parsed.amount * times * 100) / 100, quote };
    })
    .filter((r): r is { amount: number; ambiguous: boolean; quote: string } => Boolean(r));
  const distinct = [...new Set(read.map((r) => r.amount))];
  const period = periodOf(text);
  if (distinct.length === 1) {
    const only = read[0]!;
    // The question asks for a month: a yearly or weekly figure is offered as a month's ("60k a year" → 5,000) and
    // asked; a daily one is asked without an offer (how many days a month is not said).
    if (period === 'day' || period === 'hour') return silent('notUnderstood');
    if (period && period !== 'month') return value(String(Math.round(only.amount * PER_MONTH[period])), 0.6, { quote: only.quote });
    // "30" for a month's income is more likely "30 thousand" said the local way than thirty: shown back and asked.
    const small = only.amount < 100;
    return value(String(only.amount), only.ambiguous || small ? 0.6 : 0.95, { quote: only.quote });
  }
  if (distinct.length > 1) return value(String(distinct[0]), 0.5, { alternatives: distinct.slice(1).map(String), quote: read[0]!.quote });
  // In words: "dos mil", "three thousand", "mil cinq cents".
  const words = fold(text).replace(/[^\p{L}\p{N}-]+/gu, ' ').trim().split(' ');
  for (let i = 0; i < words.length; i++) {
    const n = numberAt(words, i);
    if (n && n.value >= 10 && !['a', 'an', 'un', 'una', 'une', 'um', 'uma', 'e', 'y'].includes(words[i]!)) return value(String(n.value), 0.85, { quote: words.slice(i, i + n.used).join(' ') });
  }
  return silent('notUnderstood');
}
