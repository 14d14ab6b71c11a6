import type { LeadRow, OrderRow, OrderService } from '../../../db/schema';
import type { FeeApplicant } from '../../../machines/domain/governmentFees';
import { OFFICIAL_SITES as SITES } from '../../../machines/domain/nextSteps';
import type { QuoteOption, QuoteQuery } from '../../../openapi/schemas/orders';
import { applicantOfLead } from '../fees/applicant';
import { cents, defaultApplicant, featuresOf, isPackage, PACKAGES, priceOf, productFromWord, productOf, serviceFeeOf, type PriceTable, type Product } from './products';

/** Where the government fee is paid: we are not the government, and the page says so with this link. */
export const OFFICIAL_SITES: Record<OrderService, string> = SITES;

/** The lead being paid for, as far as pricing cares. */
export interface QuotedLead {
  id: string;
  formType: string;
  source: string;
  /** Whom its government fees are for: the ESTA, or its purpose's visa class. */
  applicant: FeeApplicant;
  /** Products this lead already has paid orders for, with what was paid for each and the order that did. */
  paid: ReadonlyArray<{ product: Product; serviceFee: number; orderId: string; number: string }>;
}

/** A lead's paid orders as pricing reads them. */
export const paidOf = (orders: readonly OrderRow[]): QuotedLead['paid'] =>
  orders.map((o) => ({ product: productOf(o.plan), serviceFee: o.service_fee_cents, orderId: o.id, number: o.number }));

/** A lead as pricing reads it, with the orders it already paid. */
export const quotedLead = (lead: Pick<LeadRow, 'id' | 'form_type' | 'source' | 'travel_purpose' | 'form_data'>, paid: readonly OrderRow[]): QuotedLead => ({
  id: lead.id,
  formType: lead.form_type,
  source: lead.source,
  applicant: applicantOfLead(lead),
  paid: paidOf(paid),
});

/**
 * Which products a checkout offers: the pre-assessment's review for its lead, the ESTA service, or the three
 * DS-160 packages. The lead decides when there is one; otherwise the link's plan, form type or service.
 */
export function productsFor(query: Pick<QuoteQuery, 'plan' | 'formType' | 'service'>, lead: QuotedLead | null): { service: OrderService; products: Product[] } {
  if (lead) {
    const service: OrderService = lead.formType === 'ESTA' ? 'ESTA' : 'DS-160';
    if (lead.source === 'wizard') return { service, products: ['completion'] };
    return service === 'ESTA' ? { service, products: ['esta'] } : { service, products: [...PACKAGES] };
  }
  const named = query.plan === undefined ? null : productFromWord(query.plan);
  const wantsEsta = named === 'esta' || [query.formType, query.service].some((v) => v?.trim().toLowerCase() === 'esta');
  return wantsEsta ? { service: 'ESTA', products: ['esta'] } : { service: 'DS-160', products: [...PACKAGES] };
}

/**
 * The price of one product for this lead. An upgrade is prorated (the pricing FAQ): what the lead paid for a
 * lower package is credited. A product the lead already has, or a lower package than one it has, is not offered.
 */
export function optionFor(product: Product, service: OrderService, lead: QuotedLead | null, table: PriceTable): QuoteOption {
  const serviceFee = serviceFeeOf(product, table);
  const paid = lead?.paid ?? [];
  const credit = creditFor(product, paid);
  const owned = paid.some((p) => p.product === product);
  return {
    product,
    service,
    // A lead's own class (a work visa's consular fee is not a visitor's); without a lead, the ESTA or a visitor visa.
    price: priceOf(product, table, credit, lead ? lead.applicant : defaultApplicant(service)),
    features: featuresOf(product, table),
    available: !owned && (credit === 0 || serviceFee > credit),
  };
}

/** What a package is credited: the most the application already paid for a package (upgrades are prorated). */
export function creditFor(product: Product, paid: QuotedLead['paid']): number {
  return isPackage(product) ? Math.max(0, ...paid.filter((p) => isPackage(p.product)).map((p) => p.serviceFee)) : 0;
}

/**
 * Which option the page opens on. A plan in the link must be one of the options (else the page shows 'Invalid
 * Plan'); without one, an amount that matches an option's price picks it; otherwise the first one still for sale.
 * The amount never sets a price.
 */
export function preselect(query: Pick<QuoteQuery, 'plan' | 'amount'>, options: readonly QuoteOption[]): Product | null {
  if (query.plan !== undefined && query.plan.trim() !== '') {
    const named = productFromWord(query.plan);
    return options.some((o) => o.product === named) ? named : null;
  }
  // Spec 1-core §2.5: the amount defaults to 100 (the Pro package at the default prices).
  const amount = Number(query.amount ?? 100);
  const byAmount = Number.isFinite(amount) ? options.find((o) => o.price.serviceFee === cents(amount)) : undefined;
  return (byAmount ?? options.find((o) => o.available) ?? options[0])?.product ?? null;
}
