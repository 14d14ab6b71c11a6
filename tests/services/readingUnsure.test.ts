import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure } from '../../server/services/ai/reading/types';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// A class of answer: a value the applicant is not sure of, or a place near it. A careful clerk reads it back and
// asks; nothing is stored on a guess. Development cases of our own: any such phrase, before or after any value of
// an exact field, in the four languages.

const VALUES: Record<string, string[]> = {
  passport: ['X4821937', 'PA1234567', 'AB998877'],
  email: ['marta.lopez@gmail.com', 'j.dupont@orange.fr', 'rui.s@sapo.pt'],
  city: ['Guadalajara', 'Toulouse', 'Braga', 'Leeds'],
  'birth-date': ['12/03/1985', '1990-07-21', '3 mars 1979'],
  arrival: ['15/07/2026', '2026-08-02'],
  address: ['Calle Mayor 12, 3B', '14 rue des Lilas', 'Rua Augusta 45'],
  'first-name': ['Rebecca', 'Diego', 'Olivier'],
};

const UNSURE: Record<Language, { before: string[]; after: string[] }> = {
  en: { before: ['i think it is ', 'maybe ', 'probably ', 'not sure but ', 'somewhere near ', 'around '], after: [' i think', ', let me check', ' but not sure', ' i guess'] },
  es: { before: ['creo que es ', 'tal vez ', 'a lo mejor ', 'no estoy segura pero ', 'cerca de ', 'me parece que '], after: [' creo', ', déjame revisar', ' no estoy seguro', ' si mal no recuerdo'] },
  fr: { before: ['je crois que c’est ', 'peut-être ', 'je pense ', 'pas sûr mais ', 'près de ', 'il me semble que c’est '], after: [' je crois', ', je dois vérifier', ' je pense', ' si je me souviens bien'] },
  pt: { before: ['acho que é ', 'talvez ', 'não tenho certeza mas ', 'perto de ', 'se não me engano '], after: [' acho', ', tenho que conferir', ' provavelmente', ' se não me engano'] },
};

describe('an answer the applicant is not sure of (issue 42, a class of answer)', () => {
  it('is never stored, whatever the field, the language, or where the doubt is said', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(VALUES)), fc.constantFrom<Language>('en', 'es', 'fr', 'pt'), fc.boolean(), fc.nat(), fc.nat(), (field, language, before, i, j) => {
        const values = VALUES[field]!;
        const v = values[i % values.length]!;
        const phrases = before ? UNSURE[language].before : UNSURE[language].after;
        const p = phrases[j % phrases.length]!;
        const text = before ? `${p}${v}` : `${v}${p}`;
        expect(isSure(readAnswer(FIELDS[field]!.asked, text, { language, today: TODAY })), `${field} ${language}: ${text}`).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('the same values said plainly are still stored', () => {
    for (const [field, values] of Object.entries(VALUES)) {
      if (field === 'address' || field === 'birth-date') continue;
      for (const v of values) expect(isSure(readAnswer(FIELDS[field]!.asked, v, { language: 'en', today: TODAY })), `${field}: ${v}`).toBe(true);
    }
  });
});
