import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Asked, type Reading } from '../../server/services/ai/reading/types';
import { FIELDS, TODAY, tenSectionFields } from '../fixtures/readings/table';

// Issue 42, the classes development table D's misses showed (tests/fixtures/readings/devD/), each tested on generated
// answers (lead-ins × values × languages), never on D's rows: what stores a wrong value comes first.

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const read = (asked: Asked, text: string, language: Language): Reading => readAnswer(asked, text, { language, today: TODAY });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);
const offered = (r: Reading) => (r.outcome === 'value' ? [r.value, ...(r.alternatives ?? [])] : []);
const TEN = tenSectionFields('2027-03-10');

/** How each language writes an amount: grouping marks, thousands said as a word. */
const AMOUNTS = ['1200', '1.200', '1,200', '3 400', '45 mil', '2k', '150,000', '1 500 000', '3.200,00', 'dos mil', 'deux mille', 'cinco mil'];
const LEAD_AMOUNT: Record<Language, string[]> = {
  en: ['', 'i make ', 'about ', 'my salary is ', 'around '],
  es: ['', 'gano ', 'como ', 'unos ', 'mi sueldo es de '],
  fr: ['', 'je gagne ', 'environ ', 'à peu près ', 'mon salaire est de '],
  pt: ['', 'ganho ', 'uns ', 'mais ou menos ', 'meu salário é '],
};
const CURRENCIES = [
  { before: '', after: ' pesos' }, { before: '', after: ' pesos mexicanos' }, { before: '', after: ' euros' }, { before: '', after: ' €' }, { before: '€', after: '' },
  { before: 'R$ ', after: '' }, { before: '', after: ' reais' }, { before: '', after: ' naira' }, { before: '₦', after: '' }, { before: '', after: ' FCFA' },
  { before: '', after: ' francs CFA' }, { before: '', after: ' pounds' }, { before: '£', after: '' }, { before: '', after: ' rupees' }, { before: '₹', after: '' },
  { before: '', after: ' kwanzas' }, { before: '', after: ' soles' }, { before: '', after: ' cedis' }, { before: '', after: ' dólares canadienses' }, { before: '', after: ' lucas' },
];

describe('the classes table D showed, on generated answers (issue 42)', () => {
  it('never stores nor offers a monthly salary said in another currency as that many U.S. dollars (spec 2: USD)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom(...AMOUNTS), fc.constantFrom(...CURRENCIES), fc.constantFrom('', ' al mes', ' par mois', ' por mês', ' a month'), (language, i, amount, { before, after }, per) => {
        const lead = LEAD_AMOUNT[language][i % LEAD_AMOUNT[language].length]!;
        const text = `${lead}${before}${amount}${after}${per}`;
        const r = read(FIELDS.salary!.asked, text, language);
        expect(offered(r), text).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('still stores a salary in U.S. dollars, or with no currency named', () => {
    for (const [text, value] of [['2500 dollars', '2500'], ['$3,000', '3000'], ['1.500 dólares', '1500'], ['4 000 dollars américains', '4000'], ['US$ 2.000', '2000'], ['2500', '2500']] as const)
      expect(stored(read(FIELDS.salary!.asked, text, 'es')), text).toBe(value);
  });
});
