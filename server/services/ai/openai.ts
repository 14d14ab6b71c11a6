import type OpenAI from 'openai';
import type { Static, TSchema } from 'typebox';
import { BuiltinEngine, checked, type AiEngine } from './engine';
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
}

type JsonOperation = 'extract' | 'completeness' | 'analyze';

const LANGUAGES = { en: 'English', es: 'Spanish', fr: 'French', pt: 'Portuguese' } as const;

const PROMPTS: Record<JsonOperation, string> = {
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
  if (deadline?.aborted || error instanceof Client.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof Client.APIConnectionError) return 'connection';
  if (error instanceof Client.APIError && error.status !== undefined) return `status ${error.status}`;
  return 'error';
}

/** A TypeBox schema is JSON Schema already; a plain copy is what goes on the wire. */
const jsonSchema = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

function chatPrompt({ assistantName, language, understood, ask, offer }: ChatReplyInput): string {
  const lines = [
    `You are ${assistantName}, the assistant helping a traveller apply for a U.S. visa (DS-160) or an ESTA.`,
    `Reply in ${LANGUAGES[language]}, in a few short friendly sentences, using the conversation in the JSON "messages".`,
    understood.length > 0 ? `Acknowledge what you understood: ${understood.join('; ')}.` : 'Greet or go on naturally.',
  ];
  if (ask) {
    lines.push(`Then ask exactly this question and nothing else: ${ask.label}`);
    if (ask.input !== 'none') lines.push(`End the question's line with this marker, copied exactly: [INPUT:${ask.input}:${ask.label}]`);
  } else {
    lines.push('Say that you have everything you need.');
  }
  if (offer) lines.push(`Finish with one sentence offering the plan, followed by this marker, copied exactly: [CHECKOUT:${offer}]`);
  return lines.join('\n');
}

/**
 * The AI layer on OpenAI's chat completions (issue 13). Every answer is checked against its schema; a wrong
 * answer, an API error or a timeout is logged and the built-in engine answers that call, so the applicant never
 * sees a model failure.
 */
export class OpenAiEngine implements AiEngine {
  readonly name = 'openai' as const;
  private readonly client: () => Promise<OpenAI>;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly builtin = new BuiltinEngine();

  constructor(
    settings: OpenAiSettings,
    private readonly log: WarnLog,
  ) {
    this.timeoutMs = settings.timeoutMs ?? 8_000;
    this.model = settings.model;
    // Retries would stretch a call past its timeout; the built-in engine is the retry.
    this.client = lazyOpenAi({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: this.timeoutMs, maxRetries: 0 });
  }

  private warn(operation: string, reason: string, error: unknown, outcome: string): void {
    this.log.warn({ engine: 'openai', operation, reason, err: error }, `OpenAI ${operation} failed (${reason}); ${outcome}`);
  }

  private async ask<S extends TSchema>(operation: JsonOperation, schema: S, input: unknown, builtin: () => Promise<Static<S>>): Promise<Static<S>> {
    // The SDK's timeout stops at the response headers; this one covers reading the body too.
    const deadline = AbortSignal.timeout(this.timeoutMs);
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
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        throw new BadReply('not json');
      }
      try {
        return checked(schema, value, operation);
      } catch {
        throw new BadReply('schema');
      }
    } catch (error) {
      this.warn(operation, await reasonOf(error, deadline), error, 'the built-in engine answers');
      return builtin();
    }
  }

  extract(input: ExtractInput): Promise<Extracted> {
    return this.ask('extract', ExtractedSchema, input, () => this.builtin.extract(input));
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

  async *chatReply(input: ChatReplyInput, signal?: AbortSignal): AsyncIterable<string> {
    let sent = 0;
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
        { signal: signal ?? null },
      );
      for await (const chunk of stream) {
        // Chunks already read stay buffered after an abort; the caller has gone, so they are not sent.
        if (signal?.aborted) return;
        const piece = chunk.choices[0]?.delta?.content;
        if (!piece) continue;
        sent += piece.length;
        yield piece;
      }
      if (sent === 0) throw new BadReply('empty');
    } catch (error) {
      if (signal?.aborted) return;
      // Half a reply is on the applicant's screen already: a second, different one after it would be worse.
      if (sent > 0) {
        this.warn('chatReply', 'stream broken', error, 'the reply stops where it broke');
        return;
      }
      this.warn('chatReply', await reasonOf(error), error, 'the built-in engine answers');
      yield* this.builtin.chatReply(input, signal);
    }
  }
}
