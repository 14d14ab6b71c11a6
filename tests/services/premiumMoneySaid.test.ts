import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { convert } from '../../server/services/premium/rates';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issue 42: income with its currency and period (a month, a year) and the trip's cost, each told in a sentence of
// several phrasings in four languages, set against each other by funding-beyond-income (a trip costing more than
// three months of income, four when converted). The phrasings are written from how people say these things, not
// from any test set.

type Lang = 'en' | 'es' | 'fr' | 'pt';
type Period = 'month' | 'year';
const LANGS: Lang[] = ['en', 'es', 'fr', 'pt'];

/** How the amount's thousands are written. */
type Style = 'space' | 'comma' | 'dot' | 'plain';
const fmt = (n: number, style: Style) => {
  const s = String(Math.round(n));
  if (style === 'plain' || s.length <= 3) return s;
  const sep = { space: ' ', comma: ',', dot: '.' }[style];
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
};
const CURRENCY_WORD: Record<string, Record<Lang, string>> = {
  EUR: { en: 'euros', es: 'euros', fr: 'euros', pt: 'euros' },
  MXN: { en: 'MXN', es: 'pesos mexicanos', fr: 'MXN', pt: 'MXN' },
  BRL: { en: 'BRL', es: 'reales', fr: 'BRL', pt: 'reais' },
  XOF: { en: 'CFA francs', es: 'francos CFA', fr: 'FCFA', pt: 'francos CFA' },
  USD: { en: 'dollars', es: 'dólares', fr: 'dollars', pt: 'dólares' },
};
const PER: Record<Lang, Record<Period, string[]>> = {
  en: { month: ['a month', 'per month'], year: ['a year', 'per year'] },
  es: { month: ['al mes', 'por mes'], year: ['al año', 'por año'] },
  fr: { month: ['par mois', 'par mois'], year: ['par an', 'par an'] },
  pt: { month: ['por mês', 'por mês'], year: ['por ano', 'por ano'] },
};
const ADJ: Record<Lang, Record<Period, string>> = {
  en: { month: 'monthly', year: 'annual' },
  es: { month: 'mensual', year: 'anual' },
  fr: { month: 'mensuel', year: 'annuel' },
  pt: { month: 'mensal', year: 'anual' },
};
/** An income: the amount with its currency (`m`), the period as words after it (`per`) or as an adjective (`adj`). */
const INCOME: Record<Lang, Array<(m: string, per: string, adj: string) => string>> = {
  en: [(m, per) => `I earn ${m} ${per}.`, (m, _p, adj) => `My ${adj} salary is ${m}.`, (m, per) => `My income is about ${m} ${per}.`],
  es: [(m, per) => `Gano ${m} ${per}.`, (m, _p, adj) => `Mi salario ${adj} es de ${m}.`, (m, per) => `Tengo un sueldo de ${m} ${per}.`],
  fr: [(m, per) => `Je gagne ${m} ${per}.`, (m, _p, adj) => `Mon salaire ${adj} est de ${m}.`, (m, per) => `J'ai un revenu de ${m} ${per}.`],
  pt: [(m, per) => `Ganho ${m} ${per}.`, (m, _p, adj) => `Meu salário ${adj} é de ${m}.`, (m, per) => `Recebo ${m} ${per}.`],
};
/** The trip's cost. */
const COST: Record<Lang, Array<(m: string) => string>> = {
  en: [(m) => `The whole trip will cost about ${m}.`, (m) => `All in all I'll spend around ${m}.`, (m) => `Flights and hotel come to ${m}, all paid by me.`],
  es: [(m) => `El viaje me cuesta unos ${m} en total.`, (m) => `Voy a gastar como ${m}.`, (m) => `El presupuesto del viaje es de ${m}.`],
  fr: [(m) => `Le voyage coûtera environ ${m}.`, (m) => `Les dépenses sur place, soit environ ${m}, sont à ma charge.`, (m) => `Mon budget total est de ${m}.`],
  pt: [(m) => `A viagem vai custar uns ${m}.`, (m) => `Vou gastar cerca de ${m}.`, (m) => `O orçamento da viagem é de ${m}.`],
};
const JOB: Record<Lang, string> = {
  en: 'I work as an accountant at Delta Foods.',
  es: 'Trabajo como contadora en Alimentos Delta.',
  fr: 'Je travaille comme comptable chez Delta Foods.',
  pt: 'Trabalho como contadora na Delta Foods.',
};
const money = (lang: Lang, amount: number, currency: string, style: Style) => `${fmt(amount, style)} ${CURRENCY_WORD[currency]![lang]}`;

