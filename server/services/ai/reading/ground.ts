import { fold, type Language } from '../builtin/text';
import { normalise } from './normalise';
import { readAnswer } from './read';
import { SURE, silent, value, type Asked, type Reading, type Silence } from './types';

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

export function grounded(asked: Asked, message: string, model: ModelReading, context: { language: Language; today: Date }): Reading | undefined {
  // Nothing to store: the model's word is enough, since nothing is kept. "Not understood" gets the rules' try.
  if (model.kind === 'abuse' || model.kind === 'question' || model.kind === 'dontKnow' || model.kind === 'offTopic') return silent(model.kind);
  if (model.kind === 'notUnderstood' || model.value === undefined) return undefined;
  const normal = normalise(asked, model.value, context.language, context.today);
  if (!normal) return undefined;
  if (!model.quote || !quoted(message, model.quote)) return undefined;
  const fromQuote = readAnswer(asked, model.quote, context);
  const modelConfidence = Math.min(model.kind === 'unsure' ? 0.6 : (model.confidence ?? 0.9), 0.97);
  const alternatives = (model.alternatives ?? []).map((a) => normalise(asked, a, context.language, context.today)?.value).filter((a): a is string => Boolean(a) && a !== normal.value);
  const extra = { quote: model.quote, ...(normal.typed ? { typed: normal.typed } : {}), ...(alternatives.length ? { alternatives } : {}) };
  if (fromQuote.outcome === 'value') {
    // The quote says something else: the model is wrong, and the caller lets the rules read the whole message.
    if (fromQuote.value !== normal.value) return undefined;
    return value(normal.value, Math.min(modelConfidence, fromQuote.confidence), extra);
  }
  // The rules cannot read the quote: the model may be right, but it is shown back and asked.
  return value(normal.value, Math.min(modelConfidence, SURE - 0.1), extra);
}
