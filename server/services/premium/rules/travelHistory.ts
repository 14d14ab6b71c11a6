import type { ApplicantFacts } from '../facts/index';
import { B2_ADMISSION_DAYS } from './tripLength';
import { finding, type Finding } from './types';

/**
 * Earlier visits against what the applicant declared, and stays longer than a visitor is admitted for: "never
 * been" beside "in 2019 I spent two weeks in Los Angeles" is a contradiction; eight months on a tourist visa, or
 * an overstay said in words, is on record.
 */
export function travelHistory(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  const visits = f.visits ?? [];
  if (f.previousVisits?.has === false && visits.length) out.push(finding('undeclaredVisit', [{ fact: 'previousVisits' }, { fact: 'visits', index: 0 }]));
  const long = visits.findIndex((v) => (v.days ?? 0) > B2_ADMISSION_DAYS);
  if (long >= 0) out.push(finding('overstay', [{ fact: 'visits', index: long }], { days: visits[long]?.days ?? 0 }));
  else if (f.overstays?.length) out.push(finding('overstay', [{ fact: 'overstays', index: 0 }]));
  return out;
}
