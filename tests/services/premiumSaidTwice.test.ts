import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { planInterview, renderInterview } from '../../server/services/premium/questions';
import { findingsOf, type FindingCode } from '../../server/services/premium/rules/index';
import { consistentApplicant, LANGS, plant, type Applicant, type Planted } from '../fixtures/premium/applicant';
import { LAYOUTS, render } from '../fixtures/premium/layouts';

// Issue 42's five families read from two places, on applicants fast-check makes in every layout and language: what is
// planted is raised by a question naming both sides, and the same value said again raises nothing.

const FAMILIES: Array<[Planted, FindingCode]> = [
  ['payerSaidTwoWays', 'payerDisagrees'],
  ['incomeInOtherCurrency', 'budgetOverIncome'],
  ['visitLengthTwoWays', 'visitLengthDisagrees'],
  ['movingAgainstTies', 'tiesAgainstMove'],
];

/** The applicant with every fact the five families compare said once more, the same way. */
function saidAgainTheSame(a: Applicant, pick: number): Applicant {
  const b = structuredClone(a);
  b.alsoWritten = [{ name: `${a.given} ${a.surname}` }, { birthDate: a.birthDate }, { passportNumber: a.passportNumber }][pick % 3];
  b.payerAlso = { payer: a.payer, ...(a.payerRelation ? { relation: a.payerRelation } : {}) };
  if (a.visits[0]) b.visitAlsoDays = a.visits[0].days;
  return b;
}

describe('the five families read from two places (issue 42)', () => {
  for (const [planted, code] of FAMILIES) {
    it(`${planted}: raised by a question naming both sides, in any layout and language`, () => {
      const cases = fc.sample(fc.tuple(fc.constantFrom(...LANGS), fc.constantFrom(...LAYOUTS), fc.integer({ min: 0, max: 1_000_000 })), { numRuns: 40, seed: 4200 });
      const misses = cases.filter(([lang, layout, seed]) => {
        const [a] = fc.sample(consistentApplicant(lang), { numRuns: 1, seed });
        const text = render(plant(a!, planted, seed), lang, layout, seed);
        const facts = readFacts(text);
        const findings = findingsOf(facts);
        const q = renderInterview(planInterview(facts, findings), facts, findings, lang).find((x) => x.finding?.code === code);
        return !(q && q.finding!.sides.length === 2 && q.finding!.sides.every((s) => text.includes(s.source) && q.question.includes(s.shown)));
      });
      expect(misses.length / cases.length, misses.slice(0, 5).map((m) => m.join(' ')).join('; ')).toBeLessThanOrEqual(0.1);
    }, 60_000);
  }

  it('raises nothing when the name, birth date, passport number, payer and visit are said again the same way', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.constantFrom(...LAYOUTS), fc.integer({ min: 0, max: 1_000_000 }), (lang, layout, seed) => {
        const [a] = fc.sample(consistentApplicant(lang), { numRuns: 1, seed });
        const text = render(saidAgainTheSame(a!, seed), lang, layout, seed);
        expect(findingsOf(readFacts(text)).map((x) => x.code), `${lang} ${layout} seed ${seed}`).toEqual([]);
      }),
      { numRuns: 120 },
    );
  }, 60_000);
});
