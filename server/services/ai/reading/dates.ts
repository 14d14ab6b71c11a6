import * as chrono from 'chrono-node';
import { addMonths, isValidIsoDate, toIsoDate } from '../../../../machines/domain/validators';
import { findDates, MONTHS } from '../builtin/dates';
import { fold, type Language } from '../builtin/text';
import { durationWords, findDurations } from './durations';
import { numberAt } from './numberWords';
import { silent, value, type Asked, type Reading } from './types';
import { distance } from './words';
import { ownTable } from '../../../../machines/domain/ownEntry';

// Dates as people type them: with or without the year ("on part le 15 juillet": the next 15 July), relative
// ("dans deux semaines", "next Monday", "mañana"), a range ("del 1 al 15 de julio"), a length after the arrival
// ("por dos semanas"), with slips in the month ("setiembre", "julliet"). Full dates are the built-in reading's;
// relative ones are chrono-node's, in the conversation's language.

const MONTH_WORDS = Object.keys(MONTHS).filter((m) => m.length >= 4);
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er|eme|º|°|o)?';
const SEP = '(?:\\s+de\\s+|\\s+del\\s+|\\s*,\\s*|\\s+)';
const YEARLESS = [
  { re: new RegExp(`(?<![\\p{L}\\p{N}])${DAY}${SEP}${MONTH}(?![\\p{L}])(?!${SEP}'?\\d)`, 'gu'), d: 1, m: 2 },
  { re: new RegExp(`(?<![\\p{L}\\p{N}])${MONTH}\\s+${DAY}(?![\\p{N}])(?!${SEP}'?\\d)`, 'gu'), d: 2, m: 1 },
];
const NUMERIC_YEARLESS = /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})(?![\d/.-])/g;
/** "del 1 al 15 de julio", "du 1er au 15 juillet", "from 1 to 15 July", "1-15 July". */
const RANGE = new RegExp(`(?<![\\p{L}\\p{N}])${DAY}\\s*(?:al|a|au|to|till|until|ao|ate|hasta|-|–)\\s*${DAY}${SEP}${MONTH}(?:${SEP}(\\d{4}))?`, 'gu');
/** "in two weeks", "dentro de 10 días", "dans trois jours", "daqui a duas semanas", "em 15 dias". */
const IN_CUE = /(?:^|\s)(?:in|en|dentro de|dans|d'ici|d ici|em|daqui a|de aqui a|within)\s*$/;
/** "15 or 16 July", "el 15 o el 16": two days offered, one to be chosen. */
const EITHER = /(?:^|\s)\d{1,2}(?:st|nd|rd|th|er)?\s+(?:\p{L}+\.?\s+){0,2}(?:or|o|ou|u)\s+(?:(?:the|el|le|o|dia)\s+)?\d{1,2}(?!\d)/u;

/** "pasado mañana" and its kin, which chrono reads as tomorrow in Spanish, French and Portuguese. */
const DAY_AFTER_TOMORROW = /(?:^|\s)(?:the\s+)?(?:day\s+after\s+tomorrow|pasado\s+manana|apres[- ]demain|depois\s+de\s+amanha)(?=\s|[.,!]|$)/;
/** A part of a month or an approximate day ("end of June", "a principios de", "vers le 15", "lá pelo dia 10"): asked. */
const VAGUE = /(?:^|\s)(?:end|beginning|start|middle)\s+of|(?:^|\s)(?:early|late|mid|around|about|sometime|approximately|roughly|fin|finales|principios|inicios|mediados|alrededor|hacia|debut|milieu|vers|environ|final|fim|inicio|comeco|meados|por\s+volta|la\s+pelo)(?=[\s-])|(?:^|\s)mi-/;
/** Ordinal words for the first days, which people write before a month ("le premier mai", "el primero de agosto"). */
const ORDINAL = ownTable<number>({ first: 1, premier: 1, premiere: 1, primero: 1, primer: 1, primeiro: 1, primeira: 1, second: 2, third: 3 });
const ARTICLE_WORDS = new Set(['a', 'an', 'un', 'una', 'une', 'um', 'uma']);

/** "veinte de mayo", "le premier mai", "vingt-cinq décembre": the day in words written as digits, before a month. */
function dayWordsAsDigits(folded: string): string {
  const words = folded.split(/\s+/);
  const isMonth = (w: string | undefined) => w !== undefined && MONTHS[w.replace(/[.,]+$/, '')] !== undefined;
  for (let i = 0; i < words.length; i++) {
    if (!isMonth(words[i])) continue;
    const end = ['de', 'of'].includes(words[i - 1] ?? '') ? i - 1 : i;
    for (let from = Math.max(0, end - 3); from < end; from++) {
      const ordinal = from === end - 1 ? ORDINAL[words[from]!] : undefined;
      const n = ordinal ? { value: ordinal, used: 1 } : numberAt(words, from);
      if (!n || from + n.used !== end || n.value < 1 || n.value > 31 || /\d/.test(words[from]!)) continue;
      if (n.used === 1 && ARTICLE_WORDS.has(words[from]!)) continue;
      words.splice(from, n.used, String(n.value));
      i -= n.used - 1;
      break;
    }
  }
  return words.join(' ');
}

const CHRONO: Record<Language, chrono.Chrono> = { en: chrono.en.casual, es: chrono.es.casual, fr: chrono.fr.casual, pt: chrono.pt.casual };

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const addCalendarMonths = (from: string, months: number) => {
  const d = addMonths(from, months);
  return iso(d.year, d.month, d.day);
};
/** A length from a day: calendar months when counted in months ("un mes" is never exactly 30 days), else days. */
const after = (from: string, found: { days: number; months?: number }) => (found.months ? addCalendarMonths(from, found.months) : addDays(from, found.days));
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Month names typed with a slip ("julliet", "setiembre", "febreo") put right, in folded text. */
function mendMonths(folded: string): { text: string; mended: string[] } {
  const mended: string[] = [];
  const text = folded.replace(/\p{L}{4,}/gu, (word) => {
    if (MONTHS[word] !== undefined) return word;
    const close = MONTH_WORDS.filter((m) => m.length >= 5 && distance(word, m, 1) <= 1);
    const months = new Set(close.map((m) => MONTHS[m]));
    if (months.size !== 1) return word;
    mended.push(word);
    return close[0]!;
  });
  return { text, mended };
}

/** The next day-and-month after today (today itself counts as past), and how far ahead it is in months. */
function nextOccurrence(month: number, day: number, today: Date): string | undefined {
  const now = toIsoDate(today);
  for (let year = today.getUTCFullYear(); year <= today.getUTCFullYear() + 1; year++) {
    const candidate = iso(year, month, day);
    if (isValidIsoDate(candidate) && candidate > now) return candidate;
  }
  return undefined;
}

function lastOccurrence(month: number, day: number, today: Date): string | undefined {
  const now = toIsoDate(today);
  for (let year = today.getUTCFullYear(); year >= today.getUTCFullYear() - 1; year--) {
    const candidate = iso(year, month, day);
    if (isValidIsoDate(candidate) && candidate < now) return candidate;
  }
  return undefined;
}

interface Found {
  iso: string;
  quote: string;
  confidence: number;
  alternatives?: string[];
  also?: Record<string, string>;
}

function withYear(text: string, language: Language, asked: Asked, today: Date): Found | undefined {
  const dates = findDates(text, language, today);
  const first = dates[0];
  if (!first) return undefined;
  let date = first.iso;
  // A two-digit year read into the future is a birth in the last century ("15/03/30" is 1930, not 2030).
  if (asked.dates === 'birth' && date > toIsoDate(today) && /\d{1,2}\D\d{1,2}\D\d{2}$/.test(first.text.trim())) date = `${Number(date.slice(0, 4)) - 100}${date.slice(4)}`;
  // 03/04/1990: April 3 for most of the world, March 4 in the U.S., in any language: asked, never guessed. Dots are
  // the day-first custom's alone.
  const numeric = /^(\d{1,2})[/-](\d{1,2})[/-]\d{2,4}$/.exec(first.text.trim());
  if (numeric && Number(numeric[1]) <= 12 && Number(numeric[2]) <= 12 && Number(numeric[1]) !== Number(numeric[2])) {
    const swapped = `${date.slice(0, 4)}-${date.slice(8, 10)}-${date.slice(5, 7)}`;
    return { iso: date, quote: first.text, confidence: 0.5, alternatives: [swapped] };
  }
  const other = dates.find((d) => d.iso !== first.iso);
  // "Llego el 1 de marzo de 2027 y salgo el 15": a later second date of a trip is its end.
  if (other && asked.dates === 'future') return { iso: date, quote: first.text, confidence: 0.95, ...(other.iso > date ? { also: { departure: other.iso } } : {}) };
  return { iso: date, quote: first.text, confidence: other ? 0.6 : 0.95, ...(other ? { alternatives: [other.iso] } : {}) };
}

function range(folded: string, text: string, asked: Asked, today: Date): Found | undefined {
  const match = RANGE.exec(folded);
  RANGE.lastIndex = 0;
  if (!match) return undefined;
  const month = MONTHS[(match[3] ?? '').replace('.', '')];
  if (!month) return undefined;
  const year = match[4];
  const start = year ? iso(Number(year), month, Number(match[1])) : nextOccurrence(month, Number(match[1]), today);
  const end = start ? iso(Number(start.slice(0, 4)), month, Number(match[2])) : undefined;
  if (!start || !end || !isValidIsoDate(start) || !isValidIsoDate(end) || end < start) return undefined;
  const quote = text.slice(match.index, match.index + match[0].length);
  return asked.dates === 'future' ? { iso: start, quote, confidence: 0.9, also: { departure: end } } : undefined;
}

function yearless(folded: string, text: string, language: Language, asked: Asked, today: Date): Found | undefined {
  const hits: Array<{ month: number; day: number; index: number; length: number; other?: { month: number; day: number } }> = [];
  for (const { re, d, m } of YEARLESS) {
    for (const match of folded.matchAll(re)) {
      const month = MONTHS[(match[m] ?? '').replace('.', '')];
      if (month) hits.push({ month, day: Number(match[d]), index: match.index, length: match[0].length });
    }
  }
  for (const match of folded.matchAll(NUMERIC_YEARLESS)) {
    const a = Number(match[1]);
    const b = Number(match[2]);
    const [day, month] = language === 'en' && a <= 12 ? [b, a] : [a, b];
    // "03/04" reads both ways in any language: the other reading is offered beside it.
    const both = a <= 12 && b <= 12 && a !== b && !match[0].includes('.');
    if (month >= 1 && month <= 12) hits.push({ month, day, index: match.index, length: match[0].length, ...(both ? { other: { month: day, day: month } } : {}) });
  }
  const hit = hits.sort((x, y) => x.index - y.index)[0];
  if (!hit) return undefined;
  const quote = text.slice(hit.index, hit.index + hit.length);
  if (hit.other) {
    const pickIn = asked.dates === 'future' ? nextOccurrence : lastOccurrence;
    const one = pickIn(hit.month, hit.day, today);
    const two = pickIn(hit.other.month, hit.other.day, today);
    if (one && two) return { iso: one, quote, confidence: 0.5, alternatives: [two] };
  }
  if (asked.dates === 'future') {
    const date = nextOccurrence(hit.month, hit.day, today);
    if (!date) return undefined;
    // Months ahead the person may have meant another year: shown and asked.
    const far = date > toIsoDate(addMonthsDate(today, 8));
    return { iso: date, quote, confidence: far ? 0.7 : 0.9 };
  }
  if (asked.dates === 'past') {
    const date = lastOccurrence(hit.month, hit.day, today);
    return date ? { iso: date, quote, confidence: 0.6 } : undefined;
  }
  return undefined;
}

const addMonthsDate = (today: Date, months: number) => {
  const d = addMonths(toIsoDate(today), months);
  return new Date(Date.UTC(d.year, d.month - 1, d.day));
};

/** "in two weeks" and its kin, from today; "for two weeks" after the arrival, for a departure. */
function relative(folded: string, text: string, language: Language, asked: Asked, today: Date): Found | undefined {
  if (asked.dates === 'future' && DAY_AFTER_TOMORROW.test(folded)) return { iso: addDays(toIsoDate(today), 2), quote: text.trim(), confidence: 0.9 };
  const words = durationWords(folded);
  for (const found of findDurations(folded)) {
    const before = words.slice(0, found.from).join(' ');
    const quote = words.slice(found.from, found.to).join(' ');
    // A departure given as the stay's length ("je reste deux semaines", "for two weeks"): counted from the arrival.
    if (asked.dates === 'future' && asked.after && !IN_CUE.test(before)) {
      // "I'll stay a month": about a month, so the date is shown and asked.
      return { iso: after(asked.after, found), quote, confidence: found.bare || found.months ? 0.7 : 0.85 };
    }
    const cue = IN_CUE.exec(before);
    if (asked.dates === 'future' && cue && !found.bare) return { iso: after(toIsoDate(today), found), quote: `${cue[0].trim()} ${quote}`, confidence: found.months ? 0.7 : 0.85 };
  }
  if (asked.dates !== 'future') return undefined;
  const parsed = CHRONO[language].parse(text, { instant: today, timezone: 0 }, { forwardDate: true })[0];
  // A month alone ("en diciembre", "early August") names no day: asked, never guessed as the 1st.
  if (!parsed || !(parsed.start.isCertain('day') || parsed.start.isCertain('weekday'))) return undefined;
  const date = parsed.start.date();
  const value = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const out = toIsoDate(value);
  return out > toIsoDate(today) ? { iso: out, quote: parsed.text, confidence: 0.85 } : undefined;
}

/** "the 20th of next month", "el 10 del mes que viene", "le 3 du mois prochain", "dia 5 do mês que vem", and this month's. */
const OF_MONTH = [
  { re: /(?:^|\s)(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(next|this)\s+month\b/, d: 1, w: 2 },
  { re: /(?:^|\s)(next|this)\s+month\s+(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?!\d)/, d: 2, w: 1 },
  { re: /(?:^|\s)(?:el\s+)?(?:dia\s+)?(\d{1,2})\s+(?:del?|do|du)\s+(mes que viene|proximo mes|mes proximo|siguiente mes|mes siguiente|mes que vem|mes seguinte|mois prochain|mois suivant|este mes|presente mes|mois-ci|ce mois|mesmo mes|mes corrente)\b/, d: 1, w: 2 },
  { re: /(?:^|\s)(?:el\s+|le\s+|o\s+)?(mes que viene|proximo mes|mes que vem|mois prochain)\s+(?:el\s+|le\s+|no\s+)?(?:dia\s+)?(\d{1,2})(?:er)?(?!\d)/, d: 2, w: 1 },
];

function ofMonth(folded: string, text: string, asked: Asked, today: Date): Found | undefined {
  if (asked.dates !== 'future') return undefined;
  for (const { re, d, w } of OF_MONTH) {
    const match = re.exec(folded);
    if (!match) continue;
    const next = !/^(?:this|este|presente|mois-ci|ce mois|mesmo|mes corrente)/.test(match[w] ?? '');
    const base = addMonths(toIsoDate(today), next ? 1 : 0);
    const date = iso(base.year, base.month, Number(match[d]));
    if (!isValidIsoDate(date) || date <= toIsoDate(today)) return undefined;
    return { iso: date, quote: text.slice(match.index, match.index + match[0].length).trim(), confidence: 0.9 };
  }
  return undefined;
}

/** "a week from tomorrow", "dos días después del 1 de agosto", "trois jours après le 15": a length counted from a day. */
const COUNTED_FROM = /\s(?:from|after|despues de|despues del|apres|apres le|depois de|depois do|a partir de|a partir del)\s/;
const ABOUT = /\b(?:couple|few|several|some|unos|unas|algunos|algunas|quelques|alguns|algumas|par de|pocos|poucos)\b/;

function countedFrom(folded: string, text: string, asked: Asked, language: Language, today: Date): Found | undefined {
  if (asked.dates !== 'future' || DAY_AFTER_TOMORROW.test(folded)) return undefined;
  const cut = COUNTED_FROM.exec(` ${folded} `);
  if (!cut) return undefined;
  const length = findDurations(folded.slice(0, cut.index)).at(-1);
  if (!length) return undefined;
  const anchorText = folded.slice(cut.index + cut[0].length - 1);
  const anchor = /^(?:tomorrow|manana|demain|amanha)\b/.test(anchorText) ? addDays(toIsoDate(today), 1) : /^(?:today|hoy|aujourd'hui|hoje)\b/.test(anchorText) ? toIsoDate(today) : readDate({ ...asked, after: undefined } as Asked, anchorText, language, today);
  const from = typeof anchor === 'string' ? anchor : anchor.outcome === 'value' ? anchor.value : undefined;
  if (!from) return undefined;
  // "a couple of days after": about, so shown and asked.
  return { iso: after(from, length), quote: text.trim(), confidence: ABOUT.test(folded) || length.bare ? 0.6 : 0.85 };
}

/** "the 15th or the 16th of July", "le 15 ou le 16 avril", "entre el 3 y el 5 de junio": two days offered, one to choose. */
const TWO_DAYS = /(?:^|\s)(?:(?:between|entre)\s+)?(?:(?:the|el|le|o|dia|los|les)\s+)?(\d{1,2})(?:st|nd|rd|th|er)?\s+(?:(?:of\s+)?\p{L}+\.?\s+)?(?:or|o|ou|u|and|y|et|e)\s+(?:(?:the|el|le|o|dia)\s+)?(\d{1,2})(?:st|nd|rd|th|er)?(?!\d)/u;
const BETWEEN = /(?:^|\s)(?:between|entre)\s/;

function twoDays(folded: string, found: Found): Found | undefined {
  const match = TWO_DAYS.exec(folded);
  if (!match || (!EITHER.test(folded) && !BETWEEN.test(folded))) return undefined;
  const days = [Number(match[1]), Number(match[2])];
  const month = found.iso.slice(0, 8);
  const dates = days.map((d) => `${month}${String(d).padStart(2, '0')}`).filter((d) => isValidIsoDate(d));
  if (dates.length !== 2 || dates[0] === dates[1] || !dates.includes(found.iso)) return undefined;
  return { ...found, iso: dates[0]!, confidence: 0.5, alternatives: [dates[1]!] };
}

export function readDate(asked: Asked, text: string, language: Language, today: Date): Reading {
  // "the 3rd of May": the 'of' joins day and month.
  const months = mendMonths(fold(text));
  const folded = dayWordsAsDigits(months.text).replace(/(\d)(st|nd|rd|th)?\s+of\s+(?=\p{L})/gu, '$1$2 ');
  const read =
    ofMonth(folded, text, asked, today) ??
    countedFrom(folded, text, asked, language, today) ??
    (BETWEEN.test(folded) ? undefined : range(folded, text, asked, today)) ??
    withYear(folded, language, asked, today) ??
    yearless(folded, text, language, asked, today) ??
    relative(folded, text, language, asked, today);
  const found = read ? (twoDays(folded, read) ?? read) : undefined;
  if (!found || !isValidIsoDate(found.iso)) return silent('notUnderstood');
  // A month read from a slip ("5 junto con mi hermana" is not 5 June) is never the whole answer: offered and asked.
  return value(found.iso, VAGUE.test(folded) || EITHER.test(folded) || months.mended.some((w) => fold(found.quote ?? text).includes(w)) ? Math.min(found.confidence, 0.6) : found.confidence, {
    quote: found.quote,
    ...(found.alternatives ? { alternatives: found.alternatives } : {}),
    ...(found.also ? { also: found.also } : {}),
  });
}
