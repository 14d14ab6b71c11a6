import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { askedOfQuestion } from '../../server/services/ai/reading/asked';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure } from '../../server/services/ai/reading/types';
import { getCatalog } from '../../machines/domain/catalogs/index';

// Issue 42 ("propose only what was said, the whole value"): two names joined by "and" in any language ("Ramírez y
// Soto", "Silva e Souza") are never stored as the first alone; the whole is offered.

const question = (id: string) => askedOfQuestion(getCatalog('ds160').questions.find((q) => q.id === id)!);
const AND: Record<Language, string> = { en: 'and', es: 'y', fr: 'et', pt: 'e' };
const LEAD: Record<Language, string[]> = { en: ['', 'both: ', 'my surnames are '], es: ['', 'los dos? ', 'mis apellidos son '], fr: ['', 'les deux : ', 'mes noms de famille sont '], pt: ['', 'os dois: ', 'meus sobrenomes são '] };
const SURNAMES = ['Ramírez', 'Soto', 'Silva', 'Souza', 'Dupont', 'Martin', 'Okafor', 'Nguyen', 'García', 'Pereira'];

describe('two names joined by "and"', () => {
  it('never stores the first alone; offers the whole in passport spelling', () => {
    fc.assert(
      fc.property(fc.constantFrom<Language>('en', 'es', 'fr', 'pt'), fc.nat(), fc.constantFrom(...SURNAMES), fc.constantFrom(...SURNAMES), fc.boolean(), (language, i, a, b, lower) => {
        fc.pre(a !== b);
        const said = `${a} ${AND[language]} ${b}`;
        const text = `${LEAD[language][i % LEAD[language].length]!}${lower ? said.toLowerCase() : said}`;
        const r = readAnswer(question('last-name'), text, { language, today: new Date('2026-11-29T12:00:00Z') });
        expect(isSure(r), text).toBe(false);
        const plain = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '');
        expect(r.outcome === 'value' && r.value, text).toBe(`${plain(a)} ${plain(b)}`);
      }),
      { numRuns: 150 },
    );
  }, 30_000);
});
