import type { ApplicantFacts } from '../../../server/services/premium/facts/index';
import type { Finding } from '../../../server/services/premium/rules/index';

// Facts as the rule book's table tests write them: only what a case needs, every source a short stand-in.

export const f = (facts: ApplicantFacts): ApplicantFacts => facts;

/** What a rule found, short enough for a table: 'code[side,side]'. */
export const found = (findings: Finding[]) => findings.map((x) => `${x.code}[${x.sides.map((s) => s.fact + (s.index ?? '')).join(',')}]`);
