import fp from 'fastify-plugin';
import { AnalyticsService } from '../../services/analytics/service';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsService;
  }
}

/** Page views and funnel events, and the admin's figures from them. */
export default fp(
  async (app) => {
    app.decorate('analytics', new AnalyticsService(app.db));
  },
  { name: 'analytics', dependencies: ['db'] },
);
