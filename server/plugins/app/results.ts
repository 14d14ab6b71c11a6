import fp from 'fastify-plugin';
import { ResultsService } from '../../services/results/service';

declare module 'fastify' {
  interface FastifyInstance {
    results: ResultsService;
  }
}

/** What an application's answers mean: the result page's reading, with the government fees in force. */
export default fp(
  async (app) => {
    app.decorate('results', new ResultsService(app.db, app.site));
  },
  { name: 'results', dependencies: ['db', 'site'] },
);
