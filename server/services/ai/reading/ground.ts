import { fold, type Language } from '../builtin/text';
import { normalise } from './normalise';
import { readAnswer } from './read';
import { isSure, SURE, silent, value, type Asked, type Reading, type Silence } from './types';

// A model's reading is kept only when the message says it: the quoted words must be in the message, and the
// value must be what those words say when the rules read them. A value the rules cannot check from its quote is
// shown back and asked; a value the quote contradicts is dropped, and the rules' own reading answers.

/** What a model answers for a reading (see READ_SCHEMA in engine schemas). */
export interface ModelReading {
  kind: 'answer' | 'unsure' | Silence;
  value?: string;
  quote?: string;
  confidence?: number;
  alternatives?: string[];
}

/** Letters, digits and @ only: a quote matches however it was spaced, punctuated or accented. */
const squash = (text: string) => fold(text).replace(/[^\p{L}\p{N}@]+/gu, '');

/** Whether the quote is words of the message (ignoring case, accents, spacing and punctuation). */
export function quoted(message: string, quote: string): boolean {
  const q = squash(quote);
  return q.length > 0 && squash(message).includes(q);
}

/** Values that are the applicant's own words (a name, an address), which no rule can check but the words typed can. */
const OWN_WORDS = new Set(['name', 'fullName', 'text', 'address', 'city']);
const wordsIn = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The model is a reader, not a judge (issue 42): what it says is checked against the built-in reading of the same
 * words. Its "answers nothing" (off-topic, a question, an insult, I don't know) stands only where the rules read no
 * sure value; its value stands only where its quote is in the message and the rules read that quote the same way,
 * or, for the applicant's own words, where every word of it was typed. Anything else is neither stored nor shown
 * back: undefined, and the rules answer.
 */
export function grounded(asked: Asked, message: string, model: ModelReading, context: { language: Language; today: Date }): Reading | undefined {
  const rules = readAnswer(asked, message, context);
  if (model.kind === 'abuse' || model.kind === 'question' || model.kind === 'dontKnow' || model.kind === 'offTopic') return isSure(rules) ? undefined : silent(model.kind);
  if (model.kind === 'notUnderstood' || model.value === undefined) return undefined;
  // The words say nothing to store ("prefiero no decirlo", a question, an insult): no value of the model's either.
  if (rules.outcome !== 'value' && rules.outcome !== 'notUnderstood') return undefined;
  const normal = normalise(asked, model.value, context.language, context.today);
  if (!normal) return undefined;
  if (!model.quote || !quoted(message, model.quote)) return undefined;
  // Where the rules read the whole message, theirs stands, with its doubts ("le 15 ou le 16 avril" is asked, "me
  // llamo josé luis" is José Luis, not José): a model agreeing adds nothing, one disagreeing is set aside.
  if (rules.outcome === 'value') return rules.value === normal.value || (rules.alternatives ?? []).includes(normal.value) ? rules : undefined;
  const fromQuote = readAnswer(asked, model.quote, context);
  const modelConfidence = Math.min(model.kind === 'unsure' ? 0.6 : (model.confidence ?? 0.9), 0.97);
  const alternatives = (model.alternatives ?? []).map((a) => normalise(asked, a, context.language, context.today)?.value).filter((a): a is string => Boolean(a) && a !== normal.value);
  const extra = { quote: model.quote, ...(normal.typed ? { typed: normal.typed } : {}), ...(alternatives.length ? { alternatives } : {}) };
  if (fromQuote.outcome === 'value') {
    // The quote says something else: the model is wrong, and the caller lets the rules read the whole message.
    if (fromQuote.value !== normal.value) return undefined;
    return value(normal.value, Math.min(modelConfidence, fromQuote.confidence), extra);
  }
  // The rules cannot read the quote. The applicant's own words made of words typed may be shown back and asked;
  // any other value the rules cannot support is not offered.
  const said = new Set(wordsIn(message));
  if (OWN_WORDS.has(asked.kind) && wordsIn(normal.typed ?? normal.value).every((w) => said.has(w))) return value(normal.value, Math.min(modelConfidence, SURE - 0.1), extra);
  return undefined;
}
