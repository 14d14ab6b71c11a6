import type { ValidationError } from '../../../../machines/domain/validators';
import { toIsoDate } from '../../../../machines/domain/validators';
import { localMessage } from '../../../lib/messages';
import { phrase } from '../builtin/phrases';
import { fold, type Language } from '../builtin/text';
import type { AiEngine } from '../engine';
import { shown } from '../reading/show';
import type { Converted } from '../reading/currency';
import { isSure, SURE, type Asked, type Silence } from '../reading/types';
import { readYesNo } from '../reading/yesNo';

// Sure or ask (issue 32), the one step every chat takes with an answer to the question it asked: a reading sure
// enough and accepted by the question's rule is stored; a reading not sure enough is shown back and asked, with
// quick answers; anything else stores nothing and says why, with what would be accepted. A value shown and
// confirmed ("sí", or a quick answer) is stored on the next message.

/** A value shown back and waiting for the applicant's word. */
export interface Pending {
  field: string;
  value: string;
  alternatives?: string[];
  also?: Record<string, string>;
}

export type Step =
  | { kind: 'stored'; value: string; also?: Record<string, string>; shown: string; /** The stored form differs from what was typed. */ changed: boolean }
  | { kind: 'confirm'; pending: Pending; clarify: string; quick: string[] }
  | { kind: 'again'; why: Silence | 'refused' | 'rejected'; clarify: string; quick: string[] };

export interface StepInput {
  engine: AiEngine;
  asked: Asked;
  /** The question as the applicant saw it. */
  question?: string;
  text: string;
  language: Language;
  today: Date;
  pending?: Pending | null;
  /** The part of the turn's time the reading may take. */
  signal?: AbortSignal;
  /** The question's own rule (the wizards' validators); a refusal says what would be accepted. */
  validate?: (value: string) => ValidationError | null;
}

const say = (language: Language, key: string, values: Record<string, string> = {}) => phrase(language, 'reply', key, values);

const DAY = 86_400_000;

/** What the question accepts, in the conversation language, with an example of its own kind. */
export function accepted(asked: Asked, language: Language, today: Date): string {
  if (asked.kind === 'choice') return say(language, 'accepted.choice', { options: (asked.options ?? []).map((o) => o.labels[language]).join(', ') });
  if (asked.kind === 'date') {
    const example = asked.dates === 'future' ? toIsoDate(new Date(today.getTime() + 45 * DAY)) : asked.dates === 'birth' ? '1990-03-15' : '2020-01-10';
    return say(language, 'accepted.date', { example: shown(asked, example, language) });
  }
  if (asked.usd) return say(language, 'accepted.usdAmount');
  const kind = asked.kind === 'city' || asked.kind === 'address' ? 'text' : asked.kind;
  return say(language, `accepted.${kind}`);
}

const yesNo = (language: Language) => [say(language, 'clarify.yes'), say(language, 'clarify.no')];
const optionLabels = (asked: Asked, language: Language) => (asked.options ?? []).map((o) => o.labels[language]);

function again(asked: Asked, input: StepInput, why: Silence | 'refused' | 'rejected', reason?: string): Step {
  const { language, today } = input;
  const lead =
    why === 'refused'
      ? say(language, 'clarify.refused', { reason: reason ?? '' })
      : why === 'dontKnow' && asked.eligibility
        ? say(language, 'clarify.dontKnowEligibility')
        : say(language, `clarify.${why}`);
  // An insult, a question to the assistant or small talk is answered as such; the question itself follows.
  const hint = why === 'abuse' || why === 'question' || why === 'offTopic' || (why === 'dontKnow' && asked.eligibility) ? '' : ` ${accepted(asked, language, today)}`;
  return { kind: 'again', why, clarify: `${lead}${hint}`, quick: asked.kind === 'choice' ? optionLabels(asked, language) : [] };
}

