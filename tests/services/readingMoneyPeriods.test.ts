import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure } from '../../server/services/ai/reading/types';
import { readFacts } from '../../server/services/premium/facts/index';
import { TODAY } from '../fixtures/readings/table';

// Issue 42: an amount, its currency and its period are one reading, in the four languages ("gano como 95 mil pesos
// al mes" lost its month, "45k/yr" was stored as 45,000 a month). Generated: any amount, with or without a scale
// (mil, k, thousand), any currency word, any period as each language says it; the chat's reader and the premium
// reader give the same month's figure and quote the amount with its currency and period.

type Period = 'month' | 'year' | 'fortnight' | 'week' | 'day' | 'hour';
const PERIODS: Record<Language, Array<[Period, string]>> = {
  en: [['month', 'a month'], ['month', 'per month'], ['month', '/month'], ['month', 'monthly'], ['year', 'a year'], ['year', 'per year'], ['year', '/yr'], ['year', 'annually'], ['year', 'per annum'], ['week', 'a week'], ['week', '/wk'], ['fortnight', 'every two weeks'], ['fortnight', 'biweekly'], ['day', 'a day'], ['hour', '/hr'], ['hour', 'an hour']],
  es: [['month', 'al mes'], ['month', 'por mes'], ['month', 'mensuales'], ['month', '/mes'], ['year', 'al año'], ['year', 'anuales'], ['year', 'por año'], ['week', 'a la semana'], ['week', 'semanales'], ['fortnight', 'a la quincena'], ['fortnight', 'quincenales'], ['day', 'al día'], ['hour', 'la hora'], ['hour', 'por hora']],
  fr: [['month', 'par mois'], ['month', '/mois'], ['month', 'mensuels'], ['year', 'par an'], ["year", "l'an"], ['year', 'annuels'], ['year', '/an'], ['week', 'par semaine'], ['fortnight', 'par quinzaine'], ['day', 'par jour'], ['hour', "de l'heure"], ['hour', '/h']],
  pt: [['month', 'por mês'], ['month', 'ao mês'], ['month', 'mensais'], ['year', 'por ano'], ['year', 'ao ano'], ['year', 'anuais'], ['week', 'por semana'], ['fortnight', 'por quinzena'], ['fortnight', 'quinzenais'], ['day', 'por dia'], ['hour', 'por hora']],
};
const LEADS: Record<Language, string[]> = { en: ['', 'I make ', 'I earn ', 'about '], es: ['', 'gano como ', 'gano ', 'unos '], fr: ['', 'je gagne ', 'je touche environ ', 'environ '], pt: ['', 'ganho ', 'recebo uns ', 'uns '] };
const CURRENCIES: Record<Language, string[]> = { en: ['', 'dollars', 'USD', 'euros'], es: ['', 'pesos', 'dólares', 'euros'], fr: ['', 'euros', 'dollars', 'EUR'], pt: ['', 'reais', 'euros', 'dólares'] };
const PER_MONTH: Record<Exclude<Period, 'day' | 'hour'>, number> = { month: 1, year: 1 / 12, week: 52 / 12, fortnight: 26 / 12 };

const said = fc.constantFrom<Language>('en', 'es', 'fr', 'pt').chain((language) =>
  fc.record({
    language: fc.constant(language),
    lead: fc.constantFrom(...LEADS[language]),
    base: fc.integer({ min: 12, max: 950 }),
    scale: fc.constantFrom<Array<[string, number]>>(['', 1], [' mil', 1000], ['k', 1000], [' thousand', 1000]).filter(([w]) => w !== ' thousand' || language === 'en'),
    currency: fc.constantFrom(...CURRENCIES[language]),
    period: fc.constantFrom(...PERIODS[language]),
  }),
);

describe('an amount with its currency and period is one reading (issue 42)', () => {
  it("the chat's reader counts the period into a month's figure, quotes it, and never stores another period's amount", () => {
    fc.assert(
      fc.property(said, ({ language, lead, base, scale: [word, times], currency, period: [period, words] }) => {
        const amount = `${base}${word}${currency ? ` ${currency}` : ''}`;
        const text = `${lead}${amount} ${words}`.replace(/ \//, '/');
        const r = readAnswer({ field: 'monthly-income', kind: 'amount' }, text, { language, today: TODAY });
        if (period === 'day' || period === 'hour') {
          expect(isSure(r), text).toBe(false);
          return;
        }
        expect(r.outcome, text).toBe('value');
        if (r.outcome !== 'value') return;
        expect(Math.abs(Number(r.value) - base * times * PER_MONTH[period]), text).toBeLessThanOrEqual(0.5 + 1e-9);
        // Only a month's figure said as such may be stored; any other is converted, shown back and asked.
        if (period !== 'month') expect(isSure(r), text).toBe(false);
        expect(r.quote?.endsWith(text.slice(text.length - words.length)), `${text} quoted ${r.quote}`).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("the premium reader's income holds the same month's figure and quotes the period", () => {
    fc.assert(
      fc.property(said, ({ language, base, scale: [word, times], currency, period: [period, words] }) => {
        fc.pre(period !== 'day' && period !== 'hour' && (word !== '' || base >= 100));
        const verb = { en: 'I earn', es: 'gano como', fr: 'je gagne', pt: 'ganho' }[language];
        const text = `${verb} ${base}${word}${currency ? ` ${currency}` : ''} ${words}`.replace(/ \//, '/');
        const income = readFacts(`${text}.`).income;
        // Rounded to the unit either way of a half (945 a fortnight is 2047.5 a month).
        expect(Math.abs((income?.monthly ?? NaN) - base * times * PER_MONTH[period]), text).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(income?.source.endsWith(words.replace(/^\//, '/')), `${text} quoted ${income?.source}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the cases the issue found', () => {
    const chat = (text: string, language: Language) => readAnswer({ field: 'monthly-income', kind: 'amount' }, text, { language, today: TODAY });
    expect(chat('gano como 95 mil pesos al mes', 'es')).toMatchObject({ value: '95000', quote: '95 mil pesos al mes' });
    expect(chat('45k/yr', 'en')).toMatchObject({ value: '3750', quote: '45k/yr' });
    expect(isSure(chat('45k/yr', 'en'))).toBe(false);
    expect(readFacts('gano como 95 mil pesos al mes.').income).toMatchObject({ monthly: 95000, source: '95 mil pesos al mes' });
    expect(readFacts('I earn 45k/yr as a nurse.').income).toMatchObject({ monthly: 3750, source: '45k/yr' });
  });
});
