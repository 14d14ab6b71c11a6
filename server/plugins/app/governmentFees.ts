import fp from 'fastify-plugin';
import { GovernmentFeeService } from '../../services/fees/service';

declare module 'fastify' {
  interface FastifyInstance {
    governmentFees: GovernmentFeeService;
  }
}

/** The admin's side of the government fees' schedule (issue 44); every process drops its copies when one changes. */
export default fp(
  async (app) => {
    app.decorate('governmentFees', new GovernmentFeeService(app.db, app.notices));
  },
  { name: 'governmentFees', dependencies: ['db', 'shared'] },
);