function store(asked: Asked, input: StepInput, value: string, also?: Record<string, string>): Step {
  const error = input.validate?.(value);
  if (error) return again(asked, input, 'refused', localMessage(error, input.language));
  const said = shown(asked, value, input.language);
  return { kind: 'stored', value, ...(also ? { also } : {}), shown: said, changed: fold(said).replace(/\W+/g, '') !== fold(input.text).replace(/\W+/g, '') };
}

function confirm(asked: Asked, input: StepInput, pending: Pending, typed?: string, converted?: Converted): Step {
  const { language } = input;
  const show = (v: string) => shown(asked, v, language);
  // Money said in another currency: the dollars it makes, the rate and the rates' date, so the tap is informed.
  if (converted) {
    const amount = (n: number, digits = 2) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(n);
    const values = { amount: amount(converted.amount), currency: converted.currency, usd: show(pending.value), rate: amount(converted.rate, 6), date: shown({ kind: 'date' }, converted.date, language) };
    return { kind: 'confirm', pending, clarify: say(language, 'clarify.converted', values), quick: yesNo(language) };
  }
  if (typed) return { kind: 'confirm', pending, clarify: say(language, 'clarify.spelling', { typed, value: pending.value.toUpperCase() }), quick: yesNo(language) };
  if (pending.alternatives?.length) {
    const all = [pending.value, ...pending.alternatives];
    return { kind: 'confirm', pending, clarify: say(language, 'clarify.choose', { options: all.map(show).join(` ${say(language, 'clarify.or')} `) }), quick: all.map(show) };
  }
  return { kind: 'confirm', pending, clarify: say(language, 'clarify.confirm', { value: show(pending.value) }), quick: yesNo(language) };
}

/** The applicant's word on a value shown back: a quick answer naming one, a yes, a no; undefined when neither. */
function settle(asked: Asked, input: StepInput, pending: Pending): Step | undefined {
  const said = fold(input.text).replace(/[.!¡¿?\s]+/g, ' ').trim();
  for (const candidate of [pending.value, ...(pending.alternatives ?? [])]) {
    if (said === fold(shown(asked, candidate, input.language)).trim() || said === fold(candidate)) return store(asked, input, candidate, pending.also);
  }
  const word = readYesNo(input.text, false, undefined, input.language);
  if (isSure(word) && word.value === 'Yes' && !pending.alternatives?.length) return store(asked, input, pending.value, pending.also);
  if (isSure(word) && word.value === 'No') return again(asked, input, 'rejected');
  return undefined;
}

/** Values that are the applicant's own words: a name, an address, a city, a free text. */
const OWN_WORDS = new Set(['name', 'fullName', 'text', 'address', 'city']);
const wordsIn = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * A value made of the applicant's own words must be made of words they typed, whole (issue 42): never a sentence
 * turned into a name, never a word the reader (or a model) added. Its passport spelling is checked as typed.
 */
function fromTheirWords(asked: Asked, text: string, value: string, typed?: string): boolean {
  if (!OWN_WORDS.has(asked.kind)) return true;
  const said = new Set(wordsIn(text));
  return wordsIn(typed ?? value).every((w) => said.has(w));
}

export async function step(input: StepInput): Promise<Step> {
  const { asked, engine, language, text, today, signal } = input;
  if (input.pending && input.pending.field === asked.field) {
    const settled = settle(asked, input, input.pending);
    if (settled) return settled;
  }
  const reading = await engine.read({ asked, ...(input.question ? { question: input.question } : {}), text, language, today: toIsoDate(today) }, signal);
  if (reading.outcome !== 'value') return again(asked, input, reading.outcome);
  if (!reading.listed && !fromTheirWords(asked, text, reading.value, reading.typed)) return again(asked, input, 'notUnderstood');
  if (reading.confidence >= SURE) return store(asked, input, reading.value, reading.also);
  // What is shown back is all a Yes stores: another field's value read beside it waits for its own question.
  const pending: Pending = { field: asked.field, value: reading.value, ...(reading.alternatives?.length ? { alternatives: reading.alternatives } : {}) };
  return confirm(asked, input, pending, reading.typed, reading.converted);
}
