import type { Fees, PricingMap } from '../../../db/queries/settings';
import type { CheckoutOffer } from '../../../openapi/schemas/checkout';

/** DECISIONS.md: the ESTA checkout price is the pricing map's ESTA value less the $22 government fee. */
export const ESTA_CHECKOUT_DEDUCTION = 22;

type Plan = 'basic' | 'pro' | 'premium';

const PLAN_PRICE: Record<Plan, keyof PricingMap> = { basic: 'DS160_BASIC', pro: 'DS160_PRO', premium: 'DS160_PREMIUM' };

export interface OfferFor {
  formType: string;
  source: string;
  subscriptionPlan: string;
}

/**
 * Where a finished form goes to pay and for how much, from the pricing map: the pre-assessment's completion
 * fee, the ESTA price less the government fee, or the DS-160 plan (basic unless one was chosen).
 */
export function checkoutOffer(lead: OfferFor, pricing: PricingMap, fees: Fees): CheckoutOffer {
  const formType = lead.formType === 'ESTA' ? 'ESTA' : 'DS-160';
  if (lead.source === 'wizard') {
    return offer({ formType, plan: 'none', amount: fees.completionFee });
  }
  if (formType === 'ESTA') {
    return offer({ formType, plan: 'none', amount: Math.max(0, pricing.ESTA - ESTA_CHECKOUT_DEDUCTION) });
  }
  const plan: Plan = lead.subscriptionPlan === 'pro' || lead.subscriptionPlan === 'premium' ? lead.subscriptionPlan : 'basic';
  return offer({ formType, plan, amount: pricing[PLAN_PRICE[plan]] });
}

function offer({ formType, plan, amount }: Omit<CheckoutOffer, 'url'>): CheckoutOffer {
  const query = new URLSearchParams({ formType, amount: String(amount), ...(plan === 'none' ? {} : { plan }) });
  return { formType, plan, amount, url: `/checkout?${query.toString()}` };
}
