import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredLinks } from '../../../db/queries/emailLinks';
import type { Config } from '../../config';
import { MailService } from '../../services/mail/service';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Expired links are deleted a day after they expire, once a day. */
const PRUNE_LINKS_QUEUE = 'mail.pruneLinks';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where links in messages point: PUBLIC_URL, else the address this server listens on (a development machine). */
function baseUrlOf(app: FastifyInstance, config: Config): () => string {
  return () => {
    if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
    const address = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
    const port = address?.port ?? config.port;
    return `http://localhost:${port}`;
  };
}

/**
 * E-mail (issue 43): the dispatcher of the outbox's messages as jobs (retried with a growing wait), through
 * SMTP_URL or, without it, into .eml files under the data folder; said in the log at start when a deployment
 * (NODE_ENV=production) e-mails nobody.
 */
export default fp(
  async (app, { config }: PluginOptions) => {
    const mail = new MailService(
      app.db,
      app.outbox,
      app.documents,
      app.site,
      app.resumeCodes,
      { config: config.mail, dataDir: config.dataDir, production: config.production, domain: app.outbox.domain, baseUrl: baseUrlOf(app, config), alone: app.jobs.engine === 'sqlite' },
      app.log,
    );
    mail.declare(app.jobs);
    app.jobs.work(PRUNE_LINKS_QUEUE, async () => void (await deleteExpiredLinks(app.db, new Date(Date.now() - DAY_MS).toISOString())), { retryLimit: 2, retryDelaySeconds: 60 });
    app.jobs.schedule(PRUNE_LINKS_QUEUE, { cron: '41 3 * * *' });
    app.decorate('mail', mail);
    // Erasure (issue 44) reaches the outbox through the rights service's hook, in the eraser's transaction.
    app.rights.onErase((trx, erased) => mail.forget(trx, erased.emails));
    app.addHook('onReady', async () => {
      const warning = mail.warning();
      if (warning) app.log.warn(warning);
      else app.log.info({ transport: mail.transport.describe }, 'e-mail');
    });
    app.addHook('onClose', async () => mail.close());
  },
  { name: 'mail', dependencies: ['db', 'jobs', 'outbox', 'documents', 'site', 'resumeCodes', 'rights'] },
);
