import { listPlans, purchasePackage } from '../../../openapi/routes/plans';
import { getPrices } from '../../../openapi/routes/pricing';
import type { PricingData } from '../../../machines/pricing.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /pricing: the packages, every product's price story, and the purchase. */
export function pricingCalls(http: Transport) {
  return {
    fetchPricing: async (): Promise<PricingData> => {
      const [plans, prices] = await Promise.all([call(http, listPlans, {}), call(http, getPrices, {})]);
      return { plans, prices };
    },
    purchasePackage: (input: { planId: string }) => call(http, purchasePackage, { body: { planId: input.planId } }),
  };
}

export const makePricingActors = (http: Transport) => actorsOf(pricingCalls(http));
