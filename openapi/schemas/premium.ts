import { Type, type Static } from 'typebox';
import { Strict } from './common';

// The premium interview practice (spec 3-ai §2.8, §3 "Interview question", "Final analysis", §7; issue 15).

export const INTERVIEW_LANGUAGES = ['es', 'en'] as const;
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
  formData: Type.Optional(Type.String({ maxLength: 20000, description: 'The pasted DS-160 data: the PDF text, the confirmation page text or free text' })),
  useSaved: Type.Optional(Type.Boolean({ description: "Build from the verified order's saved application instead" })),
  language: Language,
});

export const InterviewQuestionSchema = Type.Object({
  id: Type.String(),
  question: Type.String(),
  category: Type.String(),
  difficulty: Type.Enum(['easy', 'medium', 'hard']),
  tips: Type.Array(Type.String()),
  topic: Type.String({ description: 'What the question is about (purpose, stay, payer … contradiction.stayLeave …)' }),
  cites: Type.Array(Type.String(), { description: "The applicant's own words the question quotes" }),
});
export type InterviewQuestionDto = Static<typeof InterviewQuestionSchema>;

export const InterviewSchema = Type.Object({
  interviewId: Type.String(),
  questions: Type.Array(InterviewQuestionSchema),
});
export type InterviewDto = Static<typeof InterviewSchema>;

export const EvaluateAnswerSchema = Strict({
  answer: Type.String({ minLength: 1, maxLength: 4000 }),
  questionId: QuestionId,
  allAnswers: Type.Optional(Answers),
  language: Language,
});

export const EvaluationSchema = Type.Object({
  verdict: Type.Enum(['good', 'short', 'vague', 'contradiction']),
  score: Type.Number({ minimum: 0, maximum: 100 }),
  feedback: Type.String(),
});
export type EvaluationDto = Static<typeof EvaluationSchema>;

export const FinalAnalysisRequestSchema = Strict({
  answers: Answers,
  /** Sent by the page as the spec says; the server uses the questions it built. */
  questions: Type.Optional(Type.Array(Type.Object({ id: Type.String({ maxLength: 10 }) }), { maxItems: 30 })),
  language: Language,
});

export const FinalAnalysisSchema = Type.Object({
  riskLevel: Type.Enum(['low', 'medium', 'high']),
  successProbability: Type.Integer({ minimum: 0, maximum: 100 }),
  strengths: Type.Array(Type.String()),
  weaknesses: Type.Array(Type.String()),
  recommendations: Type.Array(Type.String()),
  evaluations: Type.Record(Type.String(), EvaluationSchema, { description: "Each answered question's evaluation" }),
});
export type FinalAnalysisDto = Static<typeof FinalAnalysisSchema>;
