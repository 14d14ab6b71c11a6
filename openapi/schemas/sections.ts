import { Type, type Static } from 'typebox';
import { Strict } from './common';

// The intelligent chat (spec 3-ai §2.7, §3 "Intelligent chat form progress", §4.6, §7; issue 13).

const Language = Type.Enum(['es', 'en', 'fr', 'pt'], { description: 'The conversation language' });
/** Issue 32: the browser's own id for the conversation; with it the server keeps the form and the conversation. */
const SessionId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: "The browser's id for the conversation: the server keeps its form and messages, so a reload shows them" });
const QuickAnswers = Type.Array(Type.String(), { description: 'Quick answers: tapping one sends it as the answer' });
const Fields = Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 500 }), { maxProperties: 10 });
export const SectionNameSchema = Type.Enum(['personal', 'contact', 'passport', 'travel', 'employment']);

export const FormProgressSchema = Type.Object({
  personalInfo: Fields,
  contactInfo: Fields,
  passportInfo: Fields,
  travelInfo: Fields,
  employmentInfo: Fields,
  completedSections: Type.Array(SectionNameSchema, { maxItems: 5 }),
  currentSection: SectionNameSchema,
  totalProgress: Type.Number({ minimum: 0, maximum: 100 }),
});
export type FormProgress = Static<typeof FormProgressSchema>;

const History = Type.Array(Strict({ role: Type.Enum(['user', 'assistant']), content: Type.String({ maxLength: 4000 }) }), {
  maxItems: 6,
  description: 'The last 6 messages (spec 3-ai §9)',
});

export const IntelligentChatSchema = Strict({
  sessionId: Type.Optional(SessionId),
  message: Type.String({ maxLength: 2000, description: 'Empty for the greeting' }),
  context: Strict({
    formProgress: FormProgressSchema,
    country: Type.Optional(Type.String({ maxLength: 100 })),
    purpose: Type.Optional(Type.String({ maxLength: 40 })),
    visaType: Type.Optional(Type.String({ maxLength: 20 })),
    understood: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 20, description: 'What the analysis of this answer found, to acknowledge' })),
  }),
  language: Language,
  messageHistory: History,
});
export type IntelligentChat = Static<typeof IntelligentChatSchema>;

export const IntelligentReplySchema = Type.Object({
  response: Type.String(),
  isComplete: Type.Boolean(),
  nextSection: Type.Optional(SectionNameSchema),
  quickAnswers: Type.Optional(QuickAnswers),
});

export const ResponseAnalysisSchema = Strict({
  sessionId: Type.Optional(SessionId),
  userResponse: Type.String({ minLength: 1, maxLength: 2000 }),
  currentSection: SectionNameSchema,
  formProgress: FormProgressSchema,
  language: Language,
  visaType: Type.Optional(Type.Enum(['DS-160', 'ESTA'])),
});
export type ResponseAnalysis = Static<typeof ResponseAnalysisSchema>;

export const ExtractedDataSchema = Type.Object({
  extractedData: Type.Record(Type.String(), Type.String(), { description: "The current section's fields this answer filled (only what was read surely)" }),
  understood: Type.Array(Type.String(), { description: 'The same, in words of the conversation language' }),
  /** Issue 32: what the reply must say first: a value shown back to confirm, or what would be accepted. */
  clarify: Type.Optional(Type.String()),
  quickAnswers: Type.Optional(QuickAnswers),
});

export const SectionsSessionParamsSchema = Strict({ sessionId: SessionId });

export const SectionsConversationSchema = Type.Object({
  language: Language,
  formProgress: FormProgressSchema,
  messages: Type.Array(Type.Object({ role: Type.Enum(['user', 'assistant']), content: Type.String(), quickAnswers: Type.Optional(QuickAnswers) })),
});
export type SectionsConversation = Static<typeof SectionsConversationSchema>;

export const AnalyzeFormSchema = Strict({
  formData: FormProgressSchema,
  language: Language,
  visaType: Type.Optional(Type.Enum(['DS-160', 'ESTA'])),
});

const Finding = Type.Object({ field: Type.String(), code: Type.String(), message: Type.String() });
export const FormAnalysisSchema = Type.Object({
  analysis: Type.String({ description: 'The summary, in the conversation language' }),
  hasWarnings: Type.Boolean(),
  hasErrors: Type.Boolean(),
  errors: Type.Array(Finding),
  warnings: Type.Array(Finding),
});
export type FormAnalysis = Static<typeof FormAnalysisSchema>;
