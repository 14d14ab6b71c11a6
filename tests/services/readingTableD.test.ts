import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Asked, type Reading } from '../../server/services/ai/reading/types';
import { FIELDS, TODAY, mapField, tenSectionFields } from '../fixtures/readings/table';

// Issue 42, the classes development table D's misses showed (tests/fixtures/readings/devD/), each tested on generated
// answers (lead-ins × values × languages), never on D's rows: what stores a wrong value comes first.

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const read = (asked: Asked, text: string, language: Language): Reading => readAnswer(asked, text, { language, today: TODAY });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);
const offered = (r: Reading) => (r.outcome === 'value' ? [r.value, ...(r.alternatives ?? [])] : []);
const TEN = tenSectionFields('2027-03-10');
const tableAsked = (field: string): Asked => mapField(field)!.asked;

describe('the classes table D showed, on generated answers (issue 42)', () => {
  /** Two payers named together, each the way a language says it. */
  const SHARED: Record<Language, string[]> = {
    en: ['half me half my {kin}', 'me and my {kin}', 'my {kin} and i', 'my {kin} and me', 'split between me and my {kin}', 'my company and my {kin}'],
    es: ['entre mi {kin} y yo', 'mitad yo mitad mi {kin}', 'yo y mi {kin}', 'mi empresa y mi {kin}'],
    fr: ['moi et mon {kin}', 'mon {kin} et moi', 'moitié moi moitié mon {kin}', 'mon entreprise et mon {kin}'],
    pt: ['eu e meu {kin}', 'meu {kin} e eu', 'metade eu metade meu {kin}', 'a empresa e meu {kin}'],
  };
  const PAYER_KIN: Record<Language, string[]> = { en: ['brother', 'father', 'parents', 'uncle', 'friend'], es: ['hermano', 'padre', 'tío', 'amigo'], fr: ['frère', 'père', 'oncle', 'ami'], pt: ['irmão', 'pai', 'tio', 'amigo'] };

  it('asks who pays when two payers are named together, never storing one of them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), (language, i, k) => {
        const text = SHARED[language][i % SHARED[language].length]!.replace('{kin}', PAYER_KIN[language][k % PAYER_KIN[language].length]!);
        expect(stored(read(TEN['who-pays']!.asked, text, language)), text).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('reads one payer named alone', () => {
    const cases: Array<[Language, string, string]> = [
      ['en', 'i pay for it myself', 'Self'], ['es', 'lo pago yo', 'Self'], ['fr', 'moi-même', 'Self'], ['pt', 'eu mesmo', 'Self'],
      ['en', 'my company', 'Employer'], ['es', 'la empresa paga todo', 'Employer'], ['fr', 'mon employeur', 'Employer'], ['pt', 'a empresa paga tudo', 'Employer'],
      ['en', 'my parents', 'Family/Friends'], ['es', 'mi hermano', 'Family/Friends'], ['fr', 'mon oncle', 'Family/Friends'], ['pt', 'meu pai', 'Family/Friends'],
    ];
    for (const [language, text, option] of cases) expect(stored(read(TEN['who-pays']!.asked, text, language)), text).toBe(option);
  });

  /** Cities people give for a country of birth, with their country: read as that country or asked, never another. */
  const CITIES: Array<[string, string]> = [
    ['Luanda', 'Angola'], ['Lima', 'Peru'], ['Quito', 'Ecuador'], ['Bogotá', 'Colombia'], ['Lagos', 'Nigeria'], ['Accra', 'Ghana'], ['Dakar', 'Senegal'], ['Abidjan', "Cote d'Ivoire"],
    ['Maputo', 'Mozambique'], ['Caracas', 'Venezuela'], ['Manila', 'Philippines'], ['Nairobi', 'Kenya'], ['Santiago', 'Chile'], ['Montevideo', 'Uruguay'], ['Asunción', 'Paraguay'],
    ['Guayaquil', 'Ecuador'], ['Medellín', 'Colombia'], ['Recife', 'Brazil'], ['Porto Alegre', 'Brazil'], ['Douala', 'Cameroon'], ['Kumasi', 'Ghana'], ['Rabat', 'Morocco'], ['Tunis', 'Tunisia'],
    ['Lyon', 'France'], ['Sevilla', 'Spain'], ['Braga', 'Portugal'], ['Ibadan', 'Nigeria'], ['Mombasa', 'Kenya'], ['Beira', 'Mozambique'], ['Huambo', 'Angola'],
  ];
  const BORN: Record<Language, string[]> = { en: ['', 'born in ', 'i was born in ', 'in '], es: ['', 'nací en ', 'en ', 'soy de '], fr: ['', 'je suis né à ', 'née à ', 'à '], pt: ['', 'nasci em ', 'em ', 'sou de '] };

  it('never stores another country for a city given as the country of birth', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom(...CITIES), (language, i, [city, country]) => {
        const text = `${BORN[language][i % BORN[language].length]!}${city}`;
        const value = stored(read(FIELDS['birth-country']!.asked, text, language));
        if (value !== undefined) expect(value, text).toBe(country);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('asks a lone M in Spanish and Portuguese (mujer / mulher or masculino), reads it in English and French', () => {
    for (const text of ['M', 'm', 'M.']) {
      for (const language of ['es', 'pt'] as const) expect(offered(read(FIELDS.gender!.asked, text, language)), `${language} ${text}`).toEqual([]);
      for (const language of ['en', 'fr'] as const) expect(stored(read(FIELDS.gender!.asked, text, language)), `${language} ${text}`).toBe('Male');
    }
  });
});
