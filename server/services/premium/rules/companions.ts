import type { ApplicantFacts } from '../facts/index';
import { finding, type Finding } from './types';

/**
 * Who travels along (issue 42): companions declared as none beside a companion named is a contradiction; a
 * companion whose own visa was refused, or who has none yet, is a risk the officer probes (will they travel at all,
 * and will the applicant come back without them?).
 */
export function companions(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  const named = f.companions ?? [];
  const undeclared = named.findIndex((c) => !c.declared);
  if (f.companionsDeclared?.has === false && undeclared >= 0) out.push(finding('undeclaredCompanion', [{ fact: 'companionsDeclared' }, { fact: 'companions', index: undeclared }]));
  const without = named.findIndex((c) => c.status === 'refused' || c.status === 'noVisa' || c.status === 'overstayed' || c.status === 'undocumented');
  if (without >= 0) out.push(finding('companionStatus', [{ fact: 'companions', index: without }]));
  return out;
}
