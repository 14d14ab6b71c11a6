import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFacts } from '../../server/services/premium/facts/index';
import { planInterview, renderInterview } from '../../server/services/premium/questions';
import { FINDINGS, findingsOf, RULE_IDS, type FindingCode } from '../../server/services/premium/rules/index';
import { companions } from '../../server/services/premium/rules/companions';
import { overstayDeclaredNo } from '../../server/services/premium/rules/overstays';
import { studentWithoutSchool } from '../../server/services/premium/rules/studies';
import { consistentApplicant, LANGS, plant, PLANTED, type Planted } from '../fixtures/premium/applicant';
import { consistentTexts, plantedTexts } from '../fixtures/premium/generated';
import { LAYOUTS, render } from '../fixtures/premium/layouts';
import { f, found } from './premiumRules/facts';

// Issue 42's rule book: every rule tested for recall on planted cases (each planted in every layout and language,
// read back from the text, and raised by a question that names both sides) and for precision on consistent
// applicants generated with fast-check (none may raise anything). Shares printed per rule.

/** Which finding each planted case must raise. */
const EXPECTED: Record<Planted, FindingCode> = {
  employerPaysWithoutJob: 'notWorkingEmployerPays', salaryWithoutJob: 'notWorkingSalary', paysAloneWithoutIncome: 'selfPaysNoIncome',
  fundingBeyondIncome: 'budgetOverIncome', refusalDeclaredNo: 'undeclaredRefusal', stayBeyondLeave: 'stayOverLeave', stayBeyondCourse: 'stayOverCourse',
  stayBeyondAdmission: 'stayOverAdmission', datesDisagree: 'datesDisagree', passportExpiresBeforeTrip: 'passportBeforeTrip',
  purposeNeedsOtherVisa: 'purposeVisaMismatch', relativesDeclaredNone: 'undeclaredFamily', visitsDeclaredNone: 'undeclaredVisit',
  overstayDeclaredNo: 'undeclaredOverstay', studentWithoutSchool: 'studentWithoutSchool', companionsDeclaredNone: 'undeclaredCompanion',
  contactIsUndeclaredRelative: 'undeclaredFamily', passportWithinSixMonths: 'passportWithinSixMonths', workerWithoutLeave: 'stayWithoutLeave',
  companionRefused: 'companionStatus', refusalOnRecord: 'refusalOnRecord', relativeWithoutStatus: 'familyIrregular', familyAgainstWeakTies: 'familyWeakTies',
  longEarlierStay: 'overstay', payerSaidTwoWays: 'payerDisagrees', incomeInOtherCurrency: 'budgetOverIncome',
  visitLengthTwoWays: 'visitLengthDisagrees', movingAgainstTies: 'tiesAgainstMove',
  identityTwoWays: 'identityDisagrees', situationTwoWays: 'situationDisagrees',
};

const pct = (a: number, b: number) => `${a}/${b} (${Math.round((100 * a) / Math.max(1, b))}%)`;

describe('the new rules, fact by fact (issue 42)', () => {
  it.each([
    ['overstay declared none, told elsewhere', overstayDeclaredNo, f({ overstaysDeclared: { source: 'NO', has: false }, overstays: [{ source: 'I stayed longer than allowed' }] }), ['undeclaredOverstay[overstaysDeclared,overstays0]']],
    ['overstay declared none, nothing told', overstayDeclaredNo, f({ overstaysDeclared: { source: 'NO', has: false } }), []],
    ['overstay declared yes', overstayDeclaredNo, f({ overstaysDeclared: { source: 'YES', has: true }, overstays: [{ source: 'two months over' }] }), []],
    ['a student whose school is N/A', studentWithoutSchool, f({ standing: { source: 'STUDENT', kind: 'student' }, noSchool: { source: 'N/A' } }), ['studentWithoutSchool[standing,noSchool]']],
    ['a student with a school', studentWithoutSchool, f({ standing: { source: 'STUDENT', kind: 'student' }, school: { source: 'UNILAG' } }), []],
    ['travelling to study with no school', studentWithoutSchool, f({ purpose: { source: 'STUDIES', kinds: ['study'] }, noSchool: { source: 'NONE' } }), ['studentWithoutSchool[purpose,noSchool]']],
    ['a worker with no school answer', studentWithoutSchool, f({ standing: { source: 'NURSE', kind: 'employee' }, noSchool: { source: 'N/A' } }), []],
    ['companions declared none, one named', companions, f({ companionsDeclared: { source: 'NO', has: false }, companions: [{ source: 'my wife Marta', relation: 'wife', declared: false }] }), ['undeclaredCompanion[companionsDeclared,companions0]']],
    ['companions declared, one named', companions, f({ companionsDeclared: { source: 'YES', has: true }, companions: [{ source: 'MARTA', relation: 'wife', declared: true }] }), []],
    ['a companion refused a visa', companions, f({ companions: [{ source: 'my husband was refused', relation: 'husband', status: 'refused', declared: true }] }), ['companionStatus[companions0]']],
  ])('%s', (_, rule, facts, expected) => {
    expect(found(rule(facts))).toEqual(expected);
  });

  it('has at least fifteen rules, each with its findings', () => {
    expect(RULE_IDS.length).toBeGreaterThanOrEqual(15);
    for (const rule of RULE_IDS) expect(Object.values(FINDINGS).some((x) => x.rule === rule), rule).toBe(true);
    // Every rule has a planted case in the generator.
    expect(new Set(Object.values(EXPECTED).map((code) => FINDINGS[code].rule))).toEqual(new Set(RULE_IDS));
  });
});

