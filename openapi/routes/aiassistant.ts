import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AssistantAnsweredSchema,
  AssistantAnswerSchema,
  AssistantNextSchema,
  AssistantQuestionSchema,
  AssistantSessionCreateSchema,
  AssistantSessionSchema,
} from '../schemas/aiassistant';

export const createAssistantSession = defineRoute({
  method: 'POST',
  url: '/api/aiassistant/session',
  tags: ['ai'],
  summary: "Begin the AI assistant's interview for the DS-160 (25 questions) or the ESTA (31), owned by this browser session",
  body: AssistantSessionCreateSchema,
  responses: { 201: AssistantSessionSchema, ...errorResponses(400, 429) },
});

export const nextAssistantQuestion = defineRoute({
  method: 'POST',
  url: '/api/aiassistant/next',
  tags: ['ai'],
  summary: 'The next unanswered question in the conversation language, or, when every one is answered, the completion message and the three plans’ checkout links',
  body: AssistantNextSchema,
  responses: { 200: AssistantQuestionSchema, ...errorResponses(400, 403, 404, 429) },
});

export const answerAssistantQuestion = defineRoute({
  method: 'POST',
  url: '/api/aiassistant/answer',
  tags: ['ai'],
  summary:
    "Answer one question as people write ('15 de marzo de 1990', 'soy mexicana', 'sí'); it is read into the question's form and checked with the wizard's rules (400 naming body.answer)",
  body: AssistantAnswerSchema,
  responses: { 200: AssistantAnsweredSchema, ...errorResponses(400, 403, 404, 429) },
});
