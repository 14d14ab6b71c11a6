import type OpenAI from 'openai';
import type { Static, TSchema } from 'typebox';
import { completion } from './builtin/reply';
import { BuiltinEngine, type AiEngine } from './engine';
import { modelJson, salvage } from './modelAnswers';
import { groundedExtract } from './reading/extracted';
import { grounded, type ModelReading } from './reading/ground';
import type { Reading } from './reading/types';
import {
  AnalysisSchema,
  CompletenessSchema,
  ExtractedSchema,
  type Analysis,
  type AnalysisInput,
  type ChatReplyInput,
  type Completeness,
  type CompletenessInput,
  type Extracted,
  type ExtractInput,
  type NextQuestion,
  type NextQuestionInput,
  ModelReadingSchema,
  type ReadInput,
} from './schemas';
import { lazyOpenAi, loadOpenAi } from '../../lib/openai';

/** The one method the engine needs of a logger; pino's and Fastify's fit. */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

export interface OpenAiSettings {
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  /** How long one call may take before the built-in engine answers instead. */
  timeoutMs?: number;
  /** How long a whole user turn may take (issue 32); 12 s unless a test shortens it. */
  turnMs?: number;
  /** How long a streamed reply may go without a word before it is taken as stalled. */
  stallMs?: number;
}

type JsonOperation = 'read' | 'extract' | 'completeness' | 'analyze';

const LANGUAGES = { en: 'English', es: 'Spanish', fr: 'French', pt: 'Portuguese' } as const;

const PROMPTS: Record<JsonOperation, string> = {
  read:
    'You read one answer a U.S. visa or ESTA applicant typed (the JSON "text", in "language") to a known question (the JSON ' +
    '"question" and "asked": its kind, its options, which dates it takes, today\'s date). Say what the message is: an answer, ' +
    'an unsure answer, "I don\'t know", a question to the assistant, abuse, or off-topic. For an answer give the value as the ' +
    'question stores it (a date as yyyy-mm-dd, a country by its English name, an option\'s value, a plain number, an e-mail, a ' +
    'phone with its country code), the exact words of the message that give it, and how sure you are. Never guess: a value ' +
    'the words do not say is unsure.',
  extract:
    'You read what a visa or ESTA applicant wrote (the JSON "text", in "language") and return only the fields it states: ' +
    'e-mail, phone (digits, + kept for an international prefix), every date as yyyy-mm-dd with the words as written, ' +
    "every country named by its English name in order, the person's own nationality as a country's English name, " +
    'the trip purpose, first and last name, passport number. Never guess a field that is not written.',
  completeness:
    'You check one section of an application: of the JSON "fields", which have a non-blank value in "data". ' +
    'Return the section, how many are filled, the total, the missing field names in the given order, and whether none is missing.',
  analyze:
    'You review what a chat collected for a U.S. DS-160 or ESTA filing (JSON "formType", "data"): required fields missing, ' +
    'dates that are not real yyyy-mm-dd dates or are out of order, a passport expiring before or within six months of the trip, ' +
    'and a form that does not fit the nationality. Errors block filing, warnings are worth a look; messages and the summary ' +
    'are in the JSON "language".',
};

/** Why a reply was not used, for the log. */
class BadReply extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

async function reasonOf(error: unknown, deadline?: AbortSignal): Promise<string> {
  if (error instanceof BadReply) return error.reason;
  const { default: Client } = await loadOpenAi();
  if (deadline?.aborted || error instanceof Client.APIConnectionTimeoutError || error instanceof Client.APIUserAbortError) return 'timeout';
  if (error instanceof Client.APIConnectionError) return 'connection';
  if (error instanceof Client.APIError && error.status !== undefined) return `status ${error.status}`;
  return 'error';
}

/** A TypeBox schema is JSON Schema already; a plain copy is what goes on the wire. */
const jsonSchema = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

