import fp from 'fastify-plugin';
import { AdminLeadService } from '../../services/admin/leads';

declare module 'fastify' {
  interface FastifyInstance {
    adminLeads: AdminLeadService;
  }
}

/** The admin's list and detail of applications. */
export default fp(
  async (app) => {
    app.decorate('adminLeads', new AdminLeadService(app.db));
  },
  { name: 'adminLeads', dependencies: ['db'] },
);
