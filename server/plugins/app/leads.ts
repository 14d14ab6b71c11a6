import fp from 'fastify-plugin';
import { LeadService } from '../../services/leads/service';

declare module 'fastify' {
  interface FastifyInstance {
    leads: LeadService;
  }
}

/** Applications (leads): their answers, progress and owner. */
export default fp(
  async (app) => {
    app.decorate('leads', new LeadService(app.db, app.dialect, app.site));
  },
  { name: 'leads', dependencies: ['db', 'site'] },
);
