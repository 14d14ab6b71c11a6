import { Type, type Static } from 'typebox';
import { PriceSchema } from './orders';
import { Strict } from './common';

// The AI assistant page's interview (spec 3-ai §2.4, §3 "AI interview session", §4.3, §7).

export const AssistantTypeSchema = Type.Enum(['ds160', 'esta']);

export const AssistantSessionCreateSchema = Strict({ type: AssistantTypeSchema });
export const AssistantSessionSchema = Type.Object({ sessionId: Type.String() });

export const AssistantNextSchema = Strict({
  sessionId: Type.String({ minLength: 1, maxLength: 36 }),
  language: Type.Optional(Type.Enum(['es', 'en', 'fr', 'pt'], { description: 'The conversation language (default es)' })),
});

export const AssistantFieldSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  type: Type.String(),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
});

export const AssistantQuestionSchema = Type.Object({
  done: Type.Boolean(),
  message: Type.String({ description: 'The completion message when done; empty otherwise' }),
  question: Type.String({ description: 'The question to ask; empty when done' }),
  field: Type.Optional(AssistantFieldSchema),
  progress: Type.Object({ answered: Type.Integer(), total: Type.Integer() }),
  checkoutUrls: Type.Optional(
    Type.Object({ basic: Type.String(), pro: Type.String(), elite: Type.String() }, { description: "The three plans' checkout links, when done" }),
  ),
  checkoutPrices: Type.Optional(
    Type.Partial(Type.Object({ basic: PriceSchema, pro: PriceSchema, premium: PriceSchema, esta: PriceSchema }), {
      description: "What each plan costs this application, when done: its visa class's government fees (a work visa's, not a visitor's) and any credit",
    }),
  ),
});
export type AssistantQuestion = Static<typeof AssistantQuestionSchema>;

export const AssistantAnswerSchema = Strict({
  sessionId: Type.String({ minLength: 1, maxLength: 36 }),
  question_id: Type.String({ minLength: 1, maxLength: 60 }),
  question_label: Type.Optional(Type.String({ maxLength: 500, description: 'The question as shown (kept for the record; the id decides)' })),
  answer: Type.String({ minLength: 1, maxLength: 1000 }),
  language: Type.Optional(Type.Enum(['es', 'en', 'fr', 'pt'])),
});
export type AssistantAnswer = Static<typeof AssistantAnswerSchema>;

/** The quick answers offered under a line, as the applicant may tap them. */
const QuickAnswers = Type.Array(Type.String(), { description: 'Quick answers: tapping one sends it as the answer' });

export const AssistantAnsweredSchema = Type.Object({
  /**
   * Whether the answer was stored (issue 32). An answer not read surely, refused by the question's rule, or that
   * answers nothing ("no sé", a question to the assistant) stores nothing; the reply says what was understood or
   * what would be accepted, in the conversation's language, with quick answers.
   */
  saved: Type.Boolean(),
  /** The answer as stored: '15 de marzo de 1990' for a date question is 1990-03-15. */
  value: Type.Optional(Type.String()),
  progress: Type.Object({ answered: Type.Integer(), total: Type.Integer() }),
  reply: Type.Optional(Type.Object({ text: Type.String({ description: "The assistant's line, in the conversation language" }), quickAnswers: QuickAnswers })),
});
export type AssistantAnswered = Static<typeof AssistantAnsweredSchema>;

export const AssistantLineSchema = Type.Object({
  role: Type.Enum(['assistant', 'user']),
  text: Type.String(),
  /** The question an assistant line asks, so it is not repeated after a reload. */
  questionId: Type.Optional(Type.String()),
  quickAnswers: Type.Optional(QuickAnswers),
});
export type AssistantLineDto = Static<typeof AssistantLineSchema>;

export const AssistantSessionParamsSchema = Strict({ sessionId: Type.String({ minLength: 1, maxLength: 36 }) });

export const AssistantConversationSchema = Type.Object({
  sessionId: Type.String(),
  type: AssistantTypeSchema,
  language: Type.Enum(['es', 'en', 'fr', 'pt']),
  lines: Type.Array(AssistantLineSchema, { description: 'The conversation as shown, oldest first' }),
});
export type AssistantConversation = Static<typeof AssistantConversationSchema>;
