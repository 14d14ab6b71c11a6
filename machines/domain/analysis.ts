// The rule-based approval analysis behind /results (spec 1-core §2.7, §3 "Analysis result", §9; docs/DECISIONS.md:
// the /wizard pre-assessment feeds it). Pure and deterministic: the same answers and `today` give the same
// result, and every factor names the question it came from, so the page can show why.
// The rules live in analysis/: ties.ts, history.ts, trip.ts, profile.ts, formChoice.ts; the points in points.ts.
import { preassessmentCatalog } from './catalogs/preassessment';
import type { Catalog } from './questions';
import { pointsOf, type Finding } from './analysis/findings';
import { formChoiceFindings } from './analysis/formChoice';
import { historyFindings } from './analysis/history';
import {
  BASE_SCORE,
  MAX_PROBABILITY,
  MIN_PROBABILITY,
  MISSING_KEYS,
  RECOMMENDATION_KEYS,
  RISK_POINTS,
  STRENGTH_POINTS,
} from './analysis/points';
import { profileFindings } from './analysis/profile';
import { readApplicant, type FormType } from './analysis/reading';
import { tiesFindings } from './analysis/ties';
import { tripFindings } from './analysis/trip';

export { BASE_SCORE, MAX_PROBABILITY, MIN_PROBABILITY, RISK_POINTS, STRENGTH_POINTS };

/** One line of the analysis: a key of the `analysis` namespace, its {{params}}, and the question it came from. */
export interface Factor {
  key: string;
  params: Record<string, string | number>;
  question: string | null;
}

export interface Analysis {
  formType: FormType;
  /** An integer percentage, always within MIN_PROBABILITY..MAX_PROBABILITY. */
  approvalProbability: number;
  /** Strongest first. */
  strengthFactors: Factor[];
  /** Most serious first. */
  riskFactors: Factor[];
  recommendations: Factor[];
  missingDocuments: Factor[];
}

/** Every key `analyse` can return; the English `analysis` namespace holds exactly these. */
export const ANALYSIS_KEYS: readonly string[] = [
  ...Object.keys(STRENGTH_POINTS),
  ...Object.keys(RISK_POINTS),
  ...RECOMMENDATION_KEYS,
  ...MISSING_KEYS,
];

export type ProbabilityBand = 'high' | 'medium' | 'low';

/** Spec 1-core §2.7 and §9: green at 80 or more, yellow at 60 or more, red below. */
export function probabilityBand(p: number): ProbabilityBand {
  if (p >= 80) return 'high';
  if (p >= 60) return 'medium';
  return 'low';
}

function toFactor(finding: Finding): Factor {
  return { key: finding.key, params: finding.params, question: finding.question };
}

/** Each key once (the first, from the rule that matters most); a repeated next step helps nobody. */
function unique(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    if (seen.has(f.key)) return false;
    seen.add(f.key);
    return true;
  });
}

/** Heaviest first; the sort is stable, so equal weights keep the rules' order. */
const byWeight = (a: Finding, b: Finding) => Math.abs(pointsOf(b)) - Math.abs(pointsOf(a));

/**
 * Analyses the /wizard pre-assessment answers (flat, by question id) as of `today` ('YYYY-MM-DD').
 * Only answers to questions the applicant could see count. `catalog` is there for tests of that rule; the
 * product always uses the pre-assessment.
 */
export function analyse(
  answers: Readonly<Record<string, string>>,
  today: string,
  catalog: Catalog = preassessmentCatalog,
): Analysis {
  const applicant = readApplicant(catalog, answers, today);
  // Order matters only for recommendations: the form choice first (it decides everything after), then the record.
  const findings = unique([
    ...formChoiceFindings(applicant),
    ...historyFindings(applicant),
    ...tripFindings(applicant),
    ...tiesFindings(applicant),
    ...profileFindings(applicant),
  ]);
  const score = findings.reduce((sum, f) => sum + pointsOf(f), BASE_SCORE);
  const of = (kind: Finding['kind']) => findings.filter((f) => f.kind === kind);
  return {
    formType: applicant.formType,
    approvalProbability: Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, Math.round(score))),
    strengthFactors: of('strength').sort(byWeight).map(toFactor),
    riskFactors: of('risk').sort(byWeight).map(toFactor),
    recommendations: of('recommendation').map(toFactor),
    missingDocuments: of('missing').map(toFactor),
  };
}
