import { convert, convertible, RATES_DATE } from '../../premium/rates';
import { fold } from '../builtin/text';

// The currency an amount is said in (issue 42, the lead's decision on the DS-160 wizard's monthly-salary, which the
// spec asks in U.S. dollars): "R$ 3.400", "450 000 FCFA", "45 mil pesos", "2 500 euros", "$3,200". An amount in
// another currency is never stored as dollars: it is converted with the dated rate table and offered, or asked.

/** The currency said with an amount: an ISO code, 'unclear' (pesos, francs, "$" where pesos are written so), or none. */
export type Said = { currency: string } | { currency: 'unclear' } | undefined;

/** Words and signs for each currency, on folded text; the more specific come first ("R$" before "$"). */
const WORDS: Array<[string, RegExp]> = [
  ['BRL', /r\s?\$|\breais\b|\bbrl\b/],
  ['CAD', /\bc\s?\$|\bca\$|\bcad\b|canadian dollars?|dollars? canadiens?|dolares canadienses/],
  ['MXN', /\bmx\s?\$|\bmxn\b|pesos mexicanos/],
  ['COP', /\bcop\b|pesos colombianos/],
  ['ARS', /\bars\b|pesos argentinos/],
  ['CLP', /\bclp\b|pesos chilenos/],
  ['UYU', /\buyu\b|pesos uruguayos/],
  ['DOP', /\bdop\b|rd\s?\$|pesos dominicanos/],
  ['PHP', /₱|\bphp\b|philippine pesos?/],
  ['EGP', /\begp\b|egyptian pounds?|livres? egyptiennes?/],
  ['XOF', /\bf?\s?cfa\b|\bxof\b|\bxaf\b/],
  ['CHF', /\bchf\b|francs? suisses?|swiss francs?/],
  ['USD', /\bus\s?\$|\busd\b|\bu\.?s\.? dollars?|\bdollars? (?:americains?|us)\b|\bdolares?\b|\bdolar\b|\bdollars?\b|\bbucks\b|\bverdes\b/],
  ['EUR', /€|\beuros?\b|\beur\b/],
  ['GBP', /£|\bgbp\b|\bpounds?\b|\blibras? esterlinas?\b|\blivres? sterling\b|\bquid\b/],
  ['NGN', /₦|\bnaira\b|\bngn\b/],
  ['INR', /₹|\brupees?\b|\brupias?\b|\binr\b|\brs\.?(?=\s?\d)/],
  ['KES', /\bkes\b|\bksh\b|kenyan shillings?/],
  ['GHS', /\bcedis?\b|\bghs\b|gh₵/],
  ['PEN', /\bsoles\b|\bpen\b|\bs\/\.?/],
  ['GTQ', /\bquetzales\b|\bgtq\b/],
  ['HNL', /\blempiras?\b|\bhnl\b/],
  ['BOB', /\bbolivianos\b|\bbob\b/],
  ['MAD', /\bdirhams?\b|\bmad\b/],
  ['AOA', /\bkwanzas?\b|\baoa\b/],
  ['MZN', /\bmeticais\b|\bmetical\b|\bmzn\b/],
  ['CVE', /\bescudos?\b|\bcve\b/],
  ['HTG', /\bgourdes?\b|\bhtg\b/],
  ['UAH', /\bhryvnias?\b|\buah\b/],
  ['VND', /\bdong\b|\bvnd\b|₫/],
];

/** Words that name a currency of several countries: which one depends on where the applicant lives. */
const SHARED_WORDS = /\bpesos?\b|\blucas?\b|\bfrancs?\b|\bfrancos?\b|\$/;

/** Each country whose own currency is in the rate table (and the dollar's own countries), by ISO code. */
const EURO = ['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK'];
const XOF = ['SN', 'CI', 'ML', 'BF', 'BJ', 'TG', 'NE', 'GW', 'CM', 'GA', 'CG', 'TD', 'CF', 'GQ'];
const OWN: Record<string, string> = {
  ...Object.fromEntries(EURO.map((c) => [c, 'EUR'])),
  ...Object.fromEntries(XOF.map((c) => [c, 'XOF'])),
  US: 'USD', EC: 'USD', SV: 'USD', PA: 'USD', PR: 'USD', TL: 'USD', FM: 'USD', MH: 'USD', PW: 'USD', ZW: 'USD',
  GB: 'GBP', CA: 'CAD', CH: 'CHF', LI: 'CHF', MX: 'MXN', CO: 'COP', PE: 'PEN', AR: 'ARS', CL: 'CLP', GT: 'GTQ',
  HN: 'HNL', DO: 'DOP', UY: 'UYU', BO: 'BOB', BR: 'BRL', NG: 'NGN', GH: 'GHS', KE: 'KES', IN: 'INR', PH: 'PHP',
  VN: 'VND', EG: 'EGP', UA: 'UAH', MA: 'MAD', AO: 'AOA', MZ: 'MZN', CV: 'CVE', HT: 'HTG',
};
/** Where "pesos" are the local money, and where "$" is the local money (pesos, other dollars), not the U.S. dollar. */
const PESOS = new Set(['MX', 'CO', 'AR', 'CL', 'UY', 'DO', 'PH', 'CU']);
const PESO_DOLLAR_SIGN = new Set([...PESOS, 'CA', 'AU', 'NZ', 'HK', 'SG', 'TW', 'JM', 'TT', 'BS', 'BB', 'BZ', 'GY', 'SR', 'LR', 'NA', 'FJ']);
const FRANCS = new Set([...XOF, 'CH', 'LI']);

/** The money of the country the applicant lives in: an ISO code, or undefined when unknown or not in the table. */
export const localCurrency = (country: string | undefined): string | undefined => (country ? OWN[country.toUpperCase()] : undefined);

/** The currency an answer names, read with the applicant's country for the words several countries share. */
export function currencySaid(text: string, country?: string): Said {
  const folded = fold(text);
  const found = WORDS.find(([, pattern]) => pattern.test(folded));
  const code = country?.toUpperCase();
  // A bare "$" is not among the words: it is the peso where pesos are written so.
  if (found) return { currency: found[0] };
  if (!SHARED_WORDS.test(folded)) return undefined;
  if (/\$/.test(folded)) return code && PESO_DOLLAR_SIGN.has(code) ? { currency: OWN[code] ?? 'unclear' } : { currency: 'USD' };
  if (/\bpesos?\b|\blucas?\b/.test(folded)) return code && PESOS.has(code) && OWN[code] ? { currency: OWN[code]! } : { currency: 'unclear' };
  return code && FRANCS.has(code) ? { currency: OWN[code]! } : { currency: 'unclear' };
}

/** An amount converted to U.S. dollars with the dated table, what it was said in and the rate used. */
export interface Converted {
  /** The amount as said, in its own currency. */
  amount: number;
  currency: string;
  /** U.S. dollars, whole. */
  usd: number;
  /** U.S. dollars for one unit of `currency`. */
  rate: number;
  /** The day the table's rates were taken (yyyy-mm-dd). */
  date: string;
}

export function toUsd(amount: number, currency: string): Converted | undefined {
  if (!convertible(currency)) return undefined;
  const usd = convert(amount, currency, 'USD');
  if (usd === null) return undefined;
  return { amount, currency, usd: Math.round(usd), rate: convert(1, currency, 'USD')!, date: RATES_DATE };
}
