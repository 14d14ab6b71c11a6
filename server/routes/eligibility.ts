import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getEligibility } from '../../openapi/routes/eligibility';
import { fromContract } from '../lib/route';

const eligibility: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(getEligibility),
    handler: async (request) => app.site.eligibility(request.query),
  });
};

export default eligibility;
