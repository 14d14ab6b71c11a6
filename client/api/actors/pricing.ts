import { getQuote } from '../../../openapi/routes/checkout';
import { listPlans, purchasePackage } from '../../../openapi/routes/plans';
import type { PricingData } from '../../../machines/pricing.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /pricing: the packages, the ESTA card's price (what its checkout charges, with the government fee), purchase. */
export function pricingCalls(http: Transport) {
  return {
    fetchPricing: async (): Promise<PricingData> => {
      const [plans, esta] = await Promise.all([call(http, listPlans, {}), call(http, getQuote, { query: { formType: 'ESTA' } })]);
      const option = esta.options.find((o) => o.product === 'esta');
      if (!option) throw new Error('The ESTA quote has no ESTA option');
      return { plans, esta: { serviceFee: option.price.serviceFee, governmentFee: option.price.governmentFee } };
    },
    purchasePackage: (input: { planId: string }) => call(http, purchasePackage, { body: { planId: input.planId } }),
  };
}

export const makePricingActors = (http: Transport) => actorsOf(pricingCalls(http));
