// The fixed English wording of both PDFs (the documents are English by design: the applicant copies them into
// English-only official forms), plus the Spanish legal warning the confirmation page also shows (spec 1-core §2.6).
import type { FeeLineDto } from '../../../openapi/schemas/governmentFees';
import type { OrderDto } from '../../../openapi/schemas/orders';

type Order = Pick<OrderDto, 'service' | 'product' | 'status' | 'features'>;

export const PRODUCT_NAMES: Record<OrderDto['product'], string> = {
  basic: 'Basic',
  pro: 'Pro',
  premium: 'Premium',
  esta: 'ESTA service',
  completion: 'Pre-assessment review',
};

export const SERVICE_NAMES: Record<OrderDto['service'], string> = {
  'DS-160': 'DS-160 visa application assistance',
  ESTA: 'ESTA application assistance',
};

export const STATUS_WORDS: Record<OrderDto['status'], string> = {
  paid: 'Paid',
  pending: 'Payment pending',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

/** The pricing page's six feature lines (spec 1-core §2.4), in its order. */
export const FEATURE_LINES: ReadonlyArray<[keyof OrderDto['features'], string]> = [
  ['wizardAccess', 'Step-by-step form wizard'],
  ['estaCheck', 'ESTA eligibility checker'],
  ['aiAnalysis', 'AI visa approval analysis'],
  ['documentReview', 'Document review service'],
  ['interviewPrep', 'Interview preparation'],
  ['prioritySupport', 'Priority customer support'],
];

export function includedFeatures(order: Order): string[] {
  return FEATURE_LINES.filter(([flag]) => order.features[flag]).map(([, line]) => line);
}

/** An unpaid order's receipt must not pass for proof of payment. */
export const UNPAID_NOTICE: Record<Exclude<OrderDto['status'], 'paid'>, string> = {
  pending: 'NOT PAID. This order is waiting for payment; nothing has been charged. This document is not a proof of payment.',
  failed: 'NOT PAID. The payment for this order failed and nothing was charged. This document is not a proof of payment.',
  refunded: 'REFUNDED. The amount charged for this order was returned to your card.',
};

/**
 * Who submits and who pays (docs/DECISIONS.md "Claims and roles"): the applicant sends the official form and pays the
 * government, on the official site; our charge never includes the government's fee.
 */
/**
 * Who submits and pays the government. For several travellers the fee is one per traveller, said so with its count
 * (issue 45 item 17: four ESTA fees read as one "ESTA fee ($84.00)").
 */
export function governmentFeeNote(service: OrderDto['service'], fee: string, officialSite: string, travellers = 1): string {
  const many = travellers > 1;
  return service === 'ESTA'
    ? many
      ? `Each of the ${travellers} travellers submits their own official ESTA application and pays their own U.S. government ESTA fee by card on the official ESTA site: ${officialSite} (${fee} for the ${travellers}, listed per traveller above). It is not included in the total charged.`
      : `You submit the official ESTA application yourself and pay the U.S. government's ESTA fee (${fee}) by card on the official ESTA site: ${officialSite}. It is not included above.`
    : many
      ? `Each of the ${travellers} travellers submits their own DS-160 on the official site (${officialSite}) and pays their own U.S. government visa fees (${fee} for the ${travellers}, listed per traveller above), as the embassy or consulate where they book their interview instructs. They are not included in the total charged.`
      : `You submit the DS-160 yourself on the official site (${officialSite}) and pay the U.S. government's visa fees (${fee}) yourself, as the embassy or consulate where you book your interview instructs. They are not included above.`;
}

const FEE_NAMES: Record<FeeLineDto['code'], string> = {
  esta: 'ESTA fee',
  application: 'Visa application fee',
  integrity: 'Visa integrity fee',
};

/** 'ESTA fee', 'Visa application fee (class H)'. */
export function feeLineLabel(line: Pick<FeeLineDto, 'code' | 'subject'>): string {
  const visaClass = line.subject === 'ESTA' || line.subject === 'VISA' ? '' : ` (class ${line.subject})`;
  return `${FEE_NAMES[line.code]}${visaClass}`;
}

export function privateCompanyNote(brandName: string): string {
  return `${brandName} is a private company. We are not the U.S. government and are not affiliated with any government agency.`;
}

/** The legal warning in the receipt's own language, English (issue 45 item 17: a Spanish paragraph in an English receipt). */
export function legalWarning(brandName: string): string {
  return (
    `Legal notice: ${brandName} is a private assistance company with no connection to the United States Government ` +
    'or to any other government or official body. We do not guarantee the approval of any visa or travel ' +
    'authorisation: the decision rests with the U.S. authorities alone.'
  );
}
