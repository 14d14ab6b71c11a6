import { BuiltinEngine, type AiEngine } from './engine';
import { OpenAiEngine, type OpenAiSettings, type WarnLog } from './openai';

/** OpenAI when a key is configured; otherwise the built-in engine, so the product works offline and in tests. */
export function createEngine(openai: { apiKey?: string | undefined; baseUrl?: string | undefined; model: string } & Pick<OpenAiSettings, 'timeoutMs' | 'turnMs' | 'stallMs'>, log: WarnLog): AiEngine {
  const { apiKey, ...rest } = openai;
  return apiKey ? new OpenAiEngine({ apiKey, ...rest }, log) : new BuiltinEngine();
}
