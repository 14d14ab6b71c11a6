import fp from 'fastify-plugin';
import { createWriter } from '../../services/premium/model';
import { PremiumService } from '../../services/premium/service';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    premium: PremiumService;
  }
}

/** The Premium interview. Its reading and wording: a model when configured, always checked by the rule book's own reading. */
export default fp(
  async (app, { config }: PluginOptions) => {
    app.decorate('premium', new PremiumService(app.db, app.dialect, createWriter(config.openai, app.log), app.counters));
  },
  { name: 'premium', dependencies: ['db', 'shared'] },
);
