import type { ApplicantFacts } from './facts/index';
import type { Judgement } from './evaluate';
import type { InterviewQuestion } from './questions';
import { FINDINGS, FUNDING_RULES, type Finding, type FindingCode } from './rules/index';
import { say, type InterviewLanguage } from './say';
import { shown } from './shape';

// The final analysis (spec 3-ai §3 "Final analysis"; issue 33): the answers' scores, then the rule book's findings
// weighed by whether the answer explained them, then what the answers themselves did (contradicting the form,
// repeating, answering something else). A refusal on record, an unexplained contradiction or an answer that does
// not answer never leaves the applicant at low risk, and the analysis says which of them holds it back.

export interface AnalysisFinding {
  code: FindingCode;
  kind: 'contradiction' | 'risk';
  /** The question that raised it, as asked, and its number. */
  question: string;
  n: number;
  answer: string | null;
  explained: boolean;
}

export interface FinalAnalysis {
  riskLevel: 'low' | 'medium' | 'high';
  successProbability: number;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  findings: AnalysisFinding[];
}

/** The highest probability an applicant with something holding them back can get: medium risk at best. */
export const HELD_BACK_CEILING = 64;
const LOW_FROM = 70;
const MEDIUM_FROM = 45;
/** Points off per answer that contradicts the form or an earlier answer, and per answer that does not answer. */
const CONTRADICTING_ANSWER = 8;
const NON_ANSWER = 6;

const REFUSALS: readonly FindingCode[] = ['undeclaredRefusal', 'refusalOnRecord'];

export function finalAnalysis(
  questions: readonly InterviewQuestion[],
  judgements: Readonly<Record<string, Judgement>>,
  answers: Readonly<Record<string, string>>,
  facts: ApplicantFacts,
  findings: readonly Finding[],
  language: InterviewLanguage,
): FinalAnalysis {
  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const recommendations: string[] = [];
  const held: string[] = [];
  const line = (key: string, values: Record<string, string | number> = {}) => say(language, `analysis.${key}`, values);
  let total = 0;
  let odds = 0;
  let nonAnswers = 0;
  let contradicting = 0;

  questions.forEach((q, i) => {
    const n = i + 1;
    const j = judgements[q.id];
    const values = { n, category: q.category };
    total += j?.score ?? 0;
    if (!j) {
      nonAnswers += 1;
      weaknesses.push(line('noAnswer', values));
    } else if (j.verdict === 'good') {
      if (!q.finding) strengths.push(line('goodAnswer', values));
    } else if (j.verdict === 'contradiction' || j.verdict === 'inconsistent') {
      contradicting += 1;
      weaknesses.push(line(`answer.${j.verdict}`, values));
      recommendations.push(line('rehearse', values));
    } else if (j.verdict === 'offTopic' || j.verdict === 'repeated' || j.verdict === 'short') {
      nonAnswers += 1;
      weaknesses.push(line(`answer.${j.verdict}`, { ...values, earlier: j.note.n ?? '' }));
      recommendations.push(line('answerIt', values));
    } else if (!q.finding) {
      weaknesses.push(line('answer.vague', values));
      recommendations.push(line('expand', values));
    }
  });
  odds = questions.length ? total / questions.length : 0;

  const analysed: AnalysisFinding[] = [];
  for (const finding of findings) {
    const n = questions.findIndex((q) => q.finding && q.topic === `finding.${finding.code}` && sameSides(q, finding, facts, language));
    const q = n >= 0 ? questions[n] : undefined;
    const explained = Boolean(q && judgements[q.id]?.explains);
    const [unexplainedWeight, explainedWeight] = FINDINGS[finding.code].weight;
    odds -= explained ? explainedWeight : unexplainedWeight;
    analysed.push({ code: finding.code, kind: finding.kind, question: q?.question ?? '', n: n + 1, answer: q ? answers[q.id] ?? null : null, explained });
    const what = q?.question ?? '';
    weaknesses.push(line(`finding.${finding.kind}${explained ? 'Explained' : ''}`, { n: n + 1, question: what }));
    recommendations.push(line(`recommend.${finding.code}`, sideValues(finding, facts, language)));
    if (REFUSALS.includes(finding.code)) held.push(line('held.refusal'));
    else if (finding.kind === 'contradiction' && !explained) held.push(line('held.contradiction', { n: n + 1 }));
  }

  odds -= contradicting * CONTRADICTING_ANSWER + nonAnswers * NON_ANSWER;
  if (contradicting) held.push(line('held.contradictingAnswers', { count: contradicting }));
  if (nonAnswers) held.push(line('held.nonAnswers', { count: nonAnswers }));

  // What holds the applicant at home and a clean history count for them.
  const employed = facts.standing?.kind === 'employee' || facts.standing?.kind === 'self-employed';
  if (employed && (facts.employer || facts.role)) {
    strengths.push(line('strength.job', { job: [shown(facts, { fact: 'role' }, language)?.text, shown(facts, { fact: 'employer' }, language)?.text].filter(Boolean).join(', ') }));
    if (facts.employer) recommendations.push(line('employerLetter', { employer: shown(facts, { fact: 'employer' }, language)?.text ?? '' }));
    odds += 3;
  }
  if ((facts.visits?.length || facts.previousVisits?.has) && !findings.some((x) => x.code === 'overstay' || x.code === 'undeclaredVisit')) {
    strengths.push(line('strength.visits'));
    odds += 3;
  }
  const family = facts.marital?.kind === 'married' || facts.marital?.kind === 'partner' || facts.ties?.some((t) => t.kind === 'children');
  if (family) strengths.push(line('strength.family', { family: [shown(facts, { fact: 'marital' }, language)?.text, shown(facts, { fact: 'children' }, language)?.text].filter(Boolean).join(', ') }));
  if (facts.ties?.some((t) => t.kind === 'property' || t.kind === 'business')) strengths.push(line('strength.property'));
  if (family || facts.ties?.length) odds += 2;
  if (facts.payer?.kind === 'self' || findings.some((x) => FUNDING_RULES.includes(x.rule))) recommendations.push(line('funds'));
  if (!recommendations.length) recommendations.push(line('keep'));

  let successProbability = Math.round(Math.min(95, Math.max(5, odds)));
  if (held.length) {
    successProbability = Math.min(successProbability, HELD_BACK_CEILING);
    weaknesses.unshift(line('held.intro', { reasons: new Intl.ListFormat(language, { type: 'conjunction' }).format([...new Set(held)]) }));
  }
  const riskLevel = successProbability >= LOW_FROM ? 'low' : successProbability >= MEDIUM_FROM ? 'medium' : 'high';
  return { riskLevel, successProbability, strengths, weaknesses, recommendations: [...new Set(recommendations)], findings: analysed };
}

/** The question of a finding is the one planned for it (several findings can share a code only with other sides). */
function sameSides(q: InterviewQuestion, finding: Finding, facts: ApplicantFacts, language: InterviewLanguage): boolean {
  const sources = finding.sides.map((s) => shown(facts, s, language)?.source);
  return sources.every((source) => !source || q.cites.some((c) => c.source === source));
}

function sideValues(finding: Finding, facts: ApplicantFacts, language: InterviewLanguage): Record<string, string> {
  const [a, b] = finding.sides.map((s) => shown(facts, s, language)?.text ?? '');
  return { a: a ?? '', b: b ?? '' };
}
