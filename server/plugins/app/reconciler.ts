import fp from 'fastify-plugin';
import { queuePaymentMessages } from '../../services/mail/payments';
import { RECONCILE_QUEUE, Reconciler } from '../../services/orders/reconcile';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    reconciler: Reconciler;
  }
}

/**
 * Settles orders left pending (a crash between the charge and its settlement) from the gateway's record: before
 * the server takes requests, then as the job runner's first recurring job (every minute, RECONCILE_EVERY_SECONDS)
 * and when a pending order's grace period ends.
 */
export default fp(
  async (app, { config }: PluginOptions) => {
    const reconciler = new Reconciler(app.db, app.dialect, app.payments, config.reconcile, app.log, (at) =>
      // Keyed by the second: every process that asks for the same sweep makes one job.
      app.jobs.send(RECONCILE_QUEUE, {}, { key: `due@${Math.ceil(at.getTime() / 1000)}`, startAfter: at }),
      // A payment reconciled as paid queues its messages as the checkout's would (issue 43).
      (trx, payment, lines) => queuePaymentMessages(app.outbox, trx, payment, lines),
    );
    app.decorate('reconciler', reconciler);
    // A sweep that fails (the database went away) is tried again soon; the next tick comes anyway.
    app.jobs.work(RECONCILE_QUEUE, () => reconciler.sweepAndPlan(), { retryLimit: 2, retryDelaySeconds: 5 });
    app.jobs.schedule(RECONCILE_QUEUE, { everySeconds: Math.max(1, Math.round(config.reconcile.everyMs / 1000)) });
    // Orders a crash left pending are settled before the server takes requests (after the runner started).
    app.addHook('onReady', () => reconciler.sweepAndPlan().catch((err: unknown) => app.log.error({ err }, 'reconciliation sweep failed')));
  },
  { name: 'reconciler', dependencies: ['db', 'payments', 'jobs', 'outbox'] },
);
