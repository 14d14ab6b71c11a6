import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getAnalysis, getEstaCheck } from '../../openapi/routes/results';
import { fromContract, orNoContent } from '../lib/route';

const results: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getAnalysis), handler: async (request, reply) => orNoContent(reply, await app.results.analysis(request.access())) });
  app.route({ ...fromContract(getEstaCheck), handler: async (request, reply) => orNoContent(reply, await app.results.estaCheck(request.access())) });
};

export default results;
