import { BuiltinEngine, type AiEngine } from './engine';
import { OpenAiEngine, type WarnLog } from './openai';

/** OpenAI when a key is configured; otherwise the built-in engine, so the product works offline and in tests. */
export function createEngine(openai: { apiKey?: string | undefined; baseUrl?: string | undefined; model: string }, log: WarnLog): AiEngine {
  const { apiKey, baseUrl, model } = openai;
  return apiKey ? new OpenAiEngine({ apiKey, baseUrl, model }, log) : new BuiltinEngine();
}
