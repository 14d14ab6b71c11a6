import fp from 'fastify-plugin';
import { createTestGateway, type PaymentGateway } from '../../services/payments';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentGateway;
  }
}

/** The payment gateway: the embedded test gateway is the only one so far; a real one implements the same PaymentGateway. */
export default fp(
  async (app, { gateway }: PluginOptions) => {
    const embedded = createTestGateway({ db: app.db });
    app.decorate<PaymentGateway>('payments', gateway ? gateway(embedded) : embedded);
  },
  { name: 'payments', dependencies: ['db'] },
);
