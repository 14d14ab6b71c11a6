import { defineRoute } from '../contract';
import { PricingSchema } from '../schemas/pricing';

export const getPricing = defineRoute({
  method: 'GET',
  url: '/api/admin/pricing',
  tags: ['pricing'],
  summary: 'The pricing map in dollars: the one source of every price (public; checkout and landing read it)',
  responses: { 200: PricingSchema },
});
