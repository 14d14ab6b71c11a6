import fp from 'fastify-plugin';
import { hasConsent } from '../../../db/queries/rights';
import { BuiltinEngine, type AiEngine } from '../../services/ai/engine';
import { createEngine } from '../../services/ai/select';
import { consentGated, withAsker } from '../../services/rights/consent';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    ai: AiEngine;
  }
}

/**
 * OpenAI (or a compatible server) when a key is given; otherwise the built-in engine, offline and deterministic.
 * A third-party engine reads only the words of a session or account that accepted the chats' notice (issue 44):
 * the gate is server/services/rights/consent.ts, and every request carries the check of its own asker.
 */
export default fp(
  async (app, { config }: PluginOptions) => {
    const engine = createEngine(config.openai, app.log);
    app.decorate('ai', consentGated(engine, new BuiltinEngine()));
    if (engine.name !== 'builtin') {
      app.addHook('onRequest', (request, _reply, done) => {
        withAsker(() => {
          const session = (request as { session?: { ownerToken?: string; userId?: string } }).session;
          if (!session?.ownerToken && !session?.userId) return Promise.resolve(false);
          return hasConsent(app.db, { ownerToken: session.ownerToken, userId: session.userId }, engine.name);
        }, done);
      });
    }
  },
  { name: 'ai', dependencies: ['db'] },
);
