import { amountIn, currencyOf } from '../numbers';
import { periodOf, tailAfter } from '../../ai/reading/amounts';
import { quoted, type Piece } from './text';
import { RELATIVE } from './values';

// Income and the trip's cost told in a sentence, whatever the words around them (issue 42): an income noun or verb
// ('salaire mensuel de 285 000 FCFA', 'my annual salary is 48k EUR', 'gano como 95 mil pesos al mes', 'recebo
// R$ 3.200 por mês') with its amount, its currency and its period (a month, a year, a week) read beside it; a cost
// ('les dépenses sur place, soit environ 4 800 dollars', 'the whole trip comes to about $6,500', 'en total son
// unos 3.000 dólares', 'vou gastar uns 12 mil reais') with its amount and currency. The rule book sets the one
// against the other (funding-beyond-income), converting between currencies by the dated table.

/** An amount: a symbol or code before, digits (grouped by spaces, dots or commas), a scale, a currency after. */
const AMOUNT =
  /(?:(?:us\$|u\$s|\$u|r\$|s\/\.?|bs\.?|\$|€|£|(?:usd|eur|mxn|brl|cop|ars|clp|pen|gbp|cad|chf|xof|xaf|ngn|inr|php|gtq|hnl|dop|uyu|bob|kes|ghs|mad|aoa|mzn|cve|htg|uah|vnd|egp|bs|fcfa)(?=\s?\d))\s?)?(?:\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s?(?:mil|k|thousand|millones|millon|million|millions|milhoes|milhao|mille)(?![\p{L}]))?(?:\s?(?:pesos(?: (?:mexicanos|colombianos|argentinos|chilenos|uruguayos|dominicanos|filipinos|cubanos))?|dolares|dollars?|usd|euros?|eur|reais|reales|brl|soles|lempiras|quetzales|naira|rupees|fcfa|f cfa|francs? cfa|francos? cfa|cfa|xof|xaf|kwanzas?|cedis?|shillings?|chelines|hryvnias?|(?:usd|eur|mxn|brl|cop|ars|clp|pen|gbp|cad|chf|xof|xaf|ngn|inr|php|gtq|hnl|dop|uyu|bob|kes|ghs|mad|aoa|mzn|cve|htg|uah|vnd|egp|bs|fcfa)(?![\p{L}])))?/u;

