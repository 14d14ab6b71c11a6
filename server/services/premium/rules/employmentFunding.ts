import type { ApplicantFacts } from '../facts/index';
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
  const sameMoney = !f.budget?.currency || !f.income?.currency || f.budget.currency === f.income.currency;
  const paysAlone = !f.payer || f.payer.kind === 'self';
  if (f.budget && f.income && sameMoney && paysAlone && f.budget.amount > INCOME_MONTHS * f.income.monthly) {
    out.push(finding('budgetOverIncome', [{ fact: 'budget' }, { fact: 'income' }], { months: Math.round((f.budget.amount / f.income.monthly) * 10) / 10 }));
  }
  return out;
}
