import { getGroupPayment, groupCheckout, groupQuote } from '../../../openapi/routes/groups';
import { formPdf, receiptPdf } from '../../../openapi/routes/pdf';
import type { GroupCheckoutBody, GroupPaymentDto, GroupQuoteQuery } from '../../../openapi/schemas/groups';
import type { OrderDto } from '../../../openapi/schemas/orders';
import { call, download } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /checkout?group=: the group's quote at the server's prices, and its one payment. */
export function groupCheckoutCalls(http: Transport) {
  return {
    fetchQuote: ({ groupId, query }: { groupId: string; query: GroupQuoteQuery }) => call(http, groupQuote, { params: { groupId }, query }),
    processPayment: ({ groupId, body }: { groupId: string; body: GroupCheckoutBody }) => call(http, groupCheckout, { params: { groupId }, body }),
  };
}

/**
 * /payment-confirmation?groupPayment=: the payment as stored, its receipt PDF (the one charge, a line per traveller)
 * and each traveller's form PDF from their own order.
 */
export function groupConfirmationCalls(http: Transport) {
  return {
    fetchPayment: ({ paymentId }: { paymentId: string }) => call(http, getGroupPayment, { params: { orderId: paymentId } }),
    downloadReceipt: ({ payment }: { payment: GroupPaymentDto }) =>
      download(http, receiptPdf, { body: { confirmationNumber: payment.number, amount: payment.price.total / 100, date: payment.paidAt ?? payment.createdAt } }),
    downloadForm: ({ order }: { order: OrderDto }) => download(http, formPdf, { body: { confirmationNumber: order.number, service: order.service, plan: order.product } }),
  };
}

export const makeGroupCheckoutActors = (http: Transport) => actorsOf(groupCheckoutCalls, http);
export const makeGroupConfirmationActors = (http: Transport) => actorsOf(groupConfirmationCalls, http);
