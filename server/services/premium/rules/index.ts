import type { ApplicantFacts } from '../facts/index';
import { employmentFunding } from './employmentFunding';
import { familyTies } from './familyTies';
import { passportValidity } from './passportValidity';
import { purposeVisa } from './purposeVisa';
import { refusals } from './refusals';
import { travelHistory } from './travelHistory';
import { tripLength } from './tripLength';
import { companions } from './companions';
import { overstayDeclaredNo } from './overstays';
import { studentWithoutSchool } from './studies';
import { homeTies } from './homeTies';
import { saidTwice } from './saidTwice';
import { SECTIONS, type Finding, type Rule } from './types';

export * from './types';

/** The rule book, each rule a pure function of the facts (issue 33). */
export const RULES: readonly Rule[] = [purposeVisa, tripLength, passportValidity, companions, familyTies, studentWithoutSchool, employmentFunding, refusals, travelHistory, overstayDeclaredNo, saidTwice, homeTies];

/** Every finding in the facts, in the officer's order of sections, contradictions before risks within one. */
export function findingsOf(facts: ApplicantFacts): Finding[] {
  const all = RULES.flatMap((rule) => rule(facts));
  const rank = (f: Finding) => SECTIONS.indexOf(f.section) * 2 + (f.kind === 'contradiction' ? 0 : 1);
  return all.map((f, i) => [f, i] as const).sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j).map(([f]) => f);
}
