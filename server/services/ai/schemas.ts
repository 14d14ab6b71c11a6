import { Type, type Static } from 'typebox';

// The AI layer's operations (issue 13), each with its input and output schema: the built-in engine and the
// OpenAI engine answer the same shapes, and every answer is checked against them.

export const LanguageSchema = Type.Enum(['en', 'es', 'fr', 'pt'], { description: 'The conversation language' });

/** Extraction: the fields a free-text answer gives. */
export const ExtractInputSchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 2000 }),
  language: LanguageSchema,
});
export type ExtractInput = Static<typeof ExtractInputSchema>;

export const PurposeSchema = Type.Enum(['tourism', 'business', 'study', 'transit'], { description: "The trip's purpose, as the start flow names it" });

export const ExtractedSchema = Type.Object({
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String({ description: 'Digits, with a leading + when an international prefix was written' })),
  dates: Type.Array(Type.Object({ iso: Type.String({ format: 'date' }), text: Type.String({ description: 'As written' }) })),
  countries: Type.Array(Type.String(), { description: "Every country named, as the product's English names, in order" }),
  nationality: Type.Optional(Type.String({ description: "The person's own country: a nationality word, a country after 'I am from', or a one-country answer" })),
  purpose: Type.Optional(PurposeSchema),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  passportNumber: Type.Optional(Type.String()),
});
export type Extracted = Static<typeof ExtractedSchema>;

/** The AI assistant page's scripted interviews (spec 3-ai §2.4, §4.3). */
export const InterviewTypeSchema = Type.Enum(['esta', 'ds160']);
export type InterviewType = Static<typeof InterviewTypeSchema>;

export const NextQuestionInputSchema = Type.Object({
  type: InterviewTypeSchema,
  /** The answers so far, by question id: which are given, and which follow-ups they call for. */
  answers: Type.Record(Type.String(), Type.String()),
  language: LanguageSchema,
});
export type NextQuestionInput = Static<typeof NextQuestionInputSchema>;

export const InterviewQuestionSchema = Type.Object({
  id: Type.String(),
  label: Type.String({ description: 'The question, in the conversation language' }),
  type: Type.String({ description: "The catalog's answer type: text, email, date, radio, select, country…" }),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
});
export type InterviewQuestion = Static<typeof InterviewQuestionSchema>;

export const NextQuestionSchema = Type.Object({
  done: Type.Boolean(),
  question: Type.Optional(InterviewQuestionSchema),
  progress: Type.Object({ answered: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 1 }) }),
});
export type NextQuestion = Static<typeof NextQuestionSchema>;

/**
 * A chat reply. The service decides what the conversation needs next (the field to ask, an offer to make) from
 * what it has collected; the engine only puts that into words in the conversation's language, streamed.
 */
