import type { FeeApplicant } from '../../../machines/domain/governmentFees';
import type { CheckoutOffer } from '../../../openapi/schemas/checkout';
import { priceOf, type PricingTable, type Product } from '../orders/products';
import { creditFor, type QuotedLead } from '../orders/quote';

export interface OfferFor {
  id: string;
  formType: string;
  source: string;
  subscriptionPlan: string;
  /** Whom its government fees are for (server/services/fees/applicant.ts). */
  applicant: FeeApplicant;
}

/**
 * Where a finished form goes to pay and for how much, from the pricing map: the pre-assessment's completion
 * fee, the ESTA service, or the DS-160 plan (basic unless one was chosen), less what the application already paid
 * for a lower package. The link names the lead, so the order is for this application; the checkout asks the
 * server for the price again. The completion cards show `price`, the same story checkout charges.
 */
export function checkoutOffer(lead: OfferFor, table: PricingTable, paid: QuotedLead['paid'] = []): CheckoutOffer {
  const formType = lead.formType === 'ESTA' ? 'ESTA' : 'DS-160';
  const chosen = lead.subscriptionPlan === 'pro' || lead.subscriptionPlan === 'premium' ? lead.subscriptionPlan : 'basic';
  const product: Product = lead.source === 'wizard' ? 'completion' : formType === 'ESTA' ? 'esta' : chosen;
  const price = priceOf(product, table, creditFor(product, paid), lead.applicant);
  const amount = price.serviceFee / 100;
  const plan = product === 'completion' || product === 'esta' ? 'none' : product;
  const query = new URLSearchParams({ formType, amount: String(amount), ...(plan === 'none' ? {} : { plan }), lead: lead.id });
  return { formType, plan, amount, price, url: `/checkout?${query.toString()}` };
}