describe('the rule book on generated applicants (issue 42)', () => {
  it('raises each planted finding by a question naming both sides, in every layout and language (recall per rule)', () => {
    const byRule = new Map<string, [number, number]>();
    const misses: string[] = [];
    for (const t of plantedTexts()) {
      const facts = readFacts(t.text);
      const findings = findingsOf(facts);
      const questions = renderInterview(planInterview(facts, findings), facts, findings, t.lang);
      const code = EXPECTED[t.planted!];
      const q = questions.find((x) => x.finding?.code === code);
      const named = q && (q.finding?.sides.length ?? 0) >= (FINDINGS[code].kind === 'contradiction' ? 2 : 1) && q.finding!.sides.every((s) => q.question.includes(s.shown));
      const rule = FINDINGS[code].rule;
      const [hit, all] = byRule.get(rule) ?? [0, 0];
      byRule.set(rule, [hit + (named ? 1 : 0), all + 1]);
      if (!named) misses.push(`${rule} ${t.planted} ${t.lang} ${t.layout} (seed ${t.seed}): ${findings.map((x) => x.code).join(', ') || 'nothing'}`);
    }
    const lines = [...byRule.entries()].sort().map(([rule, [a, b]]) => `  ${rule}: recall ${pct(a, b)}`);
    const total = [...byRule.values()].reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
    console.log([`rule book recall on planted generated cases: ${pct(total[0], total[1])}`, ...lines, ...(process.env.RULE_MISSES ? misses : [])].join('\n'));
    expect(total[0] / total[1]).toBeGreaterThanOrEqual(0.9);
    for (const [rule, [a, b]] of byRule) expect(a / b, rule).toBeGreaterThanOrEqual(0.75);
  }, 120_000);

  it('raises nothing on consistent applicants, in every layout and language (precision)', () => {
    const alarms = new Map<string, number>();
    const texts = consistentTexts(6, 99);
    const details: string[] = [];
    for (const t of texts) {
      const findings = findingsOf(readFacts(t.text));
      for (const x of findings) {
        alarms.set(x.rule, (alarms.get(x.rule) ?? 0) + 1);
        details.push(`${x.rule} ${x.code} ${t.lang} ${t.layout} (seed ${t.seed})`);
      }
    }
    console.log([`rule book on ${texts.length} consistent generated texts: ${details.length} findings`, ...RULE_IDS.map((r) => `  ${r}: false alarms ${alarms.get(r) ?? 0}/${texts.length}`), ...details.slice(0, 30)].join('\n'));
    expect(details).toEqual([]);
  }, 120_000);

  it('raises nothing on any consistent applicant fast-check makes, in any layout (precision, property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGS), fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...LAYOUTS), (lang, seed, layout) => {
        const [a] = fc.sample(consistentApplicant(lang), { numRuns: 1, seed });
        const text = render(a!, lang, layout, seed);
        const findings = findingsOf(readFacts(text));
        expect(findings.map((x) => x.code), `${lang} ${layout} seed ${seed}`).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('finds what is planted on applicants fast-check makes, in any layout (recall, sampled)', () => {
    const cases = fc.sample(fc.tuple(fc.constantFrom(...LANGS), fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...LAYOUTS), fc.constantFrom(...PLANTED)), { numRuns: 300, seed: 4242 });
    const misses = cases.filter(([lang, seed, layout, planted]) => {
      const [a] = fc.sample(consistentApplicant(lang), { numRuns: 1, seed });
      const text = render(plant(a!, planted, seed), lang, layout, seed);
      return !findingsOf(readFacts(text)).some((x) => x.code === EXPECTED[planted]);
    });
    console.log(`rule book recall on ${cases.length} sampled planted applicants: ${pct(cases.length - misses.length, cases.length)}`, misses.slice(0, 10).map((m) => m.join(' ')));
    expect((cases.length - misses.length) / cases.length).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
