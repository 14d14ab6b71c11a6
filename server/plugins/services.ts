import fp from 'fastify-plugin';
import { LeadService } from '../services/leads/service';
import { SiteService } from '../services/site/service';

declare module 'fastify' {
  interface FastifyInstance {
    leads: LeadService;
    site: SiteService;
  }
}

/** The services routes reach through decorators; each holds its rules, routes only translate HTTP. */
export default fp(
  async (app) => {
    app.decorate('leads', new LeadService(app.db, app.dialect));
    app.decorate('site', new SiteService(app.db));
  },
  { name: 'services', dependencies: ['db'] },
);
