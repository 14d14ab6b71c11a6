import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getGovernmentFees } from '../../openapi/routes/governmentFees';
import { fromContract } from '../lib/route';

const governmentFees: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getGovernmentFees), handler: async (request) => app.site.governmentFeeTable(request.query.day) });
};

export default governmentFees;
