import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getFigures } from '../../openapi/routes/figures';
import { fromContract, NOT_LIMITED } from '../lib/route';

const figures: FastifyPluginAsyncTypebox = async (app) => {
  // Counted once a day and kept: the landing page asks on every visit that did not arrive with them.
  app.route({ ...fromContract(getFigures), config: NOT_LIMITED, handler: async () => app.site.figures() });
};

export default figures;
