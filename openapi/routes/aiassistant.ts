import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AssistantAnsweredSchema,
  AssistantAnswerSchema,
  AssistantConversationSchema,
  AssistantSessionParamsSchema,
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
    "Answer one question as people write ('15 de marzo de 1990', 'soy mexicana', 'sí', 'je m\u2019appelle Ana'). It is read into the question's form and checked with the wizard's rules; an answer not read surely, refused by a rule, or that answers nothing is not stored (`saved: false`), and the reply says what was understood or what would be accepted, with quick answers",
  body: AssistantAnswerSchema,
  responses: { 200: AssistantAnsweredSchema, ...errorResponses(400, 403, 404, 409, 429) },
});

export const assistantConversation = defineRoute({
  method: 'GET',
  url: '/api/aiassistant/session/:sessionId',
  tags: ['ai'],
  summary: "The interview's conversation as it was shown, oldest first, and its language: a reload of the page shows it again (this browser's interviews only)",
  params: AssistantSessionParamsSchema,
  responses: { 200: AssistantConversationSchema, ...errorResponses(400, 403, 404, 429) },
});