export const ChatMessageSchema = Type.Object({
  role: Type.Enum(['user', 'assistant']),
  content: Type.String({ maxLength: 4000 }),
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

export const ChatAskSchema = Type.Object({
  field: Type.String({ description: 'The collected field the reply asks for' }),
  label: Type.String({ description: 'The question, in the conversation language' }),
  input: Type.Enum(['text', 'email', 'date', 'number', 'country', 'select', 'none'], { description: 'The inline widget the reply carries as [INPUT:type:label]' }),
});
export type ChatAsk = Static<typeof ChatAskSchema>;

export const ChatReplyInputSchema = Type.Object({
  assistantName: Type.String({ description: "The assistant's name from branding ('Sofía')" }),
  language: LanguageSchema,
  /** The conversation so far, oldest first; the last one is the message being answered. */
  messages: Type.Array(ChatMessageSchema, { maxItems: 40 }),
  /** What the applicant said that the service understood this turn, in words, to acknowledge. */
  understood: Type.Array(Type.String()),
  /**
   * What the service needs said before the question (issue 32): what it understood and asks to confirm, a refusal
   * saying what would be accepted, or the answer to a message that answered nothing. In the conversation language.
   */
  clarify: Type.Optional(Type.String({ maxLength: 1000 })),
  /** What to ask next, or nothing when the conversation has all it needs. */
  ask: Type.Optional(ChatAskSchema),
  /** A plan to offer, rendered by the page from [CHECKOUT:plan]. */
  offer: Type.Optional(Type.Enum(['basic', 'pro', 'elite'])),
});
export type ChatReplyInput = Static<typeof ChatReplyInputSchema>;

/** The whole reply once streamed; checked like every other answer. */
export const ChatReplySchema = Type.Object({ content: Type.String({ minLength: 1, maxLength: 4000 }) });
export type ChatReply = Static<typeof ChatReplySchema>;

/** A section's completeness: which of its fields are filled and which are still missing. */
export const CompletenessInputSchema = Type.Object({
  section: Type.String(),
  fields: Type.Array(Type.String(), { description: "The section's field names" }),
  data: Type.Record(Type.String(), Type.String()),
});
export type CompletenessInput = Static<typeof CompletenessInputSchema>;

export const CompletenessSchema = Type.Object({
  section: Type.String(),
  filled: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  missing: Type.Array(Type.String()),
  complete: Type.Boolean(),
});
export type Completeness = Static<typeof CompletenessSchema>;

/** The final analysis of what a chat collected: errors that block filing and warnings worth a look. */
export const AnalysisInputSchema = Type.Object({
  formType: Type.Enum(['DS-160', 'ESTA']),
  language: LanguageSchema,
  data: Type.Record(Type.String(), Type.String(), { description: 'The collected fields (see COLLECTED_FIELDS)' }),
});
export type AnalysisInput = Static<typeof AnalysisInputSchema>;

export const FindingSchema = Type.Object({
  field: Type.String(),
  code: Type.Enum(['missing', 'invalid-date', 'date-order', 'passport-expiry', 'waiver-nationality', 'visa-nationality', 'other']),
  message: Type.String({ description: 'In the conversation language' }),
});
export type Finding = Static<typeof FindingSchema>;

export const AnalysisSchema = Type.Object({
  errors: Type.Array(FindingSchema),
  warnings: Type.Array(FindingSchema),
  summary: Type.String({ description: 'One paragraph, in the conversation language' }),
});
export type Analysis = Static<typeof AnalysisSchema>;


/** Reading an answer to a known question (issue 32): the question as the reading sees it. */
export const AskedSchema = Type.Object({
  field: Type.String(),
  kind: Type.Enum(['name', 'fullName', 'text', 'city', 'address', 'email', 'phone', 'date', 'country', 'choice', 'amount', 'passport']),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), labels: Type.Object({ en: Type.String(), es: Type.String(), fr: Type.String(), pt: Type.String() }) }))),
  dates: Type.Optional(Type.Enum(['birth', 'past', 'future'])),
  latin: Type.Optional(Type.Boolean()),
  phoneCountry: Type.Optional(Type.String()),
  after: Type.Optional(Type.String()),
  eligibility: Type.Optional(Type.Boolean()),
});

export const ReadInputSchema = Type.Object({
  asked: AskedSchema,
  /** The question as the applicant saw it, in the conversation language. */
  question: Type.Optional(Type.String()),
  text: Type.String({ minLength: 1, maxLength: 2000 }),
  language: LanguageSchema,
  /** yyyy-mm-dd: dates without a year and relative ones are read from it. */
  today: Type.String(),
});
export type ReadInput = Static<typeof ReadInputSchema>;

/** What a model answers: the value as the message gives it, the words that give it, and how sure it is. */
export const ModelReadingSchema = Type.Object({
  kind: Type.Enum(['answer', 'unsure', 'notUnderstood', 'dontKnow', 'question', 'abuse', 'offTopic'], {
    description: 'answer: the message answers the question; unsure: it may; dontKnow; question: a question to the assistant; abuse; offTopic: anything else',
  }),
  value: Type.Optional(Type.String({ description: "The answer's value: a date as yyyy-mm-dd, a country's English name, an option's value, a number, an e-mail, a phone with its country code" })),
  quote: Type.Optional(Type.String({ description: "The message's own words that give the value, copied exactly" })),
  confidence: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  alternatives: Type.Optional(Type.Array(Type.String(), { description: 'Other values the message may mean' })),
});
