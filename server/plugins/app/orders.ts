import fp from 'fastify-plugin';
import { queuePaymentMessages } from '../../services/mail/payments';
import { OrderService } from '../../services/orders/service';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
  }
}

/** Quotes, reservations and charges of one application's packages. */
export default fp(
  async (app) => {
    app.decorate(
      'orders',
      new OrderService(app.db, app.dialect, app.payments, app.reconciler, app.log, (trx, payment, lines) => queuePaymentMessages(app.outbox, trx, payment, lines)),
    );
  },
  { name: 'orders', dependencies: ['db', 'payments', 'reconciler', 'outbox'] },
);
