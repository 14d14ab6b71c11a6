import fp from 'fastify-plugin';
import { DocumentService } from '../../services/documents/service';

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentService;
  }
}

/** Receipts and completed forms as PDF, for what was paid. */
export default fp(
  async (app) => {
    app.decorate('documents', new DocumentService(app.db, app.orders, app.groupCheckout));
  },
  { name: 'documents', dependencies: ['db', 'orders', 'groupCheckout'] },
);
