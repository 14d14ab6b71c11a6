import type { ApplicantFacts } from '../facts/index';
import { finding, type Finding } from './types';

/**
 * Refusals declared against refusals mentioned anywhere: "never refused" beside "a 214(b) letter" is a
 * contradiction; a refusal declared or mentioned is on record either way and weighs on the interview.
 */
export function refusals(f: ApplicantFacts): Finding[] {
  const mentioned = f.refusalMentions ?? [];
  if (f.refusals?.has === false && mentioned.length) return [finding('undeclaredRefusal', [{ fact: 'refusals' }, { fact: 'refusalMentions', index: 0 }])];
  if (f.refusals?.has) return [finding('refusalOnRecord', [{ fact: 'refusals' }, ...(mentioned.length ? [{ fact: 'refusalMentions' as const, index: 0 }] : [])])];
  if (mentioned.length) return [finding('refusalOnRecord', [{ fact: 'refusalMentions', index: 0 }])];
  return [];
}
