import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { AgentChatSchema, FreshConversationReplySchema, FreshConversationSchema, AgentReplySchema, AgentSessionParamsSchema, AgentSessionViewSchema, Ds160ProgressSchema, Ds160SectionListSchema } from '../schemas/agent';

export const agentChat = defineRoute({
  method: 'POST',
  url: '/api/ai/chat',
  tags: ['ai'],
  summary:
    "One turn of the consular-agent chat: its reply, buttons, a redirect once the applicant asks to pay or to fill the form, and the session. Streams as server-sent events with 'Accept: text/event-stream'.",
  body: AgentChatSchema,
  responses: { 200: AgentReplySchema, ...errorResponses(400, 403, 409, 429, 500) },
});

export const agentSession = defineRoute({
  method: 'GET',
  url: '/api/ai/session/:sessionId',
  tags: ['ai'],
  summary: "The consular-agent chat's session and messages (this browser's conversations only); 204 when none is begun under this id",
  params: AgentSessionParamsSchema,
  responses: { 200: AgentSessionViewSchema, 204: Type.Null(), ...errorResponses(400, 403, 404, 429) },
});

export const ds160Sections = defineRoute({
  method: 'GET',
  url: '/api/ds160/sections',
  tags: ['ai'],
  summary: "The ten sections of the DS-160 form, with their English titles",
  responses: { 200: Ds160SectionListSchema, ...errorResponses(429) },
});

export const ds160Progress = defineRoute({
  method: 'GET',
  url: '/api/ds160/sessions/:sessionId/progress',
  tags: ['ai'],
  summary: "Which DS-160 sections a consular-agent chat has already answered (this browser's conversations only)",
  params: AgentSessionParamsSchema,
  responses: { 200: Ds160ProgressSchema, ...errorResponses(400, 403, 404, 429) },
});

export const freshConversation = defineRoute({
  method: 'POST',
  url: '/api/ai/session/:sessionId/fresh',
  tags: ['ai'],
  summary:
    "Goes on from a conversation in a fresh one under the id `to` (any of the AI chats; after a 413 conversation_full): what it collected and its saved application carry over, its messages do not",
  params: AgentSessionParamsSchema,
  body: FreshConversationSchema,
  responses: { 201: FreshConversationReplySchema, ...errorResponses(400, 403, 404, 429) },
});
