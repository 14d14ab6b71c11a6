import { listPlans, purchasePackage } from '../../../openapi/routes/plans';
import { getPrices } from '../../../openapi/routes/pricing';
import type { PricingData } from '../../../machines/pricing.machine';
import { pathOf, type SuccessBody } from '../../../openapi/contract';
import { call } from '../call';
import { preloadedAnswer } from '../preloaded';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The pricing page's data from the server's two answers. */
const pricingData = (plans: SuccessBody<typeof listPlans>, prices: SuccessBody<typeof getPrices>): PricingData => ({ plans, prices });

/** The calls the pricing page makes first, which the server answers inside the page it renders (client/prerender.tsx). */
export const PRICING_PRELOADS = [pathOf(listPlans), pathOf(getPrices)];

/** The pricing page's data, when the page arrived with it. */
export function preloadedPricing(): PricingData | null {
  const [plans, prices] = PRICING_PRELOADS.map(preloadedAnswer);
  return plans && prices ? pricingData(plans as SuccessBody<typeof listPlans>, prices as SuccessBody<typeof getPrices>) : null;
}

/** /pricing: the packages, every product's price story, and the purchase. */
export function pricingCalls(http: Transport) {
  return {
    fetchPricing: async (): Promise<PricingData> => {
      const [plans, prices] = await Promise.all([call(http, listPlans, {}), call(http, getPrices, {})]);
      return pricingData(plans, prices);
    },
    purchasePackage: (input: { planId: string }) => call(http, purchasePackage, { body: { planId: input.planId } }),
  };
}

export const makePricingActors = (http: Transport) => actorsOf(pricingCalls, http);
