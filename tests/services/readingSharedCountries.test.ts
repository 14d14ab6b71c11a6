import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCountry } from '../../server/services/ai/reading/countries';

// A class of answer: a name two countries share ("Korea", "coreana", "Congo", "congolais"). Without the word that
// tells them apart the answer is read back with both and asked; with it, it is stored. Development cases of our own.

const OPEN = {
  korea: ['Korea', 'korean', 'soy coreana', 'Corea', 'je suis coréen', 'coreano', 'sou coreana', 'Coreia', 'KOREA', 'nacida en Corea'],
  congo: ['Congo', 'congolese', 'soy congoleño', 'je suis congolaise', 'congolês', 'né au Congo', 'CONGO', 'nasci no Congo'],
};
const SETTLED: Array<[string, string]> = [
  ['South Korea', 'South Korea'], ['Corea del Sur', 'South Korea'], ['Corée du Sud', 'South Korea'], ['Coreia do Sul', 'South Korea'], ['seoul, korea', 'South Korea'],
  ['North Korea', 'North Korea'], ['Corea del Norte', 'North Korea'],
  ['République démocratique du Congo', 'Democratic Republic of the Congo'], ['Congo Kinshasa', 'Democratic Republic of the Congo'], ['República Democrática del Congo', 'Democratic Republic of the Congo'], ['República Democrática do Congo', 'Democratic Republic of the Congo'], ['République du Congo', 'Republic of the Congo'],
  ['Congo-Brazzaville', 'Republic of the Congo'], ['Republic of the Congo', 'Republic of the Congo'],
];
const LEAD = ['', 'umm ', 'well ', 'bueno, ', 'alors ', 'então '];

describe('a name two countries share (issue 42, a class of answer)', () => {
  it('is asked with both countries, never stored, whatever is said around it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPEN.korea, ...OPEN.congo), fc.constantFrom(...LEAD), fc.boolean(), (said, lead, nationality) => {
        const r = readCountry(`${lead}${said}`, nationality);
        expect(r.outcome, said).toBe('value');
        if (r.outcome !== 'value') return;
        expect(r.confidence, said).toBeLessThan(0.8);
        expect([r.value, ...(r.alternatives ?? [])].sort(), said).toEqual(OPEN.korea.includes(said) ? ['North Korea', 'South Korea'] : ['Democratic Republic of the Congo', 'Republic of the Congo']);
      }),
    );
  });

  it('is stored when a word tells them apart', () => {
    for (const [said, country] of SETTLED) {
      const r = readCountry(said, false);
      expect(r.outcome === 'value' && r.confidence >= 0.8 ? r.value : undefined, said).toBe(country);
    }
  });
});

// Another class: two nationalities in one answer, where the question asks for one. Read back with both, never stored.
const PAIRS: Array<[string, string[]]> = [
  ['española y argentina', ['Argentina', 'Spain']], ['Irish and British', ['Ireland', 'United Kingdom']], ['mexicano y estadounidense', ['Mexico', 'United States']],
  ['française et marocaine', ['France', 'Morocco']], ['brasileira e portuguesa', ['Brazil', 'Portugal']], ['Irish/British', ['Ireland', 'United Kingdom']],
  ['franco-algérien', ['Algeria', 'France']], ['hispano-marroquí', ['Morocco', 'Spain']], ['luso-brasileira', ['Brazil', 'Portugal']], ['Italo-Argentine', ['Argentina', 'Italy']],
];

describe('two nationalities in one answer (issue 42, a class of answer)', () => {
  it('are read back with both at a nationality question, whatever is said before', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAIRS), fc.constantFrom('', 'soy ', 'je suis ', 'sou ', "I'm ", 'tengo doble nacionalidad: '), ([said, both], lead) => {
        const r = readCountry(`${lead}${said}`, true);
        expect(r.outcome, said).toBe('value');
        if (r.outcome !== 'value') return;
        expect(r.confidence, said).toBeLessThan(0.8);
        expect([r.value, ...(r.alternatives ?? [])].sort(), said).toEqual(both);
      }),
    );
  });

  it('a nationality and a place of residence is still the nationality', () => {
    for (const [said, country] of [['soy mexicana y vivo en España', 'Mexico'], ["I'm Irish but I live in France", 'Ireland'], ['je suis sénégalais, j’habite à Paris', 'Senegal']] as const) {
      const r = readCountry(said, true);
      expect(r.outcome === 'value' && r.confidence >= 0.8 ? r.value : undefined, said).toBe(country);
    }
  });
});
