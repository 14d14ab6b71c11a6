import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getPrices, getPricing } from '../../openapi/routes/pricing';
import { fromContract, NOT_LIMITED } from '../lib/route';

const pricing: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getPricing), config: NOT_LIMITED, handler: async () => app.site.pricing() });
  app.route({ ...fromContract(getPrices), config: NOT_LIMITED, handler: async () => app.site.prices() });
};

export default pricing;
