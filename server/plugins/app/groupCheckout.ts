import fp from 'fastify-plugin';
import { GroupCheckout } from '../../services/orders/groupCheckout';

declare module 'fastify' {
  interface FastifyInstance {
    groupCheckout: GroupCheckout;
  }
}

/** One payment for a group: one charge whose lines are each traveller's order. */
export default fp(
  async (app) => {
    app.decorate('groupCheckout', new GroupCheckout(app.db, app.dialect, app.orders));
  },
  { name: 'groupCheckout', dependencies: ['db', 'orders'] },
);
