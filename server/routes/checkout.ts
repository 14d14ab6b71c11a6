import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getOrder, getQuote, listOrders, processPayment } from '../../openapi/routes/checkout';
import { fromContract, perMinute } from '../lib/route';
import { requestLanguage } from '../plugins/prerendered';

const checkout: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getQuote), handler: async (request) => app.orders.quote(request.access(), request.query) });

  // Card testing (trying stolen numbers one after another) is the abuse a payment form invites.
  app.route({
    ...fromContract(processPayment),
    config: perMinute(20),
    handler: async (request) => {
      const owner = request.owner();
      return app.orders.process(owner, request.access(), request.body, requestLanguage(request));
    },
  });

  app.route({
    ...fromContract(getOrder),
    handler: async (request) => {
      const order = await app.orders.get(request.access(), request.params.orderId);
      // The receipt is the payment's message: a group's line shares its payment's (server/services/mail/payments.ts).
      const receiptMail = order.status === 'paid' ? await app.mail.notice(`receipt:${order.groupPaymentId ?? order.id}`) : null;
      return { ...order, receiptMail };
    },
  });
  app.route({ ...fromContract(listOrders), handler: async (request) => app.orders.list(request.access()) });
};

export default checkout;
