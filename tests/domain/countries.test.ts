import { describe, expect, it } from 'vitest';
import { COUNTRIES, flagOf, QUICK_PICKS, findCountry, searchCountries } from '../../machines/domain/countries';

describe('the country list', () => {
  it('holds about 190 countries with unique codes and names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
  });

  it('has the five quick picks', () => {
    expect(QUICK_PICKS).toEqual(['Spain', 'Mexico', 'Dominican Republic', 'Colombia', 'Argentina']);
    for (const name of QUICK_PICKS) expect(findCountry(name)).toBeDefined();
  });

  it('makes flags from regional indicators', () => {
    expect(flagOf('ES')).toBe('🇪🇸');
    expect(flagOf('mx')).toBe('🇲🇽');
  });
});

describe('the typeahead', () => {
  it('matches case-insensitive substrings', () => {
    expect(searchCountries('SPA').map((c) => c.name)).toEqual(['Spain']);
    expect(searchCountries('land').map((c) => c.name)).toContain('Finland');
    expect(searchCountries('land').map((c) => c.name)).toContain('New Zealand');
  });

  it('returns at most 10 matches', () => {
    expect(searchCountries('a')).toHaveLength(10);
  });

  it('returns nothing for an empty query or an unknown country', () => {
    expect(searchCountries('   ')).toEqual([]);
    expect(searchCountries('atlantis')).toEqual([]);
  });

  it('also matches the localised name, ignoring accents', () => {
    const spanish: Record<string, string> = { MX: 'México', ES: 'España' };
    const names = searchCountries('espa', (c) => spanish[c.code] ?? c.name).map((c) => c.name);
    expect(names).toEqual(['Spain']);
    expect(searchCountries('mexico', (c) => spanish[c.code] ?? c.name).map((c) => c.name)).toEqual(['Mexico']);
  });
});
