import { getQuote } from '../../../openapi/routes/checkout';
import { listPlans, purchasePackage } from '../../../openapi/routes/plans';
import type { PricingData } from '../../../machines/pricing.machine';
import { pathOf, type SuccessBody } from '../../../openapi/contract';
import { call } from '../call';
import { preloadedAnswer } from '../preloaded';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

const ESTA_QUOTE = { query: { formType: 'ESTA' } } as const;

/** The pricing page's data from the server's two answers. */
function pricingData(plans: SuccessBody<typeof listPlans>, esta: SuccessBody<typeof getQuote>): PricingData {
  const option = esta.options.find((o) => o.product === 'esta');
  if (!option) throw new Error('The ESTA quote has no ESTA option');
  return { plans, esta: { serviceFee: option.price.serviceFee, governmentFee: option.price.governmentFee } };
}

/** The calls the pricing page makes first, which the server answers inside the page it renders (client/prerender.tsx). */
export const PRICING_PRELOADS = [pathOf(listPlans), pathOf(getQuote, undefined, ESTA_QUOTE.query)];

/** The pricing page's data, when the page arrived with it. */
export function preloadedPricing(): PricingData | null {
  const [plans, esta] = PRICING_PRELOADS.map(preloadedAnswer);
  return plans && esta ? pricingData(plans as SuccessBody<typeof listPlans>, esta as SuccessBody<typeof getQuote>) : null;
}

/** /pricing: the packages, the ESTA card's price (what its checkout charges, with the government fee), purchase. */
export function pricingCalls(http: Transport) {
  return {
    fetchPricing: async (): Promise<PricingData> => {
      const [plans, esta] = await Promise.all([call(http, listPlans, {}), call(http, getQuote, ESTA_QUOTE)]);
      return pricingData(plans, esta);
    },
    purchasePackage: (input: { planId: string }) => call(http, purchasePackage, { body: { planId: input.planId } }),
  };
}

export const makePricingActors = (http: Transport) => actorsOf(pricingCalls, http);
