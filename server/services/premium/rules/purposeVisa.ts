import type { ApplicantFacts, PurposeKind } from '../facts/index';
import { finding, type Finding } from './types';

const VISITING: readonly PurposeKind[] = ['tourism', 'business', 'family', 'medical'];

/**
 * The purpose against the visa asked for: work or a degree on a visitor visa, a holiday on a student or exchange
 * visa, a holiday on a work visa. A DS-160 purpose answer that names its own class ('TOURISM (B2)') cannot
 * contradict itself, so the visa must be written apart from the purpose.
 */
export function purposeVisa(f: ApplicantFacts): Finding[] {
  if (!f.visaClass || !f.purpose || f.visaClass.source === f.purpose.source) return [];
  const kinds = f.purpose.kinds;
  const visa = f.visaClass.kind;
  const onlyVisiting = kinds.every((k) => VISITING.includes(k) || k === 'other') && kinds.some((k) => VISITING.includes(k));
  const misfit =
    (visa === 'B' && (kinds.includes('work') || kinds.includes('study'))) ||
    ((visa === 'F' || visa === 'J' || visa === 'M') && onlyVisiting) ||
    (visa === 'H' && onlyVisiting && !kinds.includes('business'));
  return misfit ? [finding('purposeVisaMismatch', [{ fact: 'visaClass' }, { fact: 'purpose' }])] : [];
}
