// The PDF service: the payment receipt and the completed form of an order, built in memory from the order and
// its lead as the server holds them.
import type { OrderDto } from '../../../openapi/schemas/orders';

export type { FormInput, GroupReceiptInput, PdfLead, ReceiptInput } from './inputs';
export { receiptPdf } from './receipt';
export { groupReceiptPdf } from './groupReceipt';
export { formPdf } from './form';
export { asciiSafe } from './ascii';

const serviceSlug = (order: Pick<OrderDto, 'service'>) => (order.service === 'ESTA' ? 'esta' : 'ds160');

/** Only letters, digits and dashes reach a Content-Disposition header. */
const safeNumber = (order: Pick<OrderDto, 'number'>) => order.number.replace(/[^A-Za-z0-9-]+/g, '-');

/** `{service}-confirmation-{number}.pdf`, as the confirmation page saves it (spec 1-core §7). */
export function receiptFileName(order: Pick<OrderDto, 'service' | 'number'>): string {
  return `${serviceSlug(order)}-confirmation-${safeNumber(order)}.pdf`;
}

/** `group-confirmation-{number}.pdf`: a group's payment may be for an ESTA and a visa at once. */
export function groupReceiptFileName(payment: Pick<OrderDto, 'number'>): string {
  return `group-confirmation-${safeNumber(payment)}.pdf`;
}

/** `{service}-form-{number}.pdf` (spec 1-core §7). */
export function formFileName(order: Pick<OrderDto, 'service' | 'number'>): string {
  return `${serviceSlug(order)}-form-${safeNumber(order)}.pdf`;
}
