import type { ApplicantFacts } from '../facts/index';
import { finding, type Finding } from './types';

/**
 * A student with no school (issue 42): listed as a student, or travelling to study, while the form's school answer
 * says there is none. An officer asks where, and what, exactly.
 */
export function studentWithoutSchool(f: ApplicantFacts): Finding[] {
  if (!f.noSchool || f.school) return [];
  if (f.standing?.kind === 'student') return [finding('studentWithoutSchool', [{ fact: 'standing' }, { fact: 'noSchool' }])];
  if (f.purpose?.kinds.includes('study')) return [finding('studentWithoutSchool', [{ fact: 'purpose' }, { fact: 'noSchool' }])];
  return [];
}
