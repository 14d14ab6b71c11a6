import type { ApplicantFacts, FactKey } from '../facts/index';

// The rule book (issue 33): what a consular officer probes, each rule a small pure function over the facts. A
// finding names the facts it sets against each other (its sides); a contradiction has two, a risk one or two.

export type RuleId = 'employment-funding' | 'refusals' | 'trip-length' | 'passport-validity' | 'purpose-visa' | 'family-ties' | 'travel-history';

/** The officer's order: why you go, what brings you back, who pays, what happened before. */
export const SECTIONS = ['purpose', 'ties', 'finances', 'history'] as const;
export type Section = (typeof SECTIONS)[number];

export const FINDINGS = {
  notWorkingEmployerPays: { rule: 'employment-funding', kind: 'contradiction', section: 'finances', weight: [12, 4] },
  notWorkingSalary: { rule: 'employment-funding', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  selfPaysNoIncome: { rule: 'employment-funding', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  budgetOverIncome: { rule: 'employment-funding', kind: 'contradiction', section: 'finances', weight: [10, 3] },
  undeclaredRefusal: { rule: 'refusals', kind: 'contradiction', section: 'history', weight: [22, 14] },
  refusalOnRecord: { rule: 'refusals', kind: 'risk', section: 'history', weight: [15, 10] },
  stayOverLeave: { rule: 'trip-length', kind: 'contradiction', section: 'ties', weight: [12, 4] },
  stayWithoutLeave: { rule: 'trip-length', kind: 'risk', section: 'ties', weight: [5, 1] },
  stayOverCourse: { rule: 'trip-length', kind: 'contradiction', section: 'purpose', weight: [12, 4] },
  stayOverAdmission: { rule: 'trip-length', kind: 'contradiction', section: 'purpose', weight: [10, 4] },
  datesDisagree: { rule: 'trip-length', kind: 'contradiction', section: 'purpose', weight: [8, 2] },
  passportBeforeTrip: { rule: 'passport-validity', kind: 'contradiction', section: 'purpose', weight: [12, 5] },
  passportWithinSixMonths: { rule: 'passport-validity', kind: 'risk', section: 'purpose', weight: [4, 1] },
  purposeVisaMismatch: { rule: 'purpose-visa', kind: 'contradiction', section: 'purpose', weight: [14, 6] },
  undeclaredFamily: { rule: 'family-ties', kind: 'contradiction', section: 'ties', weight: [14, 6] },
  familyIrregular: { rule: 'family-ties', kind: 'risk', section: 'ties', weight: [10, 6] },
  familyWeakTies: { rule: 'family-ties', kind: 'risk', section: 'ties', weight: [6, 2] },
  undeclaredVisit: { rule: 'travel-history', kind: 'contradiction', section: 'history', weight: [12, 5] },
  overstay: { rule: 'travel-history', kind: 'risk', section: 'history', weight: [15, 10] },
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
