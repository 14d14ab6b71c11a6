import type { ApplicantFacts, PurposeKind } from '../facts/index';
import { finding, type Finding } from './types';

const VISITING: readonly PurposeKind[] = ['tourism', 'business', 'family', 'medical'];

/**
 * The purpose against the visa asked for: work or a degree on a visitor visa, a holiday on a student or exchange
 * visa, a holiday on a work visa. A DS-160 purpose answer that names its own class ('TOURISM (B2)') cannot
 * contradict itself, so the visa must be written apart from the purpose.
 */
export function purposeVisa(f: ApplicantFacts): Finding[] {
  return [...purposeAgainstVisa(f), ...toldAgainstVisitorVisa(f)].slice(0, 1);
}

/**
 * A visitor visa (or a visitor's purpose with its class, 'TURISMO (B2)') against work or study the applicant tells in a
 * sentence ('voy a trabajar en la obra de mi tío', 'I'm enrolled in a full-time MBA'): the slot's statement, quoted.
 */
function toldAgainstVisitorVisa(f: ApplicantFacts): Finding[] {
  const told = (f.statements ?? []).findIndex((s) => s.slot === 'purpose' && (s.value === 'work' || s.value === 'study'));
  if (told < 0) return [];
  const source = f.statements![told]!.source;
  const visitorPurpose = f.purpose && f.purpose.kinds.every((k) => VISITING.includes(k) || k === 'other') && /\bB-?[12]\b|\bB1\s?\/\s?B2\b/i.test(f.purpose.source);
  const side = f.visaClass?.kind === 'B' ? 'visaClass' : visitorPurpose ? 'purpose' : null;
  if (!side || f[side]!.source.includes(source) || source.includes(f[side]!.source)) return [];
  return [finding('purposeVisaMismatch', [{ fact: side }, { fact: 'statements', index: told, quoted: true }])];
}

function purposeAgainstVisa(f: ApplicantFacts): Finding[] {
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
