import fp from 'fastify-plugin';
import { Reconciler } from '../../services/orders/reconcile';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    reconciler: Reconciler;
  }
}

/** Settles orders left pending (a crash between the charge and its settlement) from the gateway's record. */
export default fp(
  async (app, { config }: PluginOptions) => {
    app.decorate('reconciler', new Reconciler(app.db, app.dialect, app.payments, config.reconcile, app.log));
    // Orders a crash left pending are settled before the server takes requests, then every minute.
    app.addHook('onReady', () => app.reconciler.start());
    app.addHook('onClose', async () => app.reconciler.stop());
  },
  { name: 'reconciler', dependencies: ['db', 'payments'] },
);
