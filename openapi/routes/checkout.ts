import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { OrderParamsSchema, OrderSchema, OrdersSchema, ProcessPaymentSchema, QuoteQuerySchema, QuoteSchema } from '../schemas/orders';

export const getQuote = defineRoute({
  method: 'GET',
  url: '/api/checkout/quote',
  tags: ['checkout'],
  summary: "What a checkout link offers at the server's prices, for which application, and which option it opens on",
  querystring: QuoteQuerySchema,
  responses: { 200: QuoteSchema, ...errorResponses(403, 404) },
});

export const processPayment = defineRoute({
  method: 'POST',
  url: '/api/checkout/process',
  tags: ['checkout'],
  summary:
    "Create the order at the server's price and charge the card; the same idempotency key never charges twice. Purchases for one application are charged one at a time: 409 already_purchased names the order that has this package (or a higher one), 402 when the card is refused",
  body: ProcessPaymentSchema,
  responses: { 200: OrderSchema, ...errorResponses(402, 403, 404, 409) },
});

export const getOrder = defineRoute({
  method: 'GET',
  url: '/api/orders/:orderId',
  tags: ['checkout'],
  summary: 'An order as stored (its true status), for the session or account that placed it',
  params: OrderParamsSchema,
  responses: { 200: OrderSchema, ...errorResponses(403, 404) },
});

export const listOrders = defineRoute({
  method: 'GET',
  url: '/api/orders',
  tags: ['checkout'],
  summary: "The orders of this browser session and its account, newest first, each with its true status (the dashboard's orders)",
  responses: { 200: OrdersSchema },
});
