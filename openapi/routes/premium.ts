import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AccessResultSchema,
  EvaluateAnswerSchema,
  EvaluationSchema,
  FinalAnalysisRequestSchema,
  FinalAnalysisSchema,
  InterviewEndedSchema,
  InterviewPrepSchema,
  InterviewSchema,
  InterviewStateQuerySchema,
  InterviewStateSchema,
  VerifyAccessSchema,
} from '../schemas/premium';

export const verifyAccess = defineRoute({
  method: 'POST',
  url: '/api/premium/verify-access',
  tags: ['premium'],
  summary:
    'Checks a premium access code: valid only for a paid Premium order. A valid code opens the interview to this browser session. Wrong codes count per session and per client address; after five, each guess waits longer (429).',
  body: VerifyAccessSchema,
  responses: { 200: AccessResultSchema, ...errorResponses(400, 429) },
});

export const interviewState = defineRoute({
  method: 'GET',
  url: '/api/premium/interview',
  tags: ['premium'],
  summary:
    "Where this session's interview stands, so a reload or the other premium page continues it: whether the session (or the signed-in account that bought the code) is verified, and the interview in progress with its questions worded in the language asked (unless one was chosen explicitly), the answers so far with their evaluations, and the analysis once finished.",
  querystring: InterviewStateQuerySchema,
  responses: { 200: InterviewStateSchema, ...errorResponses(400) },
});

export const interviewPrep = defineRoute({
  method: 'POST',
  url: '/api/premium/interview-prep',
  tags: ['premium'],
  summary:
    "Reads the applicant's facts from the pasted DS-160 data (or the saved application), runs the rule book over them and builds the interview's questions, as a job: 200 with the questions when it is done at once, 202 while a model is still reading (follow GET /api/premium/interview until its status is ready). Verified sessions only (403); with OpenAI configured, the premium notice accepted first (403 premium_consent_required).",
  body: InterviewPrepSchema,
  responses: { 200: InterviewSchema, 202: InterviewSchema, ...errorResponses(400, 403, 404, 429) },
});

export const evaluateAnswer = defineRoute({
  method: 'POST',
  url: '/api/premium/evaluate-answer',
  tags: ['premium'],
  summary: 'Saves one answer of the prepared interview and judges it: on topic, consistent with the form and the earlier answers, specific, not a repeat. Verified sessions only (403); with OpenAI configured, the premium notice accepted first (403 premium_consent_required).',
  body: EvaluateAnswerSchema,
  responses: { 200: EvaluationSchema, ...errorResponses(400, 403, 404, 429) },
});

export const finalAnalysis = defineRoute({
  method: 'POST',
  url: '/api/premium/final-analysis',
  tags: ['premium'],
  summary: "The risk level, success probability, strengths, weaknesses and recommendations of the interview, weighing the rule book's findings and the answers to them; the interview is then finished. Verified sessions only (403); with OpenAI configured, the premium notice accepted first (403 premium_consent_required).",
  body: FinalAnalysisRequestSchema,
  responses: { 200: FinalAnalysisSchema, ...errorResponses(400, 403, 404, 429) },
});

export const newInterview = defineRoute({
  method: 'POST',
  url: '/api/premium/new-interview',
  tags: ['premium'],
  summary: "'New interview': this session leaves its interview (kept, finished or not) and returns to the access code.",
  responses: { 200: InterviewEndedSchema },
});
