import type { ApplicantFacts } from '../facts/index';
import { finding, type Finding } from './types';

/**
 * Overstays declared against overstays told (issue 42): "have you ever overstayed? No" beside "that time I stayed
 * two months longer than allowed" is a contradiction; the overstay itself weighs as a risk (travel-history.ts).
 */
export function overstayDeclaredNo(f: ApplicantFacts): Finding[] {
  const told = f.overstays ?? [];
  return f.overstaysDeclared?.has === false && told.length ? [finding('undeclaredOverstay', [{ fact: 'overstaysDeclared' }, { fact: 'overstays', index: 0 }])] : [];
}
