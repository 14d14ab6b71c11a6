import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listPlans, purchasePackage } from '../../openapi/routes/plans';
import { fromContract, NOT_LIMITED } from '../lib/route';

/** The pricing page's calls: neither needs to know who asks, so no session is read or made. */
const plans: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(listPlans), config: NOT_LIMITED, handler: async () => app.site.plans() });
  app.route({ ...fromContract(purchasePackage), handler: async (request) => app.orders.purchase(request.body.planId) });
};

export default plans;
