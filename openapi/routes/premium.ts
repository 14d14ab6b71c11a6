import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { AccessResultSchema, EvaluateAnswerSchema, EvaluationSchema, FinalAnalysisRequestSchema, FinalAnalysisSchema, InterviewPrepSchema, InterviewSchema, VerifyAccessSchema } from '../schemas/premium';

export const verifyAccess = defineRoute({
  method: 'POST',
  url: '/api/premium/verify-access',
  tags: ['premium'],
  summary:
    'Checks a premium access code: valid only for a paid Premium order. A valid code opens the interview to this browser session. Wrong codes count per session and per client address; after five, each guess waits longer (429).',
  body: VerifyAccessSchema,
  responses: { 200: AccessResultSchema, ...errorResponses(400, 429) },
});

export const interviewPrep = defineRoute({
  method: 'POST',
  url: '/api/premium/interview-prep',
  tags: ['premium'],
  summary: "Reads the applicant's facts from the pasted DS-160 data (or the saved application) and builds the interview's questions from them. Verified sessions only (403).",
  body: InterviewPrepSchema,
  responses: { 200: InterviewSchema, ...errorResponses(400, 403, 404, 429) },
});

export const evaluateAnswer = defineRoute({
  method: 'POST',
  url: '/api/premium/evaluate-answer',
  tags: ['premium'],
  summary: 'Saves one answer of the prepared interview and weighs it against what the applicant declared. Verified sessions only (403).',
  body: EvaluateAnswerSchema,
  responses: { 200: EvaluationSchema, ...errorResponses(400, 403, 404, 429) },
});

export const finalAnalysis = defineRoute({
  method: 'POST',
  url: '/api/premium/final-analysis',
  tags: ['premium'],
  summary: 'The risk level, success probability, strengths, weaknesses and recommendations of the interview, each naming the answer or the declared fact it came from. Verified sessions only (403).',
  body: FinalAnalysisRequestSchema,
  responses: { 200: FinalAnalysisSchema, ...errorResponses(400, 403, 404, 429) },
});