const INCOME = /\b(?:salary|salari(?:o|e|al|os)|wages?|sueldo|salaire|income|earnings|revenus?|renda|rendimentos?|ingresos?|remuneracion|remuneracao|remuneration|gano|ganho|earn|earns|je gagne|je touche|cobro|recebo|percibo|pension|pensao|aposentadoria|jubilacion)\b/g;
const PENSION = /\b(?:pension|pensao|aposentadoria|jubilacion|retraite)\b/;
const MONTHLY = /\b(?:mensual(?:es)?|mensuel(?:le)?s?|mensal|mensais|monthly|al mes|por mes|a month|per month|each month|par mois|ao mes|por mes|mes|month|mois)\b/;
const YEARLY = /\b(?:anual(?:es)?|annuel(?:le)?s?|anuais|yearly|annual(?:ly)?|al ano|por ano|a year|per year|each year|par an|ao ano|per annum)\b/;
const WEEKLY = /\b(?:semanal(?:es)?|weekly|a week|per week|par semaine|por semana|hebdomadaire)\b/;
const DAILY = /\b(?:diari[oa]s?|daily|a day|per day|par jour|por dia|al dia|por hora|an hour|per hour|de l'heure)\b/;
/** Savings, a balance or a loan are what there is, not what is earned nor what the trip costs. */
const ASSET = /\b(?:ahorros?|savings?|economies|poupanca|saldo|balance|solde|prestamo|loan|pret|emprestimo|cuenta|account|compte|conta)\b/;

/** The cost of the trip, by its nouns and verbs in four languages. */
const COST = /\b(?:cost(?:s|ed)?|will cost|comes? to|total(?:es)?|en total|in total|au total|no total|budget|presupuesto|orcamento|gastos|depenses|despesas|expenses|spend(?:ing)?|gastar(?:e|emos)?|depenser|gastarei|vou gastar|costara|cuesta|costo|coste|coutera|coute|custa(?:ra)?|vai custar|prix|precio|preco|price)\b/g;

/** The period beside an income, by the chat reader's grammar first ("45k/yr", "a la quincena", "/mois"), then these. */
function periodIn(window: string): 'month' | 'year' | 'fortnight' | 'week' | 'day' | null {
  const said = periodOf(window);
  if (said) return said === 'hour' ? 'day' : said;
  return DAILY.test(window) ? 'day' : WEEKLY.test(window) ? 'week' : YEARLY.test(window) ? 'year' : MONTHLY.test(window) ? 'month' : null;
}

interface Found {
  source: string;
  amount: number;
  currency?: string;
  at: number;
  end: number;
}

/** The first amount within `reach` characters after `from` in the folded piece, with its quote span. */
function amountAfter(piece: Piece, from: number, reach: number): { value: number; currency?: string; at: number; end: number } | null {
  const window = piece.folded.slice(from, from + reach);
  const found = new RegExp(AMOUNT.source, 'gu');
  for (const m of window.matchAll(found)) {
    // A year, a day of the month or a count of people is no amount: three digits at least, or a scale, or money words.
    const text = m[0];
    const money = /[$€£]|[a-z]{3}/.test(text) || /\d{3}/.test(text.replace(/[ \u00a0\u202f.,]/g, '')) || /\d\s?(?:k|mil|mille|thousand|millones|millon|million)(?![\p{L}])/u.test(text);
    if (!money || /^(?:19|20)\d{2}$/.test(text.trim())) continue;
    const value = amountIn(text);
    if (!value) continue;
    const currency = currencyOf(text);
    return { value, ...(currency ? { currency } : {}), at: from + m.index, end: from + m.index + text.length };
  }
  return null;
}

/** An income told in a sentence, read to a monthly amount: null when none is told, or it is someone else's. */
export function incomeIn(piece: Piece): (Found & { monthly: number; salary: boolean }) | null {
  for (const cue of piece.folded.matchAll(INCOME)) {
    // A relative's pay ('mi esposo gana', 'my husband's salary') is not the applicant's.
    if (RELATIVE.test(piece.folded.slice(Math.max(0, cue.index - 30), cue.index))) continue;
    if (ASSET.test(piece.folded.slice(Math.max(0, cue.index - 20), cue.index + cue[0].length + 20))) continue;
    const amount = amountAfter(piece, cue.index + cue[0].length, 45);
    if (!amount) continue;
    // The period beside it: before the cue ('my annual salary'), between the cue and the amount, or just after it.
    const period = periodIn(piece.folded.slice(Math.max(0, cue.index - 16), amount.end + 20));
    if (period === 'day' || period === null) continue;
    const monthly = period === 'year' ? Math.round(amount.value / 12) : period === 'week' ? Math.round((amount.value * 52) / 12) : period === 'fortnight' ? Math.round((amount.value * 26) / 12) : amount.value;
    // Its currency and period are quoted with it ('95 mil pesos al mes', '45k/yr').
    const after = tailAfter(piece.folded.slice(amount.end));
    // A period written before the cue is quoted with it: 'annual salary is 48 000 EUR', not 'salary is 48 000 EUR'.
    const before = piece.folded.slice(Math.max(0, cue.index - 16), cue.index);
    const lead = new RegExp(`(?:${YEARLY.source}|${MONTHLY.source}|${WEEKLY.source})\\s*$`).exec(before);
    // A verb's income is quoted from its amount ('gano Bs 7.500 al mes' → 'Bs 7.500 al mes'), a noun's with the noun.
    const verb = /^(?:gano|ganho|earn|earns|je gagne|je touche|cobro|recebo|percibo)$/.test(cue[0]);
    const q = quoted(piece, verb ? amount.at : lead ? cue.index - before.length + lead.index : cue.index, amount.end + after);
    if (!q) continue;
    return { source: q.text, amount: amount.value, monthly, ...(amount.currency ? { currency: amount.currency } : {}), salary: !PENSION.test(cue[0]), at: cue.index, end: amount.end };
  }
  return null;
}

/** The trip's cost told in a sentence: null when none is told (or the amount is an income, savings, or a daily rate). */
export function costIn(piece: Piece): Found | null {
  for (const cue of piece.folded.matchAll(COST)) {
    const amount = amountAfter(piece, cue.index + cue[0].length, 50);
    if (!amount) continue;
    const around = piece.folded.slice(Math.max(0, cue.index - 20), amount.end + 20);
    // A nightly or daily rate is counted over the stay elsewhere (costs.ts); an income or savings is no cost.
    if (DAILY.test(around) || /\b(?:nuit|night|noche|noite|diaria)s?\b/.test(around) || ASSET.test(around) || new RegExp(INCOME.source).test(around)) continue;
    const q = quoted(piece, cue.index, amount.end);
    if (!q) continue;
    return { source: q.text, amount: amount.value, ...(amount.currency ? { currency: amount.currency } : {}), at: cue.index, end: amount.end };
  }
  return null;
}
