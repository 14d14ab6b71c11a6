import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getBranding } from '../../openapi/routes/branding';
import { fromContract } from '../lib/route';

const branding: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getBranding), handler: async () => app.site.branding() });
};

export default branding;
