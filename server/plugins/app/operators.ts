import fp from 'fastify-plugin';
import { resolveSessionSecret } from '../../lib/secrets';
import { OperatorService } from '../../services/operators/service';
import { newTotpSecret } from '../../services/operators/totp';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    operators: OperatorService;
  }
}

/**
 * Operators of the admin area (issue 44): sign-in with two-factor codes, invitations, roles. Their TOTP secrets are
 * encrypted at rest like applicants' answers (db/encryption/); authenticator apps show the brand's name beside the code.
 */
export default fp(
  async (app, { config, operators }: PluginOptions) => {
    app.decorate(
      'operators',
      new OperatorService(app.db, app.dialect, app.counters, app.audit, {
        now: operators?.now ?? Date.now,
        newSecret: operators?.newSecret ?? newTotpSecret,
        issuer: async () => (await app.site.branding()).brandName,
        sessionSecret: resolveSessionSecret(config.dataDir, config.sessionSecret),
      }),
    );
  },
  { name: 'operators', dependencies: ['db', 'shared', 'audit', 'site'] },
);
