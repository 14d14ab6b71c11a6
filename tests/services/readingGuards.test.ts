import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure } from '../../server/services/ai/reading/types';
import type { Language } from '../../server/services/ai/builtin/text';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// Answers found while fixing the third table's misses that a rule could turn into a wrong value: each is stored as
// written here, or (undefined) not stored at all.

const CASES: Array<[field: string, text: string, language: Language, stored: string | undefined]> = [
  ['first-name', 'Ana, no middle name', 'en', 'Ana'],
  ['first-name', 'Dr. John Smith', 'en', undefined],
  ['last-name', 'Smith, no, Smyth', 'en', 'Smyth'],
  ['email', 'ana@gmail.com, no wait, ana@hotmail.com', 'en', 'ana@hotmail.com'],
  ['phone', '+33 6 12 34 56 78, non attendez, +33 6 12 34 56 79', 'fr', '+33612345679'],
  ['arrival', '15 juillet ou 16', 'fr', undefined],
  ['arrival', 'el 15 o el 16 de julio', 'es', undefined],
  ['arrival', 'around July 15', 'en', undefined],
  ['arrival', "d'ici deux semaines", 'fr', '2026-05-24'],
  ['departure', "I'll stay a month", 'en', undefined],
  ['departure', 'el 30, no, el 31 de julio', 'es', '2026-07-31'],
  ['birth-date', 'mi cumpleaños es el 5 de mayo de 1990', 'es', '1990-05-05'],
  ['birth-date', 'trente et un mars 1975', 'fr', '1975-03-31'],
  ['marital', 'vivo com minha namorada', 'pt', undefined],
  ['marital', 'pas encore mariée', 'fr', undefined],
  ['marital', 'never been married', 'en', undefined],
  ['eligibility', 'no comment', 'en', undefined],
  ['eligibility', 'not that I recall', 'en', undefined],
  ['eligibility', 'non, sauf une amende', 'fr', undefined],
  ['eligibility', 'nunca más', 'es', 'No'],
  ['eligibility', 'sí, solo una vez', 'es', 'Yes'],
  ['passport', 'passport A 1234567', 'en', undefined],
  ['passport', 'el número es 654321 y vence en 2030', 'es', '654321'],
  ['salary', '2 millones de pesos', 'es', '2000000'],
  ['salary', '50', 'en', undefined],
  ['address', 'Calle 5, No. 23, Bogotá', 'es', 'Calle 5, No. 23, Bogotá'],
  ['address', 'Calle 5 No 23, sorry, Calle 6 No 23', 'es', 'Calle 6 No 23'],
  ['us-address', 'la misma dirección de mi hermana en Miami', 'es', undefined],
];

describe('readings that must not turn into a wrong value', () => {
  it.each(CASES)('%s "%s" (%s)', (field, text, language, stored) => {
    const reading = readAnswer(FIELDS[field]!.asked, text, { language, today: TODAY });
    expect(isSure(reading) ? reading.value : undefined).toBe(stored);
  });
});
