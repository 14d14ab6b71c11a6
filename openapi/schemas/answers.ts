import { Type, type Static } from 'typebox';

// An application's answer as the interface shows it (issue 34): what kind of value it is, so the page words it in
// its own language (an option's text, a country's name, a date, a tick), never as it was stored.

/** One value: text as typed, an option (its text's translation key), a country, a date, or a tick. */
export const AnswerCellSchema = Type.Union([
  Type.Object({ kind: Type.Literal('text'), text: Type.String() }),
  Type.Object({
    kind: Type.Literal('option'),
    key: Type.String({ description: "Translation key of the option's text" }),
    text: Type.String({ description: 'The value as stored' }),
  }),
  Type.Object({ kind: Type.Literal('country'), name: Type.String({ description: 'The English name, as stored' }) }),
  Type.Object({ kind: Type.Literal('date'), date: Type.String({ description: 'YYYY-MM-DD' }) }),
  Type.Object({ kind: Type.Literal('flag'), on: Type.Boolean() }),
]);
export type AnswerCell = Static<typeof AnswerCellSchema>;

/** A list's row's answer (a companion's first name). */
export const AnswerPartSchema = Type.Object({
  labelKey: Type.Optional(Type.String()),
  label: Type.String({ description: 'English label, when no key applies' }),
  value: AnswerCellSchema,
});
export type AnswerPart = Static<typeof AnswerPartSchema>;

/** A value, or the rows of a list (the ten-section form's companions and U.S. visits). */
export const AnswerValueSchema = Type.Union([AnswerCellSchema, Type.Object({ kind: Type.Literal('rows'), rows: Type.Array(Type.Array(AnswerPartSchema)) })]);
export type AnswerValue = Static<typeof AnswerValueSchema>;
