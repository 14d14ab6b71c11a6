import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure } from '../../server/services/ai/reading/types';
import type { Language } from '../../server/services/ai/builtin/text';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// Answers found while fixing the third table's misses that a rule could turn into a wrong value: each is stored as
// written here, or not stored at all.

/** `language field | answer | =stored`, or `?` where nothing may be stored. */
const TABLE = `
en first-name | Ana, no middle name | =Ana
en first-name | Dr. John Smith | ?
en last-name | Smith, no, Smyth | =Smyth
en email | ana@gmail.com, no wait, ana@hotmail.com | =ana@hotmail.com
fr phone | +33 6 12 34 56 78, non attendez, +33 6 12 34 56 79 | =+33612345679
fr arrival | 15 juillet ou 16 | ?
es arrival | el 15 o el 16 de julio | ?
en arrival | around July 15 | ?
fr arrival | d'ici deux semaines | =2026-05-24
en departure | I'll stay a month | ?
es departure | el 30, no, el 31 de julio | =2026-07-31
es birth-date | mi cumpleaños es el 5 de mayo de 1990 | =1990-05-05
fr birth-date | trente et un mars 1975 | =1975-03-31
pt marital | vivo com minha namorada | ?
fr marital | pas encore mariée | ?
en marital | never been married | ?
en eligibility | no comment | ?
en eligibility | not that I recall | ?
fr eligibility | non, sauf une amende | ?
es eligibility | nunca más | =No
es eligibility | sí, solo una vez | =Yes
en passport | passport A 1234567 | ?
es passport | el número es 654321 y vence en 2030 | =654321
es salary | 2 millones de pesos | ?
en salary | 50 | ?
es address | Calle 5, No. 23, Bogotá | =Calle 5, No. 23, Bogotá
es address | Calle 5 No 23, sorry, Calle 6 No 23 | =Calle 6 No 23
es us-address | la misma dirección de mi hermana en Miami | ?
`;

const CASES = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [head, text, expected] = line.split(' | ') as [string, string, string];
    const [language, field] = head.split(' ') as [Language, string];
    return [field, text, language, expected === '?' ? undefined : expected.slice(1)] as const;
  });

describe('readings that must not turn into a wrong value', () => {
  it.each(CASES)('%s "%s" (%s)', (field, text, language, stored) => {
    const reading = readAnswer(FIELDS[field]!.asked, text, { language, today: TODAY });
    expect(isSure(reading) ? reading.value : undefined).toBe(stored);
  });
});
