import { fold } from '../../ai/builtin/text';

// A trip told as a span of days (issue 42): 'del 3 al 20 de junio', 'from June 3 to 20', 'du 3 au 20 juin',
// 'de 3 a 20 de junho', 'June 28 – July 5, 2027', 'du 28 juin au 5 juillet 2027'. The first day borrows the
// month and year the last one names; a span crossing the new year ('Dec 20 to Jan 5, 2028') starts the year
// before. Without any year the span still gives the stay's length; its dates then need a year told nearby.

const MONTH_WORDS: Array<[RegExp, number]> = [
  [/^(?:enero|january|janvier|janeiro|jan|ene)$/, 1],
  [/^(?:febrero|february|fevrier|fevereiro|feb|fev)$/, 2],
  [/^(?:marzo|march|mars|marco|mar)$/, 3],
  [/^(?:abril|april|avril|apr|abr|avr)$/, 4],
  [/^(?:mayo|may|mai|maio)$/, 5],
  [/^(?:junio|june|juin|junho|jun)$/, 6],
  [/^(?:julio|july|juillet|julho|jul|juil)$/, 7],
  [/^(?:agosto|august|aout|aug|ago)$/, 8],
  [/^(?:septiembre|setiembre|september|septembre|setembro|sep|sept|set)$/, 9],
  [/^(?:octubre|october|octobre|outubro|oct|out)$/, 10],
  [/^(?:noviembre|november|novembre|novembro|nov)$/, 11],
  [/^(?:diciembre|december|decembre|dezembro|dec|dic|dez)$/, 12],
];
const MONTH =
  '(enero|january|janvier|janeiro|febrero|february|fevrier|fevereiro|marzo|march|mars|marco|abril|april|avril|mayo|may|mai|maio|junio|june|juin|junho|julio|july|juillet|julho|agosto|august|aout|septiembre|setiembre|september|septembre|setembro|octubre|october|octobre|outubro|noviembre|november|novembre|novembro|diciembre|december|decembre|dezembro|jan|ene|feb|fev|mar|apr|abr|avr|jun|jul|juil|aug|ago|sept|sep|set|oct|out|nov|dec|dic|dez)(?![a-z])\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th|er|o|º|°)?';
const YEAR = '(20\\d{2})';
/** What joins the first day to the last: 'al', 'to', 'au', 'a', 'até', 'until', a dash or an arrow. */
const JOIN = "\\s*(?:to|al|a|au|ate|jusqu'au|jusqu au|hasta el|hasta|until|till|through|thru|→|->|-|–|—)\\s*(?:el\\s+|le\\s+|o\\s+|the\\s+)?";
/** Day first: 'del 3 al 20 de junio (de 2027)', 'du 28 juin au 5 juillet 2027', 'de 3 a 20 de junho'. */
const DAY_FIRST = new RegExp(`(?<![\\d/.-])${DAY}(?:\\s+(?:de\\s+)?${MONTH}(?:\\s*(?:de|del|,)?\\s*${YEAR})?)?${JOIN}${DAY}\\s+(?:de\\s+)?${MONTH}(?:\\s*(?:de|del|,)?\\s*${YEAR})?(?![\\d])`, 'dg');
/** Month first: 'from June 3 to 20, 2027', 'June 28 – July 5', 'Dec 20th to Jan 5th 2028'. */
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+${DAY}(?:,?\\s*${YEAR})?${JOIN}(?:${MONTH}\\s+)?${DAY}(?:,?\\s*${YEAR})?(?![\\d])`, 'dg');

export interface DaySpan {
  /** The span as written. */
  text: string;
  index: number;
  /** ISO dates when a year is written in the span or given by `year`. */
  from?: string;
  to?: string;
  /** Nights between the first and the last day. */
  days: number;
}

const monthOf = (word: string | undefined) => (word ? MONTH_WORDS.find(([re]) => re.test(word.replace(/\.$/, '')))?.[1] : undefined);
const iso = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date.toISOString().slice(0, 10) : null;
};

/**
 * Every span of days in `text`, in order. `year` is the year told elsewhere (the sentence's next whole date), used
 * when the span names none.
 */
export function daySpansIn(text: string, year?: number): DaySpan[] {
  const folded = fold(text);
  const out: DaySpan[] = [];
  const take = (index: number, length: number, d1: number, m1: number | undefined, y1: number | undefined, d2: number, m2: number, y2: number | undefined) => {
    if (out.some((x) => index < x.index + x.text.length && x.index < index + length)) return;
    const startMonth = m1 ?? m2;
    // 'del 28 al 5 de julio' names no month for the 28th: not a span that can be read one way.
    if (m1 === undefined && d1 >= d2) return;
    const lastYear = y2 ?? year ?? 2027;
    const firstYear = y1 ?? (startMonth > m2 ? lastYear - 1 : lastYear);
    // Without any year, a 29 February is told of a leap year.
    const leap = y2 === undefined && year === undefined && (iso(firstYear, startMonth, d1) === null || iso(lastYear, m2, d2) === null) ? 1 : 0;
    const a = iso(firstYear + leap, startMonth, d1);
    const b = iso(lastYear + leap, m2, d2);
    if (!a || !b || a >= b) return;
    const days = Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
    if (days > 366) return;
    const dated = y2 !== undefined || y1 !== undefined || year !== undefined;
    out.push({ text: text.slice(index, index + length).replace(/[\s,.]+$/, ''), index, days, ...(dated ? { from: a, to: b } : {}) });
  };
  for (const m of folded.matchAll(DAY_FIRST)) {
    const [, d1, m1, y1, d2, m2, y2] = m;
    const month2 = monthOf(m2);
    if (!month2) continue;
    take(m.index, m[0].length, Number(d1), monthOf(m1), y1 ? Number(y1) : undefined, Number(d2), month2, y2 ? Number(y2) : undefined);
  }
  for (const m of folded.matchAll(MONTH_FIRST)) {
    const [, m1, d1, y1, m2, d2, y2] = m;
    const month1 = monthOf(m1);
    if (!month1) continue;
    take(m.index, m[0].length, Number(d1), month1, y1 ? Number(y1) : undefined, Number(d2), monthOf(m2) ?? month1, y2 ? Number(y2) : undefined);
  }
  return out.sort((a, b) => a.index - b.index);
}
