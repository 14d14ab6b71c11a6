// Income in one currency and a trip priced in another (issue 42): an officer converts at the day's rate. The
// reader has no network, so it converts with this dated table and says which date's rates it used. Figures are
// U.S. dollars for one unit, rounded; a currency not in the table is never converted (no finding rather than a
// guess).

/** The day the table's rates were taken, said in the question. */
export const RATES_DATE = '2026-01-02';

const USD_PER_UNIT: Record<string, number> = {
  USD: 1, EUR: 1.17, GBP: 1.34, CAD: 0.73, CHF: 1.26,
  MXN: 0.055, COP: 0.00026, PEN: 0.29, ARS: 0.00069, CLP: 0.0011, GTQ: 0.13, HNL: 0.038, DOP: 0.016, UYU: 0.025,
  BOB: 0.145, BRL: 0.18, NGN: 0.00069, GHS: 0.093, KES: 0.0077, INR: 0.011, PHP: 0.017, VND: 0.000038, EGP: 0.021,
  UAH: 0.024, XOF: 0.0018, XAF: 0.0018, MAD: 0.11, AOA: 0.0011, MZN: 0.016, CVE: 0.0106, HTG: 0.0076,
};

/** `amount` of `from` in `to` by the table, or null when either currency is not in it. */
export function convert(amount: number, from: string, to: string): number | null {
  const a = USD_PER_UNIT[from.toUpperCase()];
  const b = USD_PER_UNIT[to.toUpperCase()];
  if (a === undefined || b === undefined) return null;
  return (amount * a) / b;
}

export const convertible = (currency: string) => USD_PER_UNIT[currency.toUpperCase()] !== undefined;
