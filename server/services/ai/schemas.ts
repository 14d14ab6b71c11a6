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
  /** Ids of the questions answered so far. */
  answered: Type.Array(Type.String()),
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
