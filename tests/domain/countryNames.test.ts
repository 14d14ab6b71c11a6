import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry } from '../../machines/domain/countries';
import { COUNTRY_LANGUAGES, countryNameIn, countryOptions } from '../../machines/domain/countryNames';
import { countryName } from '../../machines/domain/ds160Sections';
import { isWaiverCountry, needsNoVisa } from '../../machines/domain/visaRules';

// Issue 45 item 1: every country list names countries in the interface language and takes back what a person
// types in it, accents and case ignored.

const language = fc.constantFrom(...COUNTRY_LANGUAGES);
const country = fc.constantFrom(...COUNTRIES);

/** Drops accents, or adds none, and shuffles case: what a person on a phone keyboard may type. */
const typedAs = (name: string) =>
  fc.tuple(fc.boolean(), fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }), fc.boolean()).map(([bare, upper, pad]) => {
    const letters = bare ? name.normalize('NFD').replace(/\p{M}/gu, '') : name;
    const cased = [...letters].map((ch, i) => (upper[i % upper.length] ? ch.toUpperCase() : ch.toLowerCase())).join('');
    return pad ? `  ${cased} ` : cased;
  });

describe('the localised country catalogue', () => {
  it('finds the examples a family types', () => {
    expect(findCountry('España')?.name).toBe('Spain');
    expect(findCountry('México')?.name).toBe('Mexico');
    expect(findCountry('mexico')?.name).toBe('Mexico');
    expect(findCountry('Brasil')?.name).toBe('Brazil');
    expect(findCountry('Royaume-Uni')?.name).toBe('United Kingdom');
    expect(findCountry('ESTADOS UNIDOS')?.name).toBe('United States');
    expect(findCountry('Atlantis')).toBeUndefined();
  });

  it('finds every country by its name in each of the four languages, however it is typed', () => {
    fc.assert(
      fc.property(
        country.chain((c) => language.chain((l) => typedAs(countryNameIn(c, l)).map((typed) => ({ c, typed })))),
        ({ c, typed }) => {
          expect(findCountry(typed)?.code).toBe(c.code);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('names no two countries alike in one language', () => {
    for (const l of COUNTRY_LANGUAGES) {
      const labels = countryOptions(l).map((o) => o.label.toLowerCase());
      expect(new Set(labels).size).toBe(COUNTRIES.length);
    }
  });

  it('shows names in the interface language, sorted as it sorts, and sends the English name', () => {
    const spanish = countryOptions('es');
    expect(spanish.find((o) => o.code === 'ES')).toEqual({ code: 'ES', label: 'España', value: 'Spain' });
    expect(countryOptions('fr').find((o) => o.code === 'GB')?.label).toBe('Royaume-Uni');
    expect(countryOptions('pt').find((o) => o.code === 'BR')?.label).toBe('Brasil');
    const collator = new Intl.Collator('es');
    for (let i = 1; i < spanish.length; i += 1) expect(collator.compare(spanish[i - 1]?.label ?? '', spanish[i]?.label ?? '')).toBeLessThanOrEqual(0);
    expect(new Set(spanish.map((o) => o.value))).toEqual(new Set(COUNTRIES.map((c) => c.name)));
  });

  it('keeps the visa rule and the DS-160 country check the same whichever language names the country', () => {
    fc.assert(
      fc.property(country, language, (c, l) => {
        const local = countryNameIn(c, l);
        expect(isWaiverCountry(local)).toBe(isWaiverCountry(c.name));
        expect(needsNoVisa(local)).toBe(needsNoVisa(c.name));
        expect(countryName(local)).toBe(c.name);
      }),
    );
    expect(isWaiverCountry('España')).toBe(true);
    expect(needsNoVisa('Estados Unidos')).toBe(true);
  });
});
