import { Type, type Static } from 'typebox';
import { Strict } from './common';

// The premium interview practice (spec 3-ai §2.8, §3 "Interview question", "Final analysis", §7; issues 15, 33).

/** The interview speaks the interface's four languages; the spec's two (es, the default, and en) first. */
export const INTERVIEW_LANGUAGES = ['es', 'en', 'fr', 'pt'] as const;
export type InterviewLanguage = (typeof INTERVIEW_LANGUAGES)[number];
const LanguageEnum = Type.Enum([...INTERVIEW_LANGUAGES], { description: 'The interview language' });
const Language = Type.Optional(Type.Enum([...INTERVIEW_LANGUAGES], { description: 'The interview language (default es)' }));
const QuestionId = Type.String({ pattern: '^q[0-9]{1,2}$', description: 'A question id of the prepared interview (q1, q2 …)' });
const Answers = Type.Record(Type.String({ pattern: '^q[0-9]{1,2}$' }), Type.String({ maxLength: 4000 }), { maxProperties: 30, description: 'Answers so far, by question id' });

export const VerifyAccessSchema = Strict({
  code: Type.String({ minLength: 1, maxLength: 64, description: 'The access code of a paid Premium order (PREMIUM-<8 digits>-<2 letters>)' }),
});
export const AccessResultSchema = Type.Object({
  valid: Type.Boolean(),
  savedApplication: Type.Boolean({ description: "The order's lead holds DS-160 answers the interview can be built from" }),
});
export type AccessResult = Static<typeof AccessResultSchema>;

export const InterviewPrepSchema = Strict({
  formData: Type.Optional(Type.String({ maxLength: 20000, description: 'The pasted DS-160 data: a CEAC page, the confirmation page, or notes' })),
  useSaved: Type.Optional(Type.Boolean({ description: "Build from the verified order's saved application instead" })),
  language: Language,
  languageChosen: Type.Optional(Type.Boolean({ description: 'The applicant chose the language (?lang=); otherwise the interview follows the interface language' })),
});

const CiteSchema = Type.Object({
  fact: Type.String({ description: 'Which fact: stay, payer, relatives …' }),
  index: Type.Optional(Type.Integer({ minimum: 0, description: 'Which item, for a fact of a list (a relative, a visit)' })),
  source: Type.String({ description: 'The exact characters of the pasted text it came from' }),
  shown: Type.String({ description: 'How the question says it, in the interview language' }),
});

export const InterviewQuestionSchema = Type.Object({
  id: Type.String(),
  question: Type.String(),
  category: Type.String(),
  difficulty: Type.Enum(['easy', 'medium', 'hard']),
  tips: Type.Array(Type.String()),
  topic: Type.String({ description: "What it asks: a fact's topic (purpose, trip, employment …), finding.<code>, or general.<what>" }),
  section: Type.Enum(['purpose', 'ties', 'finances', 'history'], { description: "The officer's order: purpose, ties, finances, history" }),
  cites: Type.Array(CiteSchema, { description: "The applicant's data the question names" }),
  finding: Type.Optional(
    Type.Object({
      code: Type.String({ description: 'What the rule book found: stayOverLeave, undeclaredRefusal …' }),
      rule: Type.String(),
      kind: Type.Enum(['contradiction', 'risk']),
      sides: Type.Array(CiteSchema, { description: 'The facts it sets against each other, each named in the question' }),
    }),
  ),
});
export type InterviewQuestionDto = Static<typeof InterviewQuestionSchema>;

export const InterviewSchema = Type.Object({
  interviewId: Type.String(),
  language: LanguageEnum,
  questions: Type.Array(InterviewQuestionSchema, { description: 'The questions once ready; none while the interview is being prepared' }),
  status: Type.Enum(['ready', 'preparing'], { description: "ready: the questions are here; preparing: a model is still reading, follow GET /api/premium/interview until it is ready" }),
});
export type InterviewDto = Static<typeof InterviewSchema>;

export const EvaluateAnswerSchema = Strict({
  answer: Type.String({ minLength: 1, maxLength: 4000 }),
  questionId: QuestionId,
  allAnswers: Type.Optional(Answers),
  language: Language,
});

export const EvaluationSchema = Type.Object({
  verdict: Type.Enum(['good', 'short', 'vague', 'offTopic', 'repeated', 'contradiction', 'inconsistent'], {
    description: 'good; short; vague (or, on a contradiction, not explained); offTopic (about something else); repeated (the same answer as another question); contradiction (against the form); inconsistent (against an earlier answer)',
  }),
  score: Type.Number({ minimum: 0, maximum: 100 }),
  feedback: Type.String(),
  relevant: Type.Boolean({ description: 'About what was asked' }),
  specific: Type.Boolean({ description: 'Gives facts: a date, an amount, a name, a place' }),
  explains: Type.Optional(Type.Boolean({ description: 'On a question about a finding: the answer explains it' })),
});
export type EvaluationDto = Static<typeof EvaluationSchema>;

export const FinalAnalysisRequestSchema = Strict({
  answers: Answers,
  /** Sent by the page as the spec says; the server uses the questions it built. */
  questions: Type.Optional(Type.Array(Type.Object({ id: Type.String({ maxLength: 10 }) }), { maxItems: 30 })),
  language: Language,
});

const AnalysisFindingSchema = Type.Object({
  code: Type.String(),
  kind: Type.Enum(['contradiction', 'risk']),
  question: Type.String({ description: 'The question that raised it, as asked' }),
  n: Type.Integer({ minimum: 0, description: 'Its number in the interview' }),
  answer: Type.Union([Type.String(), Type.Null()], { description: "The applicant's answer to it" }),
  explained: Type.Boolean(),
});

const AnalysisFields = {
  riskLevel: Type.Enum(['low', 'medium', 'high']),
  successProbability: Type.Integer({ minimum: 0, maximum: 100 }),
  strengths: Type.Array(Type.String()),
  weaknesses: Type.Array(Type.String()),
  recommendations: Type.Array(Type.String()),
  findings: Type.Array(AnalysisFindingSchema, { description: "Each finding of the rule book with the applicant's answer to it" }),
  evaluations: Type.Record(Type.String(), EvaluationSchema, { description: "Each answered question's evaluation" }),
};
export const FinalAnalysisSchema = Type.Object(AnalysisFields);
export type FinalAnalysisDto = Static<typeof FinalAnalysisSchema>;

export const InterviewStateQuerySchema = Type.Object({
  language: LanguageEnum,
  explicit: Type.Optional(Type.Boolean({ description: 'The language was chosen in the address (?lang=); otherwise it is the interface language' })),
});

export const InterviewStateSchema = Type.Object({
  verified: Type.Boolean({ description: "This session (or the signed-in account that bought the code) may use the interview" }),
  savedApplication: Type.Boolean(),
  language: LanguageEnum,
  languageChosen: Type.Boolean({ description: 'The interview language was chosen explicitly and does not follow the interface' }),
  interview: Type.Union([
    Type.Null(),
    Type.Object({
      interviewId: Type.String(),
      status: Type.Enum(['ready', 'preparing', 'failed'], { description: 'preparing: the questions are still being written (ask again shortly); failed: prepare it again' }),
      questions: Type.Array(InterviewQuestionSchema),
      answers: Type.Record(Type.String(), Type.String()),
      evaluations: Type.Record(Type.String(), EvaluationSchema),
      analysis: Type.Union([Type.Null(), FinalAnalysisSchema]),
    }),
  ]),
});
export type InterviewStateDto = Static<typeof InterviewStateSchema>;

export const InterviewEndedSchema = Type.Object({ ended: Type.Boolean() });
