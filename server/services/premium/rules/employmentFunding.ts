import type { ApplicantFacts } from '../facts/index';
import { convert } from '../rates';
import { finding, type Finding } from './types';

/** A trip costing more than this many months of declared income, paid by the applicant, needs explaining. */
export const INCOME_MONTHS = 3;
const NOT_WORKING = ['unemployed', 'student', 'retired', 'homemaker'];

/**
 * Employment against who pays and what is earned: an applicant with no job whose "employer" pays, an unemployed
 * or homemaker applicant declaring a salary, one paying alone with no income, a budget beyond what the income allows.
 */
export function employmentFunding(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  // No employer to pay: not working, or working for oneself.
  const noEmployer = f.standing && (NOT_WORKING.includes(f.standing.kind) || f.standing.kind === 'self-employed');
  if (noEmployer && f.payer?.kind === 'employer') out.push(finding('notWorkingEmployerPays', [{ fact: 'standing' }, { fact: 'payer' }]));
  // A homemaker has no pay from a job either; a student may, and a retiree's pension is often written as pay.
  if ((f.standing?.kind === 'unemployed' || f.standing?.kind === 'homemaker') && f.income?.salary) out.push(finding('notWorkingSalary', [{ fact: 'standing' }, { fact: 'income' }]));
  if (f.payer?.kind === 'self' && (f.standing?.kind === 'unemployed' || f.standing?.kind === 'student') && !f.income) {
    out.push(finding('selfPaysNoIncome', [{ fact: 'payer' }, { fact: 'standing' }]));
  }
  const paysAlone = !f.payer || f.payer.kind === 'self';
  const cost = f.budget && f.income ? budgetInIncomeCurrency(f.budget, f.income) : null;
  // A converted figure is only as good as the day's rate: it must exceed the income clearly, by a month more.
  const months = cost?.converted ? INCOME_MONTHS + 1 : INCOME_MONTHS;
  if (cost !== null && f.income && f.income.monthly > 0 && paysAlone && cost.amount > months * f.income.monthly) {
    const months = Math.round((cost.amount / f.income.monthly) * 10) / 10;
    out.push(finding('budgetOverIncome', [{ fact: 'budget' }, { fact: 'income' }], cost.converted ? { months, converted: Math.round(cost.amount) } : { months }));
  }
  return out;
}

/**
 * The trip's cost in the income's currency: as written when both are the same money (or one names none), else
 * converted by the dated table (pesos earned against a trip priced in dollars); null when the table lacks one.
 */
function budgetInIncomeCurrency(budget: NonNullable<ApplicantFacts['budget']>, income: NonNullable<ApplicantFacts['income']>): { amount: number; converted: boolean } | null {
  if (!budget.currency || !income.currency || budget.currency === income.currency) return { amount: budget.amount, converted: false };
  const amount = convert(budget.amount, budget.currency, income.currency);
  return amount === null ? null : { amount, converted: true };
}
