// Amounts, currencies and lengths as people write them in Spanish and English: '30,000', '30.000', '4.500,50',
// '$2,500 USD', 'Q 6,000'; '3 WEEK(S)', 'tres semanas', '45-day', 'a four-week course', '20 días hábiles'.

const WORD_NUMBERS: Record<string, number> = {
  un: 1, uno: 1, una: 1, one: 1, a: 1, an: 1, une: 1, um: 1, uma: 1,
  deux: 2, dois: 2, duas: 2, trois: 3, quatre: 4, quatro: 4, cinq: 5, sept: 7, sete: 7, huit: 8, oito: 8, neuf: 9, nove: 9, dix: 10, dez: 10,
  douze: 12, quinze: 15, vingt: 20, vinte: 20, trente: 30, trinta: 30,
  dos: 2, two: 2, tres: 3, three: 3, cuatro: 4, four: 4, cinco: 5, five: 5, seis: 6, six: 6, siete: 7, seven: 7,
  ocho: 8, eight: 8, nueve: 9, nine: 9, diez: 10, ten: 10, once: 11, eleven: 11, doce: 12, twelve: 12,
  catorce: 14, fourteen: 14, quince: 15, fifteen: 15, veinte: 20, twenty: 20, treinta: 30, thirty: 30,
};

/** '30,000' and '30.000' are thirty thousand; '4,500.50' and '4.500,50' four and a half thousand. */
export function parseAmount(raw: string): number | null {
  const digits = raw.replace(/[ \u00a0\u202f](?=\d{3}(?!\d))/g, '').replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return null;
  const lastSep = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const decimals = lastSep >= 0 ? digits.length - lastSep - 1 : 0;
  // A separator followed by exactly three digits groups thousands; one or two digits after the last are cents.
  const cents = lastSep >= 0 && decimals > 0 && decimals <= 2;
  const whole = cents ? digits.slice(0, lastSep) : digits;
  // '3.5' (million) and '1,8' (millones) keep their fraction: dropping it made 3.5M three.
  const value = Number(whole.replace(/[.,]/g, '')) + (cents ? Number(`0.${digits.slice(lastSep + 1)}`) : 0);
  return Number.isFinite(value) ? value : null;
}

/** The first amount in a (folded) text with its thousands word: '25 mil', '3k', '1,8 millones', 'COP 3.5M', '4 MM'. */
export function amountIn(folded: string): number | null {
  // Groups of three after a space, as French and Portuguese write thousands ('2 500 EUR', '1 200 000').
  const match = /(\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d[\d.,]*)\s?(mil(?:lones|lon)?|millions?|mm|m|k|thousand)?(?![\p{L}])/u.exec(folded);
  if (!match) return null;
  const value = parseAmount(match[1] ?? '');
  if (value === null) return null;
  const scale = match[2] ?? '';
  if (/^(mil|k|thousand)$/.test(scale)) return value * 1000;
  if (/^(millon|millones|million|millions|mm|m)$/.test(scale)) return value * 1_000_000;
  return value;
}

const CURRENCIES: Array<[RegExp, string]> = [
  [/\b(usd|us\$|u\$s|dolares|dollars?)\b/, 'USD'],
  [/\b(cop|pesos colombianos)\b/, 'COP'],
  [/\b(mxn|pesos mexicanos)\b/, 'MXN'],
  [/\b(pen|soles)\b/, 'PEN'],
  [/\b(uah|hryvnias?|grivnas?)\b/, 'UAH'],
  [/\b(kes|shillings?|chelines)\b/, 'KES'],
  [/(\beur\b|\beuros?\b|€)/, 'EUR'],
  [/(\bgtq\b|\bquetzales\b|(?:^|\s)q\s?\d)/, 'GTQ'],
  [/\b(hnl|lempiras?)\b/, 'HNL'],
  [/(\bbrl\b|\breais\b|\breales\b|r\$)/, 'BRL'],
  [/\b(ars|pesos argentinos)\b/, 'ARS'],
  [/\b(clp|pesos chilenos)\b/, 'CLP'],
  [/\b(ngn|naira)\b/, 'NGN'],
  [/\b(xof|fcfa|f cfa|cfa|francs? cfa)\b/, 'XOF'],
  [/\b(aoa|kwanzas?|kz)\b/, 'AOA'],
  [/(\bgbp\b|\bpounds? sterling\b|£)/, 'GBP'],
  [/(\binr\b|\brupees\b|₹)/, 'INR'],
  [/\b(vnd|dong)\b/, 'VND'],
  [/\b(dop|pesos dominicanos)\b/, 'DOP'],
  [/(\$u(?![\p{L}])|\buyu\b|pesos uruguayos)/u, 'UYU'],
  [/(\bbob\b|\bbolivianos\b|(?:^|\s)bs\.?\s?\d)/, 'BOB'],
  [/(\bghs\b|\bcedis?\b|gh₵)/, 'GHS'],
  [/(\begp\b|egyptian pounds?|libras egipcias)/, 'EGP'],
  [/(\bphp\b|₱|philippine pesos?)/, 'PHP'],
];

