import type { Fees, PricingMap } from '../../../db/queries/settings';
import type { CheckoutOffer } from '../../../openapi/schemas/checkout';
import { serviceFeeOf, type Product } from '../orders/products';

export interface OfferFor {
  id: string;
  formType: string;
  source: string;
  subscriptionPlan: string;
}

/**
 * Where a finished form goes to pay and for how much, from the pricing map: the pre-assessment's completion
 * fee, the ESTA price less the government fee, or the DS-160 plan (basic unless one was chosen). The link names
 * the lead, so the order is for this application; the checkout asks the server for the price again.
 */
export function checkoutOffer(lead: OfferFor, pricing: PricingMap, fees: Fees): CheckoutOffer {
  const formType = lead.formType === 'ESTA' ? 'ESTA' : 'DS-160';
  const chosen = lead.subscriptionPlan === 'pro' || lead.subscriptionPlan === 'premium' ? lead.subscriptionPlan : 'basic';
  const product: Product = lead.source === 'wizard' ? 'completion' : formType === 'ESTA' ? 'esta' : chosen;
  const amount = serviceFeeOf(product, { pricing, fees }) / 100;
  const plan = product === 'completion' || product === 'esta' ? 'none' : product;
  const query = new URLSearchParams({ formType, amount: String(amount), ...(plan === 'none' ? {} : { plan }), lead: lead.id });
  return { formType, plan, amount, url: `/checkout?${query.toString()}` };
}
