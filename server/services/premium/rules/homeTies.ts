import type { ApplicantFacts } from '../facts/index';
import { finding, type Finding, type Side } from './types';

/**
 * Ties at home against words of moving there (issue 42): "I own my house" beside "I am selling my house to start a
 * new life there", a job beside "I'll look for work there". A long stay alone is the leave's question, asked by
 * stay-beyond-leave and worker-without-leave: a worker whose leave covers three months away has said nothing wrong.
 * For a move, the tie the officer weighs first: property, children or a business, then the job, then the trip's
 * stated purpose (a visit beside a move).
 */
export function homeTies(f: ApplicantFacts): Finding[] {
  if (!f.moves?.length) return [];
  // Giving up the home or the business beside a short visit: the visit told is what the officer sets against it.
  const givenUp = f.moves.findIndex((m) => m.givesUp);
  if (givenUp >= 0 && f.moves.every((m) => m.givesUp) && f.stay) return [finding('tiesAgainstMove', [{ fact: 'stay' }, { fact: 'moves', index: givenUp, quoted: true }])];
  const job: Side | null = f.employer ? { fact: 'employer' } : f.standing?.kind === 'employee' || f.standing?.kind === 'self-employed' ? { fact: 'standing' } : null;
  const tie = (f.ties ?? []).findIndex((t) => (t.kind === 'property' || t.kind === 'children' || t.kind === 'business' || t.kind === 'job') && !f.moves?.some((m) => m.source === t.source));
  const home: Side | null = tie >= 0 ? { fact: 'ties', index: tie } : job ?? (f.standing && f.standing.kind !== 'unemployed' ? { fact: 'standing' } : f.purpose ? { fact: 'purpose' } : null);
  return home ? [finding('tiesAgainstMove', [home, { fact: 'moves', index: 0, quoted: true }])] : [];
}
