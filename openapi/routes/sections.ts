import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AnalyzeFormSchema,
  ExtractedDataSchema,
  FormAnalysisSchema,
  IntelligentChatSchema,
  IntelligentReplySchema,
  ResponseAnalysisSchema,
  SectionsConversationSchema,
  SectionsSessionParamsSchema,
} from '../schemas/sections';

export const intelligentChat = defineRoute({
  method: 'POST',
  url: '/api/openai/intelligent-chat',
  tags: ['ai'],
  summary:
    "The intelligent chat's reply: what it understood, then the current section's next question, or the next section's first. Streams as server-sent events with 'Accept: text/event-stream' (`piece`, then `done` with this body, or `error`).",
  body: IntelligentChatSchema,
  responses: { 200: IntelligentReplySchema, ...errorResponses(400, 403, 429, 500) },
});

export const responseAnalysis = defineRoute({
  method: 'POST',
  url: '/api/openai/response-analysis',
  tags: ['ai'],
  summary: "Reads an answer into the current section's fields; once there is an e-mail, what the chat collected is kept as this browser's lead",
  body: ResponseAnalysisSchema,
  responses: { 200: ExtractedDataSchema, ...errorResponses(400, 403, 409, 429, 500) },
});

export const analyzeForm = defineRoute({
  method: 'POST',
  url: '/api/openai/analyze-form',
  tags: ['ai'],
  summary: 'The final analysis: required fields missing, impossible or inconsistent dates, a form that does not fit the nationality',
  body: AnalyzeFormSchema,
  responses: { 200: FormAnalysisSchema, ...errorResponses(400, 429, 500) },
});

export const sectionsConversation = defineRoute({
  method: 'GET',
  url: '/api/openai/intelligent-chat/:sessionId',
  tags: ['ai'],
  summary: "The intelligent chat's form and conversation as the server kept them (issue 32), so a reload shows them (this browser's conversations only); 204 when none is begun under this id",
  params: SectionsSessionParamsSchema,
  responses: { 200: SectionsConversationSchema, 204: Type.Null(), ...errorResponses(400, 403, 404, 429) },
});