/** The currency an amount names, when it names one ('$' alone could be several). */
export function currencyOf(folded: string): string | undefined {
  // The one written beside the amount: 'ARS 780.000 (unos 600 dólares al cambio)' is in pesos, its dollars a gloss.
  const amount = /\d/.exec(folded)?.index ?? 0;
  let best: { code: string; distance: number } | undefined;
  for (const [re, code] of CURRENCIES) {
    for (const m of folded.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))) {
      const distance = m.index > amount ? m.index - amount : amount - (m.index + m[0].length);
      if (!best || distance < best.distance) best = { code, distance };
    }
  }
  return best?.code;
}

const UNIT_DAYS: Array<[RegExp, number]> = [
  // Diminutives as people say them ('3 semanitas', 'unos diitas', 'dos mesecitos').
  [/^(day|dia|jour|diit)/, 1],
  [/^(week|semana|semaine|semanit)/, 7],
  [/^(month|mes|mois|mesecit)/, 30],
  [/^(year|ano|an|annee|anit)/, 365],
];

const COUNT = `\\d{1,3}|${Object.keys(WORD_NUMBERS).sort((a, b) => b.length - a.length).join('|')}`;
/** A length: a number (or a small number word) and a unit, 'week(s)' and '45-day' too; over folded text. */
export const LENGTH = new RegExp(`(?<![\\p{L}\\p{N}])(${COUNT})[\\s-]*(days?|dias?|diitas?|jours?|weeks?|semanas?|semanitas?|semaines?|months?|mes|meses|mesecitos?|mois|years?|anos?|anitos?|ans?|annees?)(?:\\s*\\(s\\))?(?![\\p{L}])`, 'gu');

export interface Length {
  days: number;
  count: number;
  unit: 'day' | 'week' | 'month' | 'year';
  index: number;
  length: number;
}

const UNIT_NAMES = ['day', 'week', 'month', 'year'] as const;

/** Every length in a folded text, in order. */
/** 'mes y medio', 'a month and a half', 'un mois et demi', 'mês e meio': 45 days. */
const MONTH_AND_HALF = /(?<![\p{L}])(?:(?:un|a|one|um) )?(?:mes|month|mois) (?:y|and a|et|e) (?:medio|half|demi|meio)(?![\p{L}])/gu;

export function lengthsIn(folded: string): Length[] {
  const found: Length[] = [];
  for (const match of folded.matchAll(MONTH_AND_HALF)) found.push({ days: 45, count: 45, unit: 'day', index: match.index, length: match[0].length });
  for (const match of folded.matchAll(LENGTH)) {
    const count = /^\d+$/.test(match[1] ?? '') ? Number(match[1]) : WORD_NUMBERS[match[1] ?? ''];
    const unit = UNIT_DAYS.findIndex(([re]) => re.test(match[2] ?? ''));
    if (!count || unit < 0) continue;
    found.push({ days: count * (UNIT_DAYS[unit]?.[1] ?? 1), count, unit: UNIT_NAMES[unit] ?? 'day', index: match.index, length: match[0].length });
  }
  return found.sort((a, b) => a.index - b.index);
}

export function lengthInDays(folded: string): Length | null {
  return lengthsIn(folded)[0] ?? null;
}

/** Working days ('20 días hábiles', '15 working days') off in calendar days: five a week. */
export const calendarDays = (workingDays: number) => Math.ceil((workingDays * 7) / 5);

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function addMonths(iso: string, months: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}
