import { defineRoute } from '../contract';
import { PriceListSchema } from '../schemas/orders';
import { PricingSchema } from '../schemas/pricing';

export const getPricing = defineRoute({
  method: 'GET',
  url: '/api/admin/pricing',
  tags: ['pricing'],
  summary: 'The pricing map in dollars: the one source of every price (public; checkout and landing read it)',
  responses: { 200: PricingSchema },
});

export const getPrices = defineRoute({
  method: 'GET',
  url: '/api/prices',
  tags: ['pricing'],
  summary:
    'Every product at today\'s prices, in cents: our service fee, the processing fee and the government fee, and what the applicant pays in all (the one price every page shows)',
  responses: { 200: PriceListSchema },
});
