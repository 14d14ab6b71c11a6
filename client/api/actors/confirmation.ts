import type { OrderDto } from '../../../openapi/schemas/orders';
import { getOrder } from '../../../openapi/routes/checkout';
import { formPdf, receiptPdf } from '../../../openapi/routes/pdf';
import { call, download } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /payment-confirmation: the order as stored, and its two PDFs made by the server from its own records. */
export function confirmationCalls(http: Transport) {
  return {
    fetchOrder: ({ orderId }: { orderId: string }) => call(http, getOrder, { params: { orderId } }),
    downloadReceipt: ({ order }: { order: OrderDto }) =>
      download(http, receiptPdf, {
        body: { confirmationNumber: order.number, service: order.service, plan: order.product, amount: order.price.total / 100, date: order.paidAt ?? order.createdAt },
      }),
    downloadForm: ({ order }: { order: OrderDto }) =>
      download(http, formPdf, { body: { confirmationNumber: order.number, service: order.service, plan: order.product } }),
  };
}

export const makeConfirmationActors = (http: Transport) => actorsOf(confirmationCalls, http);
