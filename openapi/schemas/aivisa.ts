import { Type, type Static } from 'typebox';
import { Strict } from './common';

// The advanced chat (spec 3-ai §2.5, §3 "Advanced chat", §4.4, §7; issue 13).

const SessionId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: "The browser's own id for the conversation (kept in local storage)" });

export const AivisaChatSchema = Strict({
  sessionId: SessionId,
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  /** Sent by the page as the spec says; the server keeps its own record and does not trust this one. */
  history: Type.Optional(Type.Array(Type.Object({ role: Type.String({ maxLength: 20 }), content: Type.String({ maxLength: 4000 }) }), { maxItems: 40 })),
  language: Type.Optional(Type.Enum(['es', 'en', 'fr', 'pt'], { description: 'The conversation language (default es)' })),
});
export type AivisaChat = Static<typeof AivisaChatSchema>;

export const AivisaApplicationSchema = Type.Object({
  status: Type.Enum(['in_progress', 'paid']),
  readiness: Type.Integer({ minimum: 0, maximum: 100 }),
  collected: Type.Record(Type.String(), Type.String(), { description: 'What the conversation collected, by field' }),
  /** Issue 32: the conversation kept on the server, so a reload shows it; the last reply's quick answers with it. */
  messages: Type.Optional(
    Type.Array(Type.Object({ role: Type.Enum(['user', 'assistant']), content: Type.String(), suggestions: Type.Optional(Type.Array(Type.String())) }), {
      description: 'The conversation as it was, oldest first',
    }),
  ),
});
export type AivisaApplication = Static<typeof AivisaApplicationSchema>;

export const StateUpdateSchema = Type.Object({
  email: Type.Optional(Type.String()),
  citizenship_country: Type.Optional(Type.String()),
  trip_purpose: Type.Optional(Type.String()),
  product_recommendation: Type.Optional(Type.String()),
  selected_plan: Type.Optional(Type.String()),
});

export const AivisaTurnSchema = Type.Object({
  content: Type.String({ description: 'The reply, with its [INPUT:type:label] and [CHECKOUT:plan] markers' }),
  suggestions: Type.Array(Type.String(), { description: 'Quick answers' }),
  application: AivisaApplicationSchema,
  showPaywall: Type.Boolean(),
  wizardData: Type.Object({
    next_question: Type.Optional(Type.String()),
    ui_hints: Type.Optional(Type.Object({ type: Type.Enum(['select', 'email', 'text']), options: Type.Optional(Type.Array(Type.String())) })),
  }),
  stateUpdate: StateUpdateSchema,
});
export type AivisaTurn = Static<typeof AivisaTurnSchema>;

export const AivisaSessionParamsSchema = Strict({ sessionId: SessionId });

export const AivisaCheckoutSchema = Strict({
  sessionId: SessionId,
  plan: Type.String({ minLength: 1, maxLength: 20, description: 'basic (or básico), pro or elite' }),
});
export const AivisaCheckoutUrlSchema = Type.Object({ url: Type.String({ description: 'The /checkout page for this plan and the lead the chat made' }) });