const budgetOverIncome = (text: string) => findingsOf(readFacts(text)).find((f) => f.code === 'budgetOverIncome');

/** An applicant's income and the trip's cost, the cost `months` months of income, in its currency or in dollars. */
const said = (months: fc.Arbitrary<number>) =>
  fc
    .record({
      lang: fc.constantFrom(...LANGS),
      currency: fc.constantFrom('EUR', 'MXN', 'BRL', 'XOF'),
      inDollars: fc.boolean(),
      period: fc.constantFrom<Period>('month', 'year'),
      monthly: fc.integer({ min: 12, max: 60 }).map((n) => n * 100),
      months,
      k: fc.nat(5),
      style: fc.constantFrom<Style>('space', 'comma', 'dot', 'plain'),
      turn: fc.boolean(),
    })
    .map((x) => {
      // Amounts of a currency worth little are written larger: 1 200 EUR, 120 000 FCFA.
      const scale = x.currency === 'XOF' ? 100 : x.currency === 'MXN' ? 10 : 1;
      const monthly = x.monthly * scale;
      const income = x.period === 'year' ? monthly * 12 : monthly;
      const costLocal = monthly * x.months;
      const cost = x.inDollars ? Math.round((convert(costLocal, x.currency, 'USD') ?? costLocal) / 10) * 10 : costLocal;
      // Dot thousands are Spanish and Portuguese; an English writer uses commas.
      const style: Style = x.style === 'dot' && (x.lang === 'en' || x.lang === 'fr') ? 'comma' : x.style;
      const incomeLine = INCOME[x.lang][x.k % 3]!(money(x.lang, income, x.currency, style), PER[x.lang][x.period][x.k % 2]!, ADJ[x.lang][x.period]);
      const costLine = COST[x.lang][x.k % 3]!(money(x.lang, cost, x.inDollars ? 'USD' : x.currency, style));
      const lines = x.turn ? [JOB[x.lang], costLine, incomeLine] : [JOB[x.lang], incomeLine, costLine];
      return { ...x, incomeLine, costLine, text: lines.join('\n') };
    });

describe('income with its currency and period against the trip’s cost, told in sentences (issue 42)', () => {
  it('a trip costing well beyond the income raises funding-beyond-income quoting both', () => {
    fc.assert(
      fc.property(said(fc.integer({ min: 6, max: 12 })), (x) => {
        const facts = readFacts(x.text);
        const found = budgetOverIncome(x.text);
        expect(found, x.text).toBeDefined();
        expect(x.incomeLine.includes(facts.income!.source) && x.costLine.includes(facts.budget!.source), x.text).toBe(true);
      }),
      { numRuns: 250 },
    );
  });

  it('a trip within two months of income raises nothing, whatever the period or currency', () => {
    fc.assert(
      fc.property(said(fc.integer({ min: 1, max: 2 })), (x) => {
        expect(budgetOverIncome(x.text), x.text).toBeUndefined();
      }),
      { numRuns: 250 },
    );
  });

  it.each([
    ['My wife earns 3,000 euros a month.', 'someone else’s income'],
    ['Tengo ahorros de 250.000 pesos mexicanos.', 'savings'],
    ['The hotel costs 120 dollars a night.', 'a nightly rate'],
    ['Elle me paie 120 dollars par jour.', 'a daily pay'],
  ])('%s is no income of the applicant nor the trip’s cost (%s)', (line) => {
    const facts = readFacts(`${JOB.en}\n${line}`);
    expect(facts.income).toBeUndefined();
    expect(facts.budget).toBeUndefined();
  });
});
