import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPricing } from '../../openapi/routes/pricing';
import { fromContract } from '../lib/route';

const pricing: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getPricing), handler: async () => app.site.pricing() });
};

export default pricing;
