import { Value } from 'typebox/value';
import { extract } from './builtin/extract';
import { ExtractedSchema, type Extracted, type ExtractInput } from './schemas';

/**
 * The AI layer (issue 13): one interface, an embedded engine that works offline (the default) and, later, the
 * OpenAI one behind the same operations. So far: extraction of fields from a free-text answer. The next question
 * of a scripted interview, streamed chat replies, a section's completeness and the final analysis join it here.
 */
export interface AiEngine {
  readonly name: 'builtin' | 'openai';
  extract(input: ExtractInput): Promise<Extracted>;
}

/** Rules, not a model: deterministic, so the same answer always gives the same fields. */
export class BuiltinEngine implements AiEngine {
  readonly name = 'builtin' as const;

  async extract(input: ExtractInput): Promise<Extracted> {
    return extract(input);
  }
}

/** Whatever an engine answers is checked against the operation's schema before anyone uses it. */
export function checkedExtraction(value: unknown): Extracted {
  if (!Value.Check(ExtractedSchema, value)) throw new Error('The extraction does not match its schema');
  return value as Extracted;
}
