import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSetting } from '../../db/queries/settings';
import { PricingSchema } from '../../openapi/schemas/pricing';

const pricing: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/pricing',
    {
      schema: {
        tags: ['pricing'],
        summary: 'The pricing map in dollars: the one source of every price (public; checkout and landing read it)',
        response: { 200: PricingSchema },
      },
    },
    async () => getSetting(app.db, 'pricing'),
  );
};

export default pricing;
