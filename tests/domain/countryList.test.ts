import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../machines/domain/countryList';

// Every country is an ISO 3166-1 alpha-2 code with its English name, judged against the Unicode CLDR names Node's
// ICU holds; where the product writes a name in common English usage (the visa rule matches on it), the table
// below says so.
const COMMON_USAGE: Record<string, string> = {
  AG: 'Antigua and Barbuda',
  BA: 'Bosnia and Herzegovina',
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  CI: 'Ivory Coast',
  CZ: 'Czech Republic',
  HK: 'Hong Kong',
  KN: 'Saint Kitts and Nevis',
  LC: 'Saint Lucia',
  MM: 'Myanmar',
  PS: 'Palestine',
  ST: 'Sao Tome and Principe',
  TR: 'Turkey',
  TT: 'Trinidad and Tobago',
  VC: 'Saint Vincent and Grenadines',
};
const CLDR = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

describe('the country list', () => {
  it('names each country by its ISO code, as CLDR writes it in English or in the common usage above', () => {
    for (const { code, name } of COUNTRIES) {
      expect(code, name).toMatch(/^[A-Z]{2}$/);
      expect(name, code).toBe(COMMON_USAGE[code] ?? CLDR.of(code));
    }
    for (const code of Object.keys(COMMON_USAGE)) expect(COUNTRIES.some((c) => c.code === code), code).toBe(true);
  });

  it('holds the sovereign states a passport comes from, Kosovo, Taiwan, Hong Kong and Palestine among them', () => {
    expect(COUNTRIES).toHaveLength(199);
    const codes = new Set(COUNTRIES.map((c) => c.code));
    for (const code of ['XK', 'TW', 'HK', 'PS', 'VA', 'US', 'SS', 'TL']) expect(codes.has(code), code).toBe(true);
  });

  it('is in alphabetical order, as the country select shows it', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
