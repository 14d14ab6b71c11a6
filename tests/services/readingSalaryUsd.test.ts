import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { step } from '../../server/services/ai/chats/conversation';
import { BuiltinEngine } from '../../server/services/ai/engine';
import { askedOfQuestion } from '../../server/services/ai/reading/asked';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, SURE, type Reading } from '../../server/services/ai/reading/types';
import { convert, RATES_DATE } from '../../server/services/premium/rates';
import { getCatalog } from '../../machines/domain/catalogs/index';

// The lead's decision (README, decisions): the DS-160 wizard's monthly-salary is in U.S. dollars (spec 2). Said in
// dollars it is stored; said in other money, or bare from a country whose money is not the dollar, it is converted
// with the dated rate table and offered, stored only after a tap; money the table cannot convert is asked.

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const question = getCatalog('ds160').questions.find((q) => q.id === 'monthly-salary')!;
const asked = (homeCountry?: string) => askedOfQuestion(question, homeCountry ? { homeCountry } : {});
const today = new Date('2026-11-29T12:00:00Z');
const read = (text: string, language: Language, homeCountry?: string): Reading => readAnswer(asked(homeCountry), text, { language, today });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);
const offered = (r: Reading) => (r.outcome === 'value' && r.confidence < SURE ? r.value : undefined);

const LEAD: Record<Language, string[]> = {
  en: ['', 'about ', 'i make ', 'around ', 'my salary is '],
  es: ['', 'unos ', 'gano ', 'como ', 'mi sueldo es de '],
  fr: ['', 'environ ', 'je gagne ', 'à peu près ', 'mon salaire est de '],
  pt: ['', 'uns ', 'ganho ', 'cerca de ', 'meu salário é '],
};
const TAIL: Record<Language, string[]> = { en: ['', ' a month', ' monthly'], es: ['', ' al mes', ' mensuales'], fr: ['', ' par mois'], pt: ['', ' por mês'] };
/** Money said with its currency: how it is written, and the table's code. */
const MONEY: Array<[(n: string) => string, string]> = [
  [(n) => `R$ ${n}`, 'BRL'], [(n) => `${n} reais`, 'BRL'], [(n) => `${n} euros`, 'EUR'], [(n) => `${n} €`, 'EUR'], [(n) => `€${n}`, 'EUR'],
  [(n) => `${n} naira`, 'NGN'], [(n) => `${n} FCFA`, 'XOF'], [(n) => `${n} CFA`, 'XOF'], [(n) => `£${n}`, 'GBP'], [(n) => `${n} pounds`, 'GBP'],
  [(n) => `${n} pesos mexicanos`, 'MXN'], [(n) => `${n} soles`, 'PEN'], [(n) => `${n} rupees`, 'INR'], [(n) => `${n} MXN`, 'MXN'], [(n) => `${n} kwanzas`, 'AOA'],
];
const DOLLARS: Array<(n: string) => string> = [(n) => `$${n}`, (n) => `${n} USD`, (n) => `US$ ${n}`, (n) => `${n} dollars`, (n) => `${n} dólares`, (n) => `${n} dolares`];
const amount = fc.integer({ min: 200, max: 9000 });

describe('monthly-salary in U.S. dollars (the lead\'s decision)', () => {
  it('never stores an amount said in other money; offers its dollars at the dated rate', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), fc.constantFrom(...MONEY), amount, (language, i, j, [write, code], n) => {
        const text = `${LEAD[language][i % LEAD[language].length]!}${write(String(n))}${TAIL[language][j % TAIL[language].length]!}`;
        const r = read(text, language);
        expect(stored(r), text).toBeUndefined();
        expect(offered(r), text).toBe(String(Math.round(convert(n, code, 'USD')!)));
      }),
      { numRuns: 200 },
    );
  }, 30_000);

  it('stores an amount said in dollars, wherever the applicant lives', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.constantFrom(...DOLLARS), amount, fc.constantFrom(undefined, 'US', 'BR', 'FR', 'NG'), (language, i, write, n, home) => {
        const text = `${LEAD[language][i % LEAD[language].length]!}${write(String(n))}`;
        expect(stored(read(text, language, home)), text).toBe(String(n));
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('offers a bare amount from a country whose money is not the dollar in dollars; stores it where it is', () => {
    const homes: Array<[string, string]> = [['BR', 'BRL'], ['FR', 'EUR'], ['NG', 'NGN'], ['SN', 'XOF'], ['PE', 'PEN'], ['GB', 'GBP'], ['PT', 'EUR']];
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.constantFrom(...homes), amount, (language, [home, code], n) => {
        const r = read(String(n), language, home);
        expect(stored(r)).toBeUndefined();
        expect(offered(r)).toBe(String(Math.round(convert(n, code, 'USD')!)));
      }),
      { numRuns: 100 },
    );
    for (const home of ['US', 'EC', 'SV', 'PA', undefined]) expect(stored(read('2500', 'es', home)), home).toBe('2500');
    // "$" is the peso where pesos are written so; money the table lacks is asked, nothing offered.
    expect(offered(read('$15,000', 'es', 'MX'))).toBe(String(Math.round(convert(15000, 'MXN', 'USD')!)));
    for (const [text, home] of [['45 mil pesos', undefined], ['30 lucas', undefined], ['3000 francs', undefined], ['250000', 'JP']] as const) {
      const r = read(text, 'es', home);
      expect(stored(r), text).toBeUndefined();
      expect(offered(r), text).toBeUndefined();
    }
  });

  it('offers a yearly or weekly figure as a month\'s', () => {
    expect(offered(read('60k a year', 'en'))).toBe('5000');
    expect(offered(read('gano 24.000 al año', 'es'))).toBe('2000');
    expect(offered(read('600 dollars a week', 'en'))).toBe('2600');
    expect(offered(read('100 par jour', 'fr'))).toBeUndefined();
  });

  it('says the amount, the dollars, the rate and its date, and a tap stores the dollars', async () => {
    const engine = new BuiltinEngine();
    for (const language of LANGUAGES) {
      const base = { engine, asked: asked(), language, today };
      const first = await step({ ...base, text: 'R$ 3.400', pending: null });
      expect(first.kind).toBe('confirm');
      if (first.kind !== 'confirm') continue;
      expect(first.clarify).toContain('BRL');
      expect(first.clarify).toContain('612');
      expect(first.clarify).toMatch(/2026/);
      expect(first.clarify).not.toContain('{{');
      const tap = await step({ ...base, text: first.quick[0]!, pending: first.pending });
      expect(tap.kind === 'stored' && tap.value).toBe('612');
    }
    expect(RATES_DATE).toBe('2026-01-02');
  });
});

describe('dollars that are not U.S. dollars, and millions written short', () => {
  it('reads "$" as the local dollar or peso where it is one, and "1.2m" as a million', () => {
    const read = (text: string, homeCountry?: string) => readAnswer(asked(homeCountry), text, { language: 'en', today });
    const offeredOf = (r: Reading) => (r.outcome === 'value' && r.confidence < SURE ? r.value : undefined);
    expect(offeredOf(read('4 500 $', 'CA'))).toBe(String(Math.round(convert(4500, 'CAD', 'USD')!)));
    expect(offeredOf(read('1.2m naira'))).toBe(String(Math.round(convert(1_200_000, 'NGN', 'USD')!)));
    for (const home of ['AU', 'NZ', 'JM']) expect(read('$3000', home).outcome, home).toBe('notUnderstood');
    expect(isSure(read('US$ 3000', 'CA'))).toBe(true);
  });
});