function chatPrompt({ assistantName, language, understood, ask, offer, clarify }: ChatReplyInput): string {
  const lines = [
    `You are ${assistantName}, the assistant helping a traveller apply for a U.S. visa (DS-160) or an ESTA.`,
    `Reply in ${LANGUAGES[language]}, in a few short friendly sentences, using the conversation in the JSON "messages".`,
    // docs/DECISIONS.md "Claims and roles": Rumbo prepares; the applicant submits and pays the government.
    'We prepare the application; the applicant submits the official form and pays the U.S. government fee themselves, on the official site. Never say or imply that we submit it, pay it or collect it, and state no fee amount, approval rate or figure of your own.',
    understood.length > 0 ? `Acknowledge what you understood: ${understood.join('; ')}.` : 'Greet or go on naturally.',
  ];
  if (clarify) lines.push(`Say this first, in your own words and without changing what it says: ${clarify}`);
  if (ask) {
    lines.push(`Then ask exactly this question and nothing else: ${ask.label}`);
    if (ask.input !== 'none') lines.push(`End the question's line with this marker, copied exactly: [INPUT:${ask.input}:${ask.label}]`);
  } else {
    lines.push('Say that you have everything you need.');
  }
  if (offer) lines.push(`Finish with one sentence offering the plan, followed by this marker, copied exactly: [CHECKOUT:${offer}]`);
  return lines.join('\n');
}

/** The signal that ends a call: the caller's (the turn's budget, a closed request) or this call's own timeout. */
const within = (timeoutMs: number, signal?: AbortSignal) => (signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs));

