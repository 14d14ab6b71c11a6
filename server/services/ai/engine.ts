import { Value } from 'typebox/value';
import type { TSchema, Static } from 'typebox';
import { analyze, completeness } from './builtin/analyze';
import { extract } from './builtin/extract';
import { nextQuestion } from './builtin/interviews';
import { builtinReply, pieces } from './builtin/reply';
import { readAnswer } from './reading/read';
import type { Reading } from './reading/types';
import type {
  Analysis,
  AnalysisInput,
  ChatReplyInput,
  Completeness,
  CompletenessInput,
  Extracted,
  ExtractInput,
  NextQuestion,
  NextQuestionInput,
  ReadInput,
} from './schemas';

/**
 * The AI layer (issue 13): one interface with five operations, each with TypeBox input and output schemas in
 * `schemas.ts`. The embedded engine works offline and is the default; the OpenAI engine answers the same shapes.
 */
export interface AiEngine {
  readonly name: 'builtin' | 'openai';
  /** How long a user turn may take in all (issue 32): the model's calls share it, the built-in engine answers past it. */
  readonly turnMs: number;
  /** An answer to a known question, read into the question's value with a confidence (issue 32). */
  read(input: ReadInput, signal?: AbortSignal): Promise<Reading>;
  extract(input: ExtractInput, signal?: AbortSignal): Promise<Extracted>;
  nextQuestion(input: NextQuestionInput): Promise<NextQuestion>;
  /**
   * The reply in pieces as they are produced; joined, they are the whole reply. `signal` is the turn's budget: past
   * it the reply is completed by the built-in engine. `closed` is the caller gone: the reply stops.
   */
  chatReply(input: ChatReplyInput, signal?: AbortSignal, closed?: AbortSignal): AsyncIterable<string>;
  completeness(input: CompletenessInput): Promise<Completeness>;
  analyze(input: AnalysisInput): Promise<Analysis>;
}

/** Rules, not a model: deterministic, so the same input always gives the same answer. */
export class BuiltinEngine implements AiEngine {
  readonly name = 'builtin' as const;
  readonly turnMs = 11_000;

  async read(input: ReadInput): Promise<Reading> {
    return readAnswer(input.asked, input.text, { language: input.language, today: new Date(`${input.today}T12:00:00Z`) });
  }

  async extract(input: ExtractInput): Promise<Extracted> {
    return extract(input);
  }

  async nextQuestion(input: NextQuestionInput): Promise<NextQuestion> {
    return nextQuestion(input);
  }

  async *chatReply(input: ChatReplyInput, _signal?: AbortSignal, closed?: AbortSignal): AsyncIterable<string> {
    for (const piece of pieces(builtinReply(input))) {
      if (closed?.aborted) return;
      yield piece;
      // A turn of the event loop between pieces, so each reaches the socket as its own write.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async completeness(input: CompletenessInput): Promise<Completeness> {
    return completeness(input);
  }

  async analyze(input: AnalysisInput): Promise<Analysis> {
    return analyze(input);
  }
}

/** Whatever an engine answers is checked against the operation's schema before anyone uses it. */
export function checked<S extends TSchema>(schema: S, value: unknown, operation: string): Static<S> {
  if (!Value.Check(schema, value)) throw new Error(`The ${operation} answer does not match its schema`);
  return value as Static<S>;
}
