import fp from 'fastify-plugin';
import { resolveSessionSecret } from '../../lib/secrets';
import { EmailLinks } from '../../services/mail/links';
import { mailDomain, Outbox } from '../../services/mail/outbox';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/**
 * The transactional outbox (issue 43): services queue a message in the transaction of the event that causes it,
 * and the links they send with it. Sending is the mail plugin's (server/plugins/app/mail.ts), which needs the PDFs
 * of what was paid: this plugin needs nothing but the job runner, so the services that settle payments can use it.
 */
export default fp(
  async (app, { config }: PluginOptions) => {
    const links = new EmailLinks(resolveSessionSecret(config.dataDir, config.sessionSecret));
    app.decorate('outbox', new Outbox(app.jobs, mailDomain(config), links));
  },
  { name: 'outbox', dependencies: ['db', 'jobs'] },
);
