import fp from 'fastify-plugin';
import { ApplicationService } from '../../services/applications/service';

declare module 'fastify' {
  interface FastifyInstance {
    applications: ApplicationService;
  }
}

/** A signed-in applicant's applications, for the dashboard. */
export default fp(
  async (app) => {
    app.decorate('applications', new ApplicationService(app.db));
  },
  { name: 'applications', dependencies: ['db'] },
);
