import fp from 'fastify-plugin';
import { AdminDashboardService } from '../../services/admin/dashboard';

declare module 'fastify' {
  interface FastifyInstance {
    adminDashboard: AdminDashboardService;
  }
}

/** The admin dashboard's figures. */
export default fp(
  async (app) => {
    app.decorate('adminDashboard', new AdminDashboardService(app.db));
  },
  { name: 'adminDashboard', dependencies: ['db'] },
);
