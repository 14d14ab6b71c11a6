import fp from 'fastify-plugin';
import { resolveSessionSecret } from '../../lib/secrets';
import { ResumeService } from '../../services/leads/resume';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    resumeCodes: ResumeService;
  }
}

/** Resume codes, hashed under a key derived from the session secret: the same secret, kept or given. */
export default fp(
  async (app, { config }: PluginOptions) => {
    app.decorate('resumeCodes', new ResumeService(app.db, resolveSessionSecret(config.dataDir, config.sessionSecret), app.counters, app.outbox));
  },
  { name: 'resumeCodes', dependencies: ['db', 'shared', 'outbox'] },
);
