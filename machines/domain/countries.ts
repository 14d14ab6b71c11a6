import { COUNTRIES, type Country } from './countryList';
import { countryByName } from './countryNames';

export { COUNTRIES, type Country };

export const MAX_COUNTRY_MATCHES = 10;

/** Spec 3-ai §2.1: the five quick picks of the start flow. */
export const QUICK_PICKS: readonly string[] = ['Spain', 'Mexico', 'Dominican Republic', 'Colombia', 'Argentina'];

/** Regional-indicator flag emoji from an ISO alpha-2 code (XK has no official flag sequence, it still renders as letters). */
export function flagOf(code: string): string {
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

/** The country named in any of the four languages ('España', 'royaume-uni') or by its ISO code. */
export function findCountry(name: string): Country | undefined {
  return countryByName(name);
}

/** Folds case and accents so 'mexico' finds 'México' in the localised names. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Case-insensitive substring match, at most 10 results (spec 3-ai §2.1).
 * `localName` lets the browser also match the name in the applicant's language.
 */
export function searchCountries(query: string, localName: (c: Country) => string = (c) => c.name): Country[] {
  const q = fold(query.trim());
  if (!q) return [];
  return COUNTRIES.filter((c) => fold(c.name).includes(q) || fold(localName(c)).includes(q)).slice(
    0,
    MAX_COUNTRY_MATCHES,
  );
}
