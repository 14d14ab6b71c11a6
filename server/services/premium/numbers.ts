// Amounts and lengths as people write them in Spanish and English: '30,000', '30.000', '4.500,50', '$2,500 USD';
// '3 WEEK(S)', 'tres semanas', '45 días', 'two months'.

const WORD_NUMBERS: Record<string, number> = {
  un: 1, uno: 1, una: 1, one: 1, a: 1, an: 1,
  dos: 2, two: 2, tres: 3, three: 3, cuatro: 4, four: 4, cinco: 5, five: 5, seis: 6, six: 6, siete: 7, seven: 7,
  ocho: 8, eight: 8, nueve: 9, nine: 9, diez: 10, ten: 10, doce: 12, twelve: 12, quince: 15, fifteen: 15,
  veinte: 20, twenty: 20, treinta: 30, thirty: 30,
};

/** '30,000' and '30.000' are thirty thousand; '4,500.50' and '4.500,50' four and a half thousand. */
export function parseAmount(raw: string): number | null {
  const digits = raw.replace(/[^\d.,]/g, '');
  if (!/\d/.test(digits)) return null;
  const lastSep = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const decimals = lastSep >= 0 ? digits.length - lastSep - 1 : 0;
  // A separator followed by exactly three digits groups thousands; one or two digits after the last are cents.
  const whole = lastSep >= 0 && decimals > 0 && decimals <= 2 ? digits.slice(0, lastSep) : digits;
  const value = Number(whole.replace(/[.,]/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** An amount with its thousands word: '25 mil', '3k'. */
export function amountWithScale(number: string, scale: string | undefined): number | null {
  const value = parseAmount(number);
  if (value === null) return null;
  return /^(mil|k|thousand)$/i.test(scale ?? '') ? value * 1000 : value;
}

const UNIT_DAYS: Array<[RegExp, number]> = [
  [/^(day|dia)/, 1],
  [/^(week|semana)/, 7],
  [/^(month|mes)/, 30],
  [/^(year|ano)/, 365],
];

/** A length written as a number (or a small number word) and a unit, in days; folded text in. */
export const LENGTH = /(?<![\p{L}\p{N}])(\d{1,3}|un|uno|una|one|a|an|dos|two|tres|three|cuatro|four|cinco|five|seis|six|siete|seven|ocho|eight|nueve|nine|diez|ten|doce|twelve|quince|fifteen|veinte|twenty|treinta|thirty)\s*(days?|dias?|weeks?|semanas?|months?|mes|meses|years?|anos?)(?:\s*\(s\))?(?![\p{L}])/u;

export function lengthInDays(folded: string): { days: number; index: number; length: number } | null {
  const match = new RegExp(LENGTH.source, 'u').exec(folded);
  if (!match) return null;
  const count = /^\d+$/.test(match[1] ?? '') ? Number(match[1]) : WORD_NUMBERS[match[1] ?? ''];
  const unit = UNIT_DAYS.find(([re]) => re.test(match[2] ?? ''));
  if (!count || !unit) return null;
  return { days: count * unit[1], index: match.index, length: match[0].length };
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}
