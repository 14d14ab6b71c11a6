import { Type, type Static } from 'typebox';
import { Strict } from './common';

// The language-select-then-chat page (spec 3-ai §2.6, §3 "Session (second chat)", §4.5, §7; issue 13).

export const AgentSessionIdSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: "The browser's own id for the conversation" });

export const AgentButtonSchema = Type.Object({
  text: Type.String(),
  action: Type.Enum(['reply', 'link'], { description: 'reply sends the text as the next message; link opens the url' }),
  url: Type.Optional(Type.String()),
});
export type AgentButton = Static<typeof AgentButtonSchema>;

export const AgentSessionSchema = Type.Object({
  language: Type.String(),
  country: Type.Optional(Type.String()),
  purpose: Type.Optional(Type.String()),
  duration: Type.Optional(Type.String()),
  recommendation: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  readyForCheckout: Type.Boolean(),
  formType: Type.Optional(Type.String()),
  questionsStarted: Type.Boolean(),
  currentQuestionIndex: Type.Integer({ minimum: 0 }),
  formData: Type.Object({ email: Type.Optional(Type.String()), firstName: Type.Optional(Type.String()), lastName: Type.Optional(Type.String()) }),
  leadId: Type.Optional(Type.String()),
  checkoutUrl: Type.Optional(Type.String({ description: "The payment page for the conversation's lead, once it is ready for checkout" })),
  wizardOffered: Type.Boolean(),
});
export type AgentSession = Static<typeof AgentSessionSchema>;

export const AgentSessionViewSchema = Type.Intersect([
  AgentSessionSchema,
  Type.Object({ messages: Type.Array(Type.Object({ role: Type.Enum(['user', 'assistant']), content: Type.String(), buttons: Type.Optional(Type.Array(AgentButtonSchema)) })) }),
]);

export const AgentChatSchema = Strict({
  sessionId: AgentSessionIdSchema,
  message: Type.String({ maxLength: 2000, description: 'Empty right after the language is chosen: the greeting' }),
  language: Type.Optional(Type.Enum(['es', 'en', 'fr', 'pt'], { description: 'The chosen conversation language' })),
});

export const AgentReplySchema = Type.Object({
  response: Type.String(),
  redirect: Type.Optional(Type.String({ description: 'Where the page goes 2 seconds after showing the response' })),
  buttons: Type.Array(AgentButtonSchema),
  session: AgentSessionSchema,
});
export type AgentReply = Static<typeof AgentReplySchema>;

export const AgentSessionParamsSchema = Strict({ sessionId: AgentSessionIdSchema });

export const FreshConversationSchema = Strict({ to: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: "The fresh conversation's id, made by the browser" }) });
export const FreshConversationReplySchema = Type.Object({ sessionId: Type.String() });

export const Ds160SectionListSchema = Type.Array(Type.Object({ id: Type.String(), title: Type.String() }));
export const Ds160ProgressSchema = Type.Object({
  sections: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), isCompleted: Type.Boolean() })),
  completed: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 1 }),
});
