import type { ApplicantFacts, FactKey } from '../facts/index';

// The rule book (issue 33): what a consular officer probes, each rule a small pure function over the facts. A
// finding names the facts it sets against each other (its sides); a contradiction has two, a risk one or two.

/**
 * The rule book's rules (issues 33, 42), each one thing an officer probes. Several findings may come from one rule
 * (the passport expired before the trip, or within six months of it).
 */
export const RULE_IDS = [
  'employer-pays-without-job', 'salary-without-job', 'pays-alone-without-income', 'funding-beyond-income',
  'refusal-declared-no', 'refusal-on-record', 'stay-beyond-leave', 'worker-without-leave', 'trip-longer-than-purpose',
  'stay-beyond-admission', 'dates-disagree', 'passport-validity', 'purpose-needs-other-visa', 'relatives-declared-none',
  'family-without-status', 'family-against-weak-ties', 'visits-declared-none', 'overstay-on-record', 'overstay-declared-no',
  'student-without-school', 'companions-declared-none', 'companion-status', 'payer-said-two-ways',
  'visit-length-differs', 'ties-against-move', 'identity-differs', 'situation-said-two-ways',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** The rules about who pays and with what: a finding of one asks for proof of funds. */
export const FUNDING_RULES: readonly RuleId[] = ['employer-pays-without-job', 'salary-without-job', 'pays-alone-without-income', 'funding-beyond-income', 'payer-said-two-ways'];

/** The officer's order: why you go, what brings you back, who pays, what happened before. */
export const SECTIONS = ['purpose', 'ties', 'finances', 'history'] as const;
export type Section = (typeof SECTIONS)[number];

export const FINDINGS = {
  notWorkingEmployerPays: { rule: 'employer-pays-without-job', kind: 'contradiction', section: 'finances', weight: [12, 4] },
  notWorkingSalary: { rule: 'salary-without-job', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  selfPaysNoIncome: { rule: 'pays-alone-without-income', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  budgetOverIncome: { rule: 'funding-beyond-income', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  undeclaredRefusal: { rule: 'refusal-declared-no', kind: 'contradiction', section: 'history', weight: [22, 14] },
  refusalOnRecord: { rule: 'refusal-on-record', kind: 'risk', section: 'history', weight: [15, 10] },
  stayOverLeave: { rule: 'stay-beyond-leave', kind: 'contradiction', section: 'ties', weight: [12, 4] },
  stayWithoutLeave: { rule: 'worker-without-leave', kind: 'risk', section: 'ties', weight: [5, 1] },
  stayOverCourse: { rule: 'trip-longer-than-purpose', kind: 'contradiction', section: 'purpose', weight: [12, 4] },
  stayOverAdmission: { rule: 'stay-beyond-admission', kind: 'contradiction', section: 'purpose', weight: [10, 4] },
  datesDisagree: { rule: 'dates-disagree', kind: 'contradiction', section: 'purpose', weight: [8, 2] },
  passportBeforeTrip: { rule: 'passport-validity', kind: 'contradiction', section: 'purpose', weight: [12, 5] },
  passportWithinSixMonths: { rule: 'passport-validity', kind: 'risk', section: 'purpose', weight: [4, 1] },
  purposeVisaMismatch: { rule: 'purpose-needs-other-visa', kind: 'contradiction', section: 'purpose', weight: [14, 6] },
  undeclaredFamily: { rule: 'relatives-declared-none', kind: 'contradiction', section: 'ties', weight: [14, 6] },
  familyIrregular: { rule: 'family-without-status', kind: 'risk', section: 'ties', weight: [10, 6] },
  familyWeakTies: { rule: 'family-against-weak-ties', kind: 'risk', section: 'ties', weight: [6, 2] },
  undeclaredVisit: { rule: 'visits-declared-none', kind: 'contradiction', section: 'history', weight: [12, 5] },
  overstay: { rule: 'overstay-on-record', kind: 'risk', section: 'history', weight: [15, 10] },
  undeclaredOverstay: { rule: 'overstay-declared-no', kind: 'contradiction', section: 'history', weight: [20, 12] },
  studentWithoutSchool: { rule: 'student-without-school', kind: 'contradiction', section: 'ties', weight: [12, 4] },
  undeclaredCompanion: { rule: 'companions-declared-none', kind: 'contradiction', section: 'purpose', weight: [8, 2] },
  companionStatus: { rule: 'companion-status', kind: 'risk', section: 'purpose', weight: [6, 2] },
  payerDisagrees: { rule: 'payer-said-two-ways', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  visitLengthDisagrees: { rule: 'visit-length-differs', kind: 'contradiction', section: 'history', weight: [10, 4] },
  tiesAgainstMove: { rule: 'ties-against-move', kind: 'contradiction', section: 'ties', weight: [14, 6] },
  identityDisagrees: { rule: 'identity-differs', kind: 'contradiction', section: 'history', weight: [14, 6] },
  situationDisagrees: { rule: 'situation-said-two-ways', kind: 'contradiction', section: 'ties', weight: [8, 2] },
} as const satisfies Record<string, { rule: RuleId; kind: 'contradiction' | 'risk'; section: Section; weight: readonly [number, number] }>;

export type FindingCode = keyof typeof FINDINGS;

/** A fact a finding quotes: a single fact, or one item of a list (a relative, a visit, a refusal mentioned). */
export interface Side {
  fact: FactKey;
  index?: number;
  /** Said in the applicant's own words, quoted, rather than shaped ('you also wrote "…"'). */
  quoted?: boolean;
}

export interface Finding {
  code: FindingCode;
  rule: RuleId;
  kind: 'contradiction' | 'risk';
  section: Section;
  sides: Side[];
  /** Figures the rule computed (days away, days of leave), for the question's wording. */
  values?: Record<string, number>;
}

export type Rule = (facts: ApplicantFacts) => Finding[];

export function finding(code: FindingCode, sides: Side[], values?: Record<string, number>): Finding {
  const { rule, kind, section } = FINDINGS[code];
  return { code, rule, kind, section, sides, ...(values ? { values } : {}) };
}
