import { describe, expect, it } from 'vitest';
import { employmentFunding } from '../../../server/services/premium/rules/employmentFunding';
import { f, found } from './facts';

// Rule: employment status against who pays and what is earned (issue 33).

const unemployed = { standing: { source: 'DESEMPLEADA', kind: 'unemployed' as const } };
const employee = { standing: { source: 'Acme', kind: 'employee' as const }, employer: { source: 'Acme' } };

describe('employmentFunding', () => {
  it.each([
    ['unemployed, the employer pays', f({ ...unemployed, payer: { source: 'EMPLEADOR ACTUAL', kind: 'employer' } }), ['notWorkingEmployerPays[standing,payer]']],
    ['a student whose "company" pays', f({ standing: { source: 'student', kind: 'student' }, payer: { source: 'my company', kind: 'employer' } }), ['notWorkingEmployerPays[standing,payer]']],
    ['retired, the employer pays', f({ standing: { source: 'RETIRED', kind: 'retired' }, payer: { source: 'PRESENT EMPLOYER', kind: 'employer' } }), ['notWorkingEmployerPays[standing,payer]']],
    ['employed, the employer pays', f({ ...employee, payer: { source: 'my employer', kind: 'employer' } }), []],
    ['unemployed with a salary declared', f({ ...unemployed, income: { source: '95,000 UAH', monthly: 95000, currency: 'UAH', salary: true } }), ['notWorkingSalary[standing,income]']],
    ['a homemaker with a monthly salary declared', f({ standing: { source: 'HOMEMAKER', kind: 'homemaker' }, income: { source: 'GHS 8,500', monthly: 8500, currency: 'GHS', salary: true } }), ['notWorkingSalary[standing,income]']],
    ['a student with a salary (students may work)', f({ standing: { source: 'student', kind: 'student' }, income: { source: '$900', monthly: 900, salary: true } }), []],
    ['retired with a pension written as pay', f({ standing: { source: 'RETIRED', kind: 'retired' }, income: { source: '900 USD', monthly: 900, currency: 'USD', salary: true } }), []],
    ['unemployed with rent income (not a salary)', f({ ...unemployed, income: { source: '500 USD', monthly: 500, salary: false }, payer: { source: 'self', kind: 'self' } }), []],
    ['unemployed, pays alone with no income', f({ ...unemployed, payer: { source: 'YO MISMA', kind: 'self' } }), ['selfPaysNoIncome[payer,standing]']],
    ['a student, parents pay', f({ standing: { source: 'estudiante', kind: 'student' }, payer: { source: 'mis padres', kind: 'family' } }), []],
    ['a budget of eleven months of income, paid alone', f({ ...employee, payer: { source: 'self', kind: 'self' }, budget: { source: '48.000.000 COP', amount: 48e6, currency: 'COP' }, income: { source: '4.200.000 COP', monthly: 4.2e6, currency: 'COP', salary: true } }), ['budgetOverIncome[budget,income]']],
    ['a budget of three months exactly', f({ ...employee, budget: { source: '9,000', amount: 9000 }, income: { source: '3,000', monthly: 3000, salary: true } }), []],
    ['a budget in dollars, the income in hryvnias: converted, 166 months', f({ ...employee, budget: { source: '4,000 USD', amount: 4000, currency: 'USD' }, income: { source: '1,000 UAH', monthly: 1000, currency: 'UAH', salary: true } }), ['budgetOverIncome[budget,income]']],
    ['a budget in dollars within two months of a salary in pesos', f({ ...employee, budget: { source: '2,000 USD', amount: 2000, currency: 'USD' }, income: { source: '20,000 MXN', monthly: 20000, currency: 'MXN', salary: true } }), []],
    ['a currency the table does not hold is never converted', f({ ...employee, budget: { source: '4,000 USD', amount: 4000, currency: 'USD' }, income: { source: '1,000 XYZ', monthly: 1000, currency: 'XYZ', salary: true } }), []],
    ['a large budget someone else pays', f({ ...employee, payer: { source: 'my parents', kind: 'family' }, budget: { source: '$20,000', amount: 20000 }, income: { source: '$1,000', monthly: 1000, salary: true } }), []],
    ['nothing about money', f({ ...employee }), []],
  ])('%s', (_, facts, expected) => {
    expect(found(employmentFunding(facts))).toEqual(expected);
  });

  it('says how many months of income the budget is', () => {
    const [x] = employmentFunding(f({ budget: { source: 'b', amount: 10000 }, income: { source: 'i', monthly: 2000, salary: true } }));
    expect(x?.values).toEqual({ months: 5 });
  });

  it('converts by the dated table and says the converted figure', () => {
    // 5,000 USD at 0.055 USD a peso is 90,909 MXN: 4.5 months of 20,000.
    const [x] = employmentFunding(f({ budget: { source: 'b', amount: 5000, currency: 'USD' }, income: { source: 'i', monthly: 20000, currency: 'MXN', salary: true } }));
    expect(x?.values).toEqual({ months: 4.5, converted: 90909 });
  });
});
