import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getBranding } from '../../openapi/routes/branding';
import { fromContract, NOT_LIMITED } from '../lib/route';

const branding: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getBranding), config: NOT_LIMITED, handler: async () => app.site.branding() });
};

export default branding;
