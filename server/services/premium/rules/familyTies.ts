import type { ApplicantFacts, RelationKind } from '../facts/index';
import { finding, type Finding } from './types';

const IMMEDIATE: readonly RelationKind[] = ['spouse', 'husband', 'wife', 'fiance', 'child', 'son', 'daughter', 'parent', 'father', 'mother', 'sibling', 'brother', 'sister'];

/** What holds the applicant at home, weakest first: the fact the officer would set against family abroad. */
function weakTie(f: ApplicantFacts): 'standing' | 'marital' | null {
  const working = f.standing ? f.standing.kind === 'employee' || f.standing.kind === 'self-employed' : Boolean(f.employer);
  const attached = f.marital?.kind === 'married' || f.marital?.kind === 'partner';
  const rooted = (f.ties ?? []).some((t) => t.kind === 'children' || t.kind === 'property' || t.kind === 'business');
  if (working || attached || rooted) return null;
  if (f.standing) return 'standing';
  return f.marital ? 'marital' : null;
}

/**
 * Family in the United States against what the applicant declared and against the ties at home: relatives
 * declared as none yet named, a relative there without status, close family settled there while little holds the
 * applicant at home.
 */
export function familyTies(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  const relatives = f.relatives ?? [];
  const undeclared = relatives.findIndex((r) => !r.declared);
  if (f.usFamily?.has === false && undeclared >= 0) out.push(finding('undeclaredFamily', [{ fact: 'usFamily' }, { fact: 'relatives', index: undeclared }]));
  const irregular = relatives.findIndex((r) => r.status === 'undocumented');
  if (irregular >= 0) out.push(finding('familyIrregular', [{ fact: 'relatives', index: irregular }]));
  const settled = relatives.findIndex((r) => IMMEDIATE.includes(r.relation) && (r.status === 'citizen' || r.status === 'resident' || r.status === 'asylum'));
  const weak = weakTie(f);
  if (settled >= 0 && weak) out.push(finding('familyWeakTies', [{ fact: 'relatives', index: settled }, { fact: weak }]));
  return out;
}