/** The next item of a stream, or 'stalled' when none comes within `ms`. */
async function nextWithin<T>(iterator: AsyncIterator<T>, ms: number): Promise<IteratorResult<T> | 'stalled'> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), ms)));
  try {
    return await Promise.race([iterator.next(), stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The AI layer on OpenAI's chat completions (issues 13, 32). Every answer is read leniently (a Markdown fence is
 * taken off), checked strictly (an element that does not fit is dropped, the rest kept), normalised and grounded in
 * the applicant's words; a wrong answer, an API error or the turn's time running out is logged and the built-in
 * engine answers that call, so the applicant never sees a model failure.
 */
export class OpenAiEngine implements AiEngine {
  readonly name = 'openai' as const;
  readonly turnMs: number;
  private readonly client: () => Promise<OpenAI>;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly stallMs: number;
  private readonly builtin = new BuiltinEngine();

  constructor(
    settings: OpenAiSettings,
    private readonly log: WarnLog,
  ) {
    this.timeoutMs = settings.timeoutMs ?? 8_000;
    // 11 s of model time, so the whole turn (reading, reply, the rows written) answers within 12 s.
    this.turnMs = settings.turnMs ?? 11_000;
    this.stallMs = settings.stallMs ?? 4_000;
    this.model = settings.model;
    // Retries would stretch a call past its timeout; the built-in engine is the retry.
    this.client = lazyOpenAi({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: this.timeoutMs, maxRetries: 0 });
  }

  private warn(operation: string, reason: string, error: unknown, outcome: string): void {
    this.log.warn({ engine: 'openai', operation, reason, err: error }, `OpenAI ${operation} failed (${reason}); ${outcome}`);
  }

  /** The model's JSON answer to one operation, salvaged against its schema; undefined (and a warning) when it fails. */
  private async json<S extends TSchema>(operation: JsonOperation, schema: S, input: unknown, signal?: AbortSignal): Promise<Static<S> | undefined> {
    // The SDK's timeout stops at the response headers; this one covers reading the body too.
    const deadline = within(this.timeoutMs, signal);
    try {
      const completion = await (await this.client()).chat.completions.create(
        {
          model: this.model,
          messages: [
            { role: 'system', content: `${PROMPTS[operation]}\nAnswer with JSON only.` },
            { role: 'user', content: JSON.stringify(input) },
          ],
          // Not strict: strict mode refuses optional properties, and the answer is checked here anyway.
          response_format: { type: 'json_schema', json_schema: { name: operation, schema: jsonSchema(schema), strict: false } },
        },
        { signal: deadline },
      );
      const content = completion.choices[0]?.message.content;
      if (!content) throw new BadReply('empty');
      const value = modelJson(content);
      if (value === undefined) throw new BadReply('not json');
      const kept = salvage<Static<S>>(schema, value);
      if (!kept) throw new BadReply('schema');
      return kept;
    } catch (error) {
      this.warn(operation, await reasonOf(error, deadline), error, 'the built-in engine answers');
      return undefined;
    }
  }

  private async ask<S extends TSchema>(operation: JsonOperation, schema: S, input: unknown, builtin: () => Promise<Static<S>>, signal?: AbortSignal): Promise<Static<S>> {
    return (await this.json(operation, schema, input, signal)) ?? builtin();
  }

  /** The model reads the answer; its value is normalised and must be what the quoted words say (reading/ground.ts). */
  async read(input: ReadInput, signal?: AbortSignal): Promise<Reading> {
    const answer = await this.json('read', ModelReadingSchema, input, signal);
    const context = { language: input.language, today: new Date(`${input.today}T12:00:00Z`) };
    const kept = answer ? grounded(input.asked, input.text, answer as ModelReading, context) : undefined;
    if (answer && !kept) this.warn('read', 'ungrounded', undefined, 'the built-in engine answers');
    return kept ?? this.builtin.read(input);
  }

  async extract(input: ExtractInput, signal?: AbortSignal): Promise<Extracted> {
    const found = await this.json('extract', ExtractedSchema, input, signal);
    return found ? groundedExtract(found, input.text, input.language) : this.builtin.extract(input);
  }

  /**
   * The interviews are the spec's fixed scripts (spec 3-ai §2.4, §9): which question comes next is a lookup, not
   * something to ask a model, and a model could only get it wrong.
   */
  nextQuestion(input: NextQuestionInput): Promise<NextQuestion> {
    return this.builtin.nextQuestion(input);
  }

  completeness(input: CompletenessInput): Promise<Completeness> {
    return this.ask('completeness', CompletenessSchema, input, () => this.builtin.completeness(input));
  }

  analyze(input: AnalysisInput): Promise<Analysis> {
    return this.ask('analyze', AnalysisSchema, input, () => this.builtin.analyze(input));
  }

  /**
   * The reply as the model streams it. A stream that stalls (no word for `stallMs`), breaks, runs past the turn's
   * budget (`signal`) or leaves out the question's markers is ended and completed by the built-in reply
   * (builtin/reply.ts `completion`), so the applicant always gets the next question. Only a caller that has gone
   * (the request closed) stops it without a word.
   */
  async *chatReply(input: ChatReplyInput, signal?: AbortSignal, closed?: AbortSignal): AsyncIterable<string> {
    let sent = '';
    const stop = new AbortController();
    const ended = AbortSignal.any([stop.signal, ...(signal ? [signal] : []), ...(closed ? [closed] : [])]);
    let reason: string | undefined;
    try {
      const stream = await (await this.client()).chat.completions.create(
        {
          model: this.model,
          stream: true,
          messages: [
            { role: 'system', content: chatPrompt(input) },
            { role: 'user', content: JSON.stringify(input) },
          ],
        },
        { signal: ended },
      );
      const iterator = stream[Symbol.asyncIterator]();
      for (;;) {
        const next = await nextWithin(iterator, this.stallMs);
        if (closed?.aborted) return;
        if (next === 'stalled') {
          reason = 'stalled';
          stop.abort();
          break;
        }
        if (next.done) break;
        const piece = next.value.choices[0]?.delta?.content;
        if (!piece) continue;
        sent += piece;
        yield piece;
      }
      // The SDK ends an aborted stream quietly: the turn's budget ran out.
      if (!reason && signal?.aborted) reason = 'turn budget';
      if (!reason && !sent) reason = 'empty';
    } catch (error) {
      if (closed?.aborted) return;
      reason = signal?.aborted ? 'turn budget' : sent ? 'stream broken' : await reasonOf(error);
      if (reason !== 'turn budget' && reason !== 'stream broken') this.warn('chatReply', reason, error, 'the built-in engine answers');
    }
    if (reason === 'stalled' || reason === 'turn budget' || reason === 'stream broken' || reason === 'empty') {
      this.warn('chatReply', reason, undefined, sent ? 'the built-in engine completes the reply' : 'the built-in engine answers');
    }
    const rest = completion(input, sent);
    if (!rest) return;
    if (!sent) {
      yield* this.builtin.chatReply(input);
      return;
    }
    yield rest;
  }
}
