import fp from 'fastify-plugin';
import type { AiEngine } from '../../services/ai/engine';
import { createEngine } from '../../services/ai/select';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    ai: AiEngine;
  }
}

/** OpenAI (or a compatible server) when a key is given; otherwise the built-in engine, offline and deterministic. */
export default fp(
  async (app, { config }: PluginOptions) => {
    app.decorate('ai', createEngine(config.openai, app.log));
  },
  { name: 'ai' },
);
