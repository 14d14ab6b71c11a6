import type { ApplicantFacts } from '../facts/index';
import { finding, type Finding, type Side } from './types';

/** A stay this long, for someone with a job to go back to, is what an officer weighs against the job. */
export const LONG_STAY_DAYS = 90;

/**
 * Ties at home against a long stay or words of moving there (issue 42): a job beside three months away or more,
 * "I own my house" beside "I am selling my house to start a new life there", a job beside "I'll look for work there".
 * For a move, the tie the officer weighs first: property, children or a business, then the job, then the trip's
 * stated purpose (a visit beside a move).
 */
export function homeTies(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  const job: Side | null = f.employer ? { fact: 'employer' } : f.standing?.kind === 'employee' || f.standing?.kind === 'self-employed' ? { fact: 'standing' } : null;
  if (job && f.stay && f.stay.days >= LONG_STAY_DAYS) out.push(finding('tiesAgainstLongStay', [job, { fact: 'stay' }], { days: f.stay.days }));
  if (!f.moves?.length) return out;
  const tie = (f.ties ?? []).findIndex((t) => (t.kind === 'property' || t.kind === 'children' || t.kind === 'business' || t.kind === 'job') && !f.moves?.some((m) => m.source === t.source));
  const home: Side | null = tie >= 0 ? { fact: 'ties', index: tie } : job ?? (f.standing && f.standing.kind !== 'unemployed' ? { fact: 'standing' } : f.purpose ? { fact: 'purpose' } : null);
  if (home) out.push(finding('tiesAgainstMove', [home, { fact: 'moves', index: 0, quoted: true }]));
  return out;
}
