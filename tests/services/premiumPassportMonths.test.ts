import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42, round seven: a passport's issue and expiry written as months alone ('lo saqué en enero 2025 y vence enero
// 2035', 'issued 02/2024, expires 02/2029'), in four languages. The month it was issued is never its expiry.

type Lang = 'en' | 'es' | 'fr' | 'pt';
const MONTH_NAMES: Record<Lang, string[]> = {
  en: ['January', 'March', 'June', 'October'],
  es: ['enero', 'marzo', 'junio', 'octubre'],
  fr: ['janvier', 'mars', 'juin', 'octobre'],
  pt: ['janeiro', 'março', 'junho', 'outubro'],
};
const MONTH_NUMBERS = [1, 3, 6, 10];
const PASSPORT: Record<Lang, Array<(issued: string, expires: string) => string>> = {
  en: [(i, e) => `Passport issued ${i}, expires ${e}.`, (i, e) => `Got my passport in ${i}, it is valid until ${e}.`],
  es: [(i, e) => `Pasaporte: lo saqué en ${i} y vence ${e}.`, (i, e) => `Mi pasaporte fue emitido en ${i} y caduca en ${e}.`],
  fr: [(i, e) => `Passeport délivré en ${i}, expire en ${e}.`, (i, e) => `Mon passeport, délivré en ${i}, est valable jusqu'en ${e}.`],
  pt: [(i, e) => `Passaporte emitido em ${i}, vale até ${e}.`, (i, e) => `Tirei o passaporte em ${i} e ele vence em ${e}.`],
};
const TRIP: Record<Lang, string> = {
  en: 'I arrive on July 2, 2027 and return on July 20, 2027.',
  es: 'Llego el 2 de julio de 2027 y regreso el 20 de julio de 2027.',
  fr: "J'arrive le 2 juillet 2027 et je rentre le 20 juillet 2027.",
  pt: 'Chego dia 2 de julho de 2027 e volto dia 20 de julho de 2027.',
};
const month = (lang: Lang, m: number, year: number, numeric: boolean) => (numeric ? `${String(MONTH_NUMBERS[m]).padStart(2, '0')}/${year}` : `${MONTH_NAMES[lang][m]} ${year}`);

describe('a passport told in months (issue 42)', () => {
  const said = fc.record({ lang: fc.constantFrom<Lang>('en', 'es', 'fr', 'pt'), m: fc.nat(3), numeric: fc.boolean(), k: fc.nat(1), first: fc.boolean() });

  it('the month it was issued is not its expiry: a valid passport raises nothing', () => {
    fc.assert(
      fc.property(said, fc.integer({ min: 2018, max: 2026 }), ({ lang, m, numeric, k, first }, issued) => {
        const passport = PASSPORT[lang][k]!(month(lang, m, issued, numeric), month(lang, m, issued + 10, numeric));
        const text = (first ? [passport, TRIP[lang]] : [TRIP[lang], passport]).join('\n');
        const facts = readFacts(text);
        expect(facts.passportExpiry?.iso.slice(0, 4), text).toBe(String(issued + 10));
        expect(findingsOf(facts).map((f) => f.code), text).not.toContain('passportBeforeTrip');
      }),
      { numRuns: 100 },
    );
  });

  it('a passport that runs out before the trip is raised, quoting its expiry', () => {
    fc.assert(
      fc.property(said, fc.integer({ min: 2014, max: 2016 }), ({ lang, m, numeric, k, first }, issued) => {
        const expires = month(lang, m, issued + 10, numeric);
        const passport = PASSPORT[lang][k]!(month(lang, m, issued, numeric), expires);
        const text = (first ? [passport, TRIP[lang]] : [TRIP[lang], passport]).join('\n');
        const facts = readFacts(text);
        expect(facts.passportExpiry?.source, text).toBe(expires);
        expect(findingsOf(facts).map((f) => f.code), text).toContain('passportBeforeTrip');
      }),
      { numRuns: 100 },
    );
  });
});
