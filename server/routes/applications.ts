import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listApplications } from '../../openapi/routes/applications';
import { signedInOnly } from '../lib/authorize';
import { fromContract } from '../lib/route';

const applications: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(listApplications), onRequest: signedInOnly('Sign in to see your applications.'), handler: async (request) => app.applications.list(request.access()) });
};

export default applications;
