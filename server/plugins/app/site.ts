import fp from 'fastify-plugin';
import { SiteService } from '../../services/site/service';

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteService;
  }
}

/** Branding, prices and plans as the admin set them, kept in memory and refreshed when another process changes them. */
export default fp(
  async (app) => {
    app.decorate('site', new SiteService(app.db, app.notices));
  },
  { name: 'site', dependencies: ['db', 'shared'] },
);
