// What one rule may say about an applicant: a strength or a risk (both scored, see points.ts), a next step, or
// a document to gather. Keys are typed from the tables, so a rule cannot return a key the locales lack.
import { MISSING_KEYS, RECOMMENDATION_KEYS, RISK_POINTS, STRENGTH_POINTS } from './points';

export type StrengthKey = keyof typeof STRENGTH_POINTS;
export type RiskKey = keyof typeof RISK_POINTS;
export type RecommendationKey = (typeof RECOMMENDATION_KEYS)[number];
export type MissingKey = (typeof MISSING_KEYS)[number];

export type Params = Record<string, string | number>;

interface Base<Kind extends string, Key extends string> {
  kind: Kind;
  key: Key;
  /** Id of the question whose answer led here. */
  question: string;
  params: Params;
}

export type Finding =
  | Base<'strength', StrengthKey>
  | Base<'risk', RiskKey>
  | Base<'recommendation', RecommendationKey>
  | Base<'missing', MissingKey>;

export const strength = (key: StrengthKey, question: string, params: Params = {}): Finding => ({
  kind: 'strength',
  key,
  question,
  params,
});

export const risk = (key: RiskKey, question: string, params: Params = {}): Finding => ({ kind: 'risk', key, question, params });

export const recommend = (key: RecommendationKey, question: string, params: Params = {}): Finding => ({
  kind: 'recommendation',
  key,
  question,
  params,
});

export const missing = (key: MissingKey, question: string, params: Params = {}): Finding => ({
  kind: 'missing',
  key,
  question,
  params,
});

/** Points a finding moves the score by: its table entry for strengths and risks, nothing for the rest. */
export function pointsOf(finding: Finding): number {
  if (finding.kind === 'strength') return STRENGTH_POINTS[finding.key];
  if (finding.kind === 'risk') return RISK_POINTS[finding.key];
  return 0;
}
