// What a lead's answers may hold: the questions or declared fields of the form the lead came from, text (or a
// yes/no, or rows of text for the ten-section form's lists), nested a few levels at most, 256 KB in all.
import { DS160_FORM_FIELDS, DS160_FORM_LISTS, DS160_FORM_MAX_ROWS, DS160_FORM_SECTIONS } from '../../../machines/domain/ds160Form';
import { SaveLeadSchema } from '../../../openapi/schemas/leads';
import { CHAT_FIELDS } from '../../../machines/domain/chatFields';
import { catalogForSource, type AnswerProblem } from './answers';

/** The chats whose leads keep the chat fields by name (issue 13): the intelligent chat and the consular chat. */
export const COLLECTED_SOURCES = ['ai-chat-sections', 'ai-chat'] as const;
export type CollectedSource = (typeof COLLECTED_SOURCES)[number];

export const MAX_ANSWERS_BYTES = 256 * 1024;
/** formData → section → list → row → field. */
export const MAX_DEPTH = 4;
const MAX_TEXT = 5_000;

/** The first place the value nests deeper than allowed; checked before anything walks or stores it. */
export function nestingProblem(value: unknown, path = 'formData', depth = 0): AnswerProblem | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field: path, message: `is nested too deeply (at most ${MAX_DEPTH} levels)` };
  for (const [key, inner] of Object.entries(value)) {
    const problem = nestingProblem(inner, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const isText = (value: unknown) => typeof value === 'string' && value.length <= MAX_TEXT;

function sectionProblem(section: string, value: unknown): AnswerProblem | null {
  const at = `formData.${section}`;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { field: at, message: 'must be an object of the section’s fields' };
  const known = new Set(DS160_FORM_FIELDS[section as (typeof DS160_FORM_SECTIONS)[number]]);
  for (const [field, answer] of Object.entries(value)) {
    if (!known.has(field)) return { field: `${at}.${field}`, message: 'is not a field of this section' };
    const rowFields = DS160_FORM_LISTS[field];
    if (rowFields) {
      if (!Array.isArray(answer) || answer.length > DS160_FORM_MAX_ROWS) {
        return { field: `${at}.${field}`, message: `must be a list of at most ${DS160_FORM_MAX_ROWS} rows` };
      }
      for (const [i, row] of answer.entries()) {
        if (!row || typeof row !== 'object' || Array.isArray(row)) return { field: `${at}.${field}.${i}`, message: 'must be an object' };
        for (const [name, text] of Object.entries(row)) {
          if (!rowFields.includes(name)) return { field: `${at}.${field}.${i}.${name}`, message: 'is not a field of this row' };
          if (!isText(text)) return { field: `${at}.${field}.${i}.${name}`, message: `must be text of at most ${MAX_TEXT} characters` };
        }
      }
    } else if (!isText(answer) && typeof answer !== 'boolean') {
      return { field: `${at}.${field}`, message: `must be text of at most ${MAX_TEXT} characters, or true or false` };
    }
  }
  return null;
}

/** Whether the answers fit the form of `source`; the first field that does not, named. */
export function shapeProblem(source: string, formData: Record<string, unknown>): AnswerProblem | null {
  const nesting = nestingProblem(formData);
  if (nesting) return nesting;
  const catalog = catalogForSource(source);
  if (catalog) {
    const known = new Set(catalog.questions.map((q) => q.id));
    for (const [id, answer] of Object.entries(formData)) {
      if (!known.has(id)) return { field: `formData.${id}`, message: 'is not a question of this form' };
      if (!isText(answer)) return { field: `formData.${id}`, message: `must be text of at most ${MAX_TEXT} characters` };
    }
    return null;
  }
  if (source === 'ds160-wizard') {
    for (const [section, value] of Object.entries(formData)) {
      if (!(DS160_FORM_SECTIONS as readonly string[]).includes(section)) return { field: `formData.${section}`, message: 'is not a section of the DS-160 form' };
      const problem = sectionProblem(section, value);
      if (problem) return problem;
    }
    return null;
  }
  if ((COLLECTED_SOURCES as readonly string[]).includes(source)) {
    const unknown = Object.entries(formData).find(([key, value]) => !(CHAT_FIELDS as readonly string[]).includes(key) || !isText(value));
    return unknown ? { field: `formData.${unknown[0]}`, message: 'is not a field the chat collects' } : null;
  }
  if (source === 'aivisa') {
    const known = Object.keys(SaveLeadSchema.properties);
    const unknown = Object.keys(formData).find((key) => !known.includes(key));
    return unknown ? { field: `formData.${unknown}`, message: 'is not a field the chat saves' } : null;
  }
  const first = Object.keys(formData)[0];
  return first ? { field: `formData.${first}`, message: 'no answers are kept for a lead without a known form (source)' } : null;
}

/** The stored answers, once merged, stay under the limit; refused before anything is written. */
export function sizeProblem(merged: string): AnswerProblem | null {
  return Buffer.byteLength(merged) > MAX_ANSWERS_BYTES
    ? { field: 'formData', message: `the saved answers would exceed ${MAX_ANSWERS_BYTES / 1024} KB` }
    : null;
}
