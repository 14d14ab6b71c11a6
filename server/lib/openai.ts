import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';

type Sdk = typeof import('openai');
let sdk: Promise<Sdk> | undefined;

/** The openai SDK loads with its first use: a server without OpenAI configured never holds it (issue 16). */
export const loadOpenAi = (): Promise<Sdk> => (sdk ??= import('openai'));

/** A client made on first use, once. */
export function lazyOpenAi(options: ClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () => (client ??= loadOpenAi().then(({ default: Client }) => new Client(options)));
}
