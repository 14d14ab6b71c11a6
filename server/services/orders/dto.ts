import type { LeadRow, OrderRow } from '../../../db/schema';
import { FEE_APPLICANTS, type FeeApplicant, type FeeLine } from '../../../machines/domain/governmentFees';
import type { OrderDto, PriceDto } from '../../../openapi/schemas/orders';
import { leadName } from '../../../machines/domain/leadIdentity';
import { defaultApplicant, featuresOf, productOf, type PriceTable } from './products';

/** A lead whose form is complete prints as a form PDF; one still being filled in does not yet. */
export const formReady = (lead: Pick<LeadRow, 'completion_status'> | null | undefined) =>
  lead?.completion_status === 'completed' || lead?.completion_status === 'paid';

/** What an order keeps of the government fees it was quoted with (migration 0029). */
export const governmentFeeColumns = (price: Pick<PriceDto, 'visaClass' | 'governmentFees'>): Pick<OrderRow, 'visa_class' | 'government_fees'> => ({
  visa_class: price.visaClass,
  government_fees: JSON.stringify(price.governmentFees),
});

/** An order's price as charged (not today's prices), with the government fees of its day. */
export function priceOfRow(row: OrderRow): PriceDto {
  // A group's payment has no class of its own (null); its lines have theirs.
  const visaClass = (FEE_APPLICANTS as readonly string[]).includes(row.visa_class ?? '') ? (row.visa_class as FeeApplicant) : row.plan === 'group' ? null : defaultApplicant(row.service);
  const governmentFees = row.government_fees ? (JSON.parse(row.government_fees) as FeeLine[]) : [];
  return {
    serviceFee: row.service_fee_cents,
    credit: row.credit_cents,
    processingFee: row.processing_fee_cents,
    total: row.total_cents,
    governmentFee: row.government_fee_cents,
    outOfPocket: row.total_cents + row.government_fee_cents,
    visaClass,
    governmentFees,
  };
}

/** What an order reads of its lead: how far its form is, and who it is for. */
export type OrderLead = Pick<LeadRow, 'completion_status' | 'name' | 'form_data'>;

/** An order as its owner sees it: amounts as charged (not today's prices), the card by brand and last four only. */
export function toOrderDto(row: OrderRow, table: PriceTable, lead?: OrderLead | null): OrderDto {
  const product = productOf(row.plan);
  return {
    id: row.id,
    number: row.number,
    service: row.service,
    product,
    status: row.status,
    price: priceOfRow(row),
    features: featuresOf(product, table),
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    accessCode: row.status === 'paid' ? row.access_code : null,
    leadId: row.lead_id,
    traveller: lead ? leadName(lead) : '',
    groupPaymentId: row.parent_order_id,
    failure: row.failure,
    receiptEmail: row.receipt_email,
    formReady: formReady(lead),
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}
