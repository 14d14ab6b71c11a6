import { getQuote, processPayment } from '../../../openapi/routes/checkout';
import type { ProcessPayment, QuoteQuery } from '../../../openapi/schemas/orders';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /checkout: what the link offers at the server's prices, and the payment. */
export function checkoutCalls(http: Transport) {
  return {
    fetchQuote: (query: QuoteQuery) => call(http, getQuote, { query }),
    processPayment: (body: ProcessPayment) => call(http, processPayment, { body }),
  };
}

export const makeCheckoutActors = (http: Transport) => actorsOf(checkoutCalls, http);
