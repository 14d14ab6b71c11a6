import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { AivisaApplicationSchema, AivisaChatSchema, AivisaCheckoutSchema, AivisaCheckoutUrlSchema, AivisaSessionParamsSchema, AivisaTurnSchema } from '../schemas/aivisa';

export const aivisaChat = defineRoute({
  method: 'POST',
  url: '/api/aivisa/chat',
  tags: ['ai'],
  summary:
    "One turn of the advanced chat. With 'Accept: text/event-stream' the reply streams as server-sent events: `piece` ({ text }) as it is produced, then `done` (this body) or `error` ({ statusCode, message }). Past readiness 80 a session without a paid order is refused (402).",
  body: AivisaChatSchema,
  responses: { 200: AivisaTurnSchema, ...errorResponses(400, 402, 403, 409, 429, 500) },
});

export const aivisaApplication = defineRoute({
  method: 'GET',
  url: '/api/aivisa/application/:sessionId',
  tags: ['ai'],
  summary: "The advanced chat's application: status, readiness and what it collected (this browser's conversations only); 204 when none is begun under this id",
  params: AivisaSessionParamsSchema,
  responses: { 200: AivisaApplicationSchema, 204: Type.Null(), ...errorResponses(400, 403, 404, 429) },
});

export const aivisaCheckout = defineRoute({
  method: 'POST',
  url: '/api/aivisa/checkout',
  tags: ['ai'],
  summary: 'The checkout page for a plan chosen in the advanced chat, for the lead the chat made (docs/DECISIONS.md: never a development host)',
  body: AivisaCheckoutSchema,
  responses: { 200: AivisaCheckoutUrlSchema, ...errorResponses(400, 403, 404, 429) },
});
