import { Value } from 'typebox/value';
import { extract } from './builtin/extract';
import { nextQuestion } from './builtin/interviews';
import { ExtractedSchema, type Extracted, type ExtractInput, type NextQuestion, type NextQuestionInput } from './schemas';

/**
 * The AI layer (issue 13): one interface, an embedded engine that works offline (the default) and, later, the
 * OpenAI one behind the same operations. So far: the next question of a scripted interview, and extraction of
 * fields from a free-text answer. Streamed chat replies, a section's completeness and the final analysis join it here.
 */
export interface AiEngine {
  readonly name: 'builtin' | 'openai';
  extract(input: ExtractInput): Promise<Extracted>;
  nextQuestion(input: NextQuestionInput): Promise<NextQuestion>;
}

/** Rules, not a model: deterministic, so the same answer always gives the same fields. */
export class BuiltinEngine implements AiEngine {
  readonly name = 'builtin' as const;

  async extract(input: ExtractInput): Promise<Extracted> {
    return extract(input);
  }

  async nextQuestion(input: NextQuestionInput): Promise<NextQuestion> {
    return nextQuestion(input);
  }
}

/** Whatever an engine answers is checked against the operation's schema before anyone uses it. */
export function checkedExtraction(value: unknown): Extracted {
  if (!Value.Check(ExtractedSchema, value)) throw new Error('The extraction does not match its schema');
  return value as Extracted;
}
