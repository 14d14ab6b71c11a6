import fp from 'fastify-plugin';
import { createRecognizer, type SpeechRecognizer } from '../../services/speech/recognizer';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    recognizer: SpeechRecognizer;
  }
}

/** Speech to text, when configured (the voice routes answer 503 otherwise). */
export default fp(
  async (app, { config }: PluginOptions) => {
    app.decorate('recognizer', createRecognizer(config.speechToText));
  },
  { name: 'recognizer' },
);
