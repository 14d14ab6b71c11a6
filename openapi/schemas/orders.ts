import { MailNoticeSchema } from './mail';
import { Type, type Static } from 'typebox';
import { Strict } from './common';
import { FeeApplicantSchema, FeeLineSchema } from './governmentFees';
import { PlanFeaturesSchema } from './plans';

const Cents = (description: string) => Type.Integer({ minimum: 0, description: `${description}, in cents` });
const Uuid = Type.String({ format: 'uuid' });

/** What can be bought: a DS-160 package, the ESTA service, or the pre-assessment's completion fee. */
export const ProductId = Type.Enum(['basic', 'pro', 'premium', 'esta', 'completion']);
export type ProductIdValue = Static<typeof ProductId>;

export const ServiceSchema = Type.Enum(['DS-160', 'ESTA']);
export type ServiceValue = Static<typeof ServiceSchema>;

/**
 * GET /api/checkout/quote: the query the checkout page was opened with (spec 1-core §2.5: formType, amount,
 * plan, service, session) plus the lead being paid for. Only the server's prices count: `amount` preselects.
 */
export const QuoteQuerySchema = Strict({
  plan: Type.Optional(Type.String({ maxLength: 40 })),
  formType: Type.Optional(Type.String({ maxLength: 40 })),
  service: Type.Optional(Type.String({ maxLength: 40 })),
  amount: Type.Optional(Type.String({ maxLength: 20, description: 'Dollars; only picks the option of that price' })),
  lead: Type.Optional(Uuid),
  session: Type.Optional(Type.String({ maxLength: 200, description: 'Accepted and ignored (older links carry it)' })),
  newApplication: Type.Optional(
    Type.Boolean({ description: 'Quote for a new application (another traveller), not the newest one this buyer has' }),
  ),
});
export type QuoteQuery = Static<typeof QuoteQuerySchema>;

/**
 * One price story (docs/DECISIONS.md "Visa rules and prices"): our service fee, the processing fee and the government
 * fee, and what the applicant pays in all as their sum. Every screen that shows a price shows these numbers.
 */
export const PriceSchema = Type.Object({
  serviceFee: Cents('Our service fee for this option before any credit'),
  credit: Cents('What this lead already paid for a lower package (upgrades are prorated)'),
  processingFee: Cents('The card processing fee'),
  total: Cents('What the card is charged: service fee less credit, plus processing fee'),
  governmentFee: Cents('Paid separately to the U.S. government, never charged here: the sum of governmentFees'),
  outOfPocket: Cents('Everything the applicant pays: the card charge plus the government fee'),
  visaClass: Type.Union([FeeApplicantSchema, Type.Null()], { description: "Whom the government fees are for; null for a group's total, whose travellers each have their own" }),
  governmentFees: Type.Array(FeeLineSchema, { description: 'The government fees in force that day for visaClass, each with its official source' }),
});
export type PriceDto = Static<typeof PriceSchema>;

/** GET /api/prices: every product at today's prices, from the one plan-to-price map on the server. */
export const PriceListSchema = Type.Object({
  basic: PriceSchema,
  pro: PriceSchema,
  premium: PriceSchema,
  esta: PriceSchema,
  completion: PriceSchema,
});
export type PriceListDto = Static<typeof PriceListSchema>;

export const QuoteOptionSchema = Type.Object({
  product: ProductId,
  service: ServiceSchema,
  price: PriceSchema,
  features: PlanFeaturesSchema,
  /** False when the lead already has this package or a higher one. */
  available: Type.Boolean(),
});
export type QuoteOption = Static<typeof QuoteOptionSchema>;

export const OwnedProductSchema = Type.Object({
  product: ProductId,
  orderId: Type.String(),
  number: Type.String({ description: 'The confirmation number of the order that bought it' }),
});

export const QuoteSchema = Type.Object({
  service: ServiceSchema,
  options: Type.Array(QuoteOptionSchema),
  selected: Type.Union([ProductId, Type.Null()], { description: 'Null when the link names a plan that does not exist' }),
  lead: Type.Union([Type.Object({ id: Type.String(), formType: Type.String(), name: Type.String() }), Type.Null()]),
  officialSite: Type.String({ description: "The government's own site, where the government fee is paid" }),
  owned: Type.Array(OwnedProductSchema, { description: 'What this application already has, with the paid orders that bought it' }),
  email: Type.Union([Type.String(), Type.Null()], { description: "Where the receipt would go: the application's e-mail, else the account's" }),
  newApplication: Type.Boolean({ description: 'This quote is for a new application (another traveller)' }),
});
export type QuoteDto = Static<typeof QuoteSchema>;

/** Spec 1-core §3 "Payment payload". Read once, checked, charged; never stored or logged. */
export const PaymentDetailsSchema = Strict({
  cardNumber: Type.String({ maxLength: 30 }),
  expiryDate: Type.String({ maxLength: 10, description: 'MM/YY' }),
  cvv: Type.String({ maxLength: 6 }),
  cardName: Type.String({ maxLength: 100 }),
  billingAddress: Type.String({ maxLength: 200 }),
  city: Type.String({ maxLength: 100 }),
  zipCode: Type.String({ maxLength: 20 }),
  country: Type.String({ maxLength: 100 }),
});
export type PaymentDetails = Static<typeof PaymentDetailsSchema>;

export const IdempotencyKey = Type.String({
  minLength: 16,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'One per attempt: a repeated request with the same key answers the first result and never charges twice',
});

export const ProcessPaymentSchema = Strict({
  plan: ProductId,
  amount: Type.Optional(Type.Number({ description: 'What the page showed, in dollars; the server charges its own price' })),
  leadId: Type.Optional(Uuid),
  newApplication: Type.Optional(Type.Boolean({ description: 'Buy for a new application (another traveller) instead of the newest one' })),
  email: Type.String({ minLength: 3, maxLength: 254, description: 'Where the receipt is for: a guest signs in with it to find the order' }),
  idempotencyKey: IdempotencyKey,
  paymentDetails: PaymentDetailsSchema,
});
export type ProcessPayment = Static<typeof ProcessPaymentSchema>;

export const OrderStatusSchema = Type.Enum(['pending', 'paid', 'failed', 'refunded']);

export const OrderSchema = Type.Object({
  id: Type.String(),
  number: Type.String({ description: 'The confirmation number' }),
  service: ServiceSchema,
  product: ProductId,
  status: OrderStatusSchema,
  price: PriceSchema,
  features: PlanFeaturesSchema,
  card: Type.Union([Type.Object({ brand: Type.String(), last4: Type.String() }), Type.Null()]),
  accessCode: Type.Union([Type.String(), Type.Null()], { description: 'Premium and paid only: the interview portal code' }),
  leadId: Type.Union([Type.String(), Type.Null()]),
  traveller: Type.String({ description: "Who the order is for: the application's traveller by name ('' before the form holds one)" }),
  groupPaymentId: Type.Union([Type.String(), Type.Null()], {
    description: "A line of a group's payment: that payment's id (its lines are one attempt, one charge or none)",
  }),
  failure: Type.Union([Type.String(), Type.Null()], { description: 'Why the payment failed, for a failed order' }),
  receiptEmail: Type.Union([Type.String(), Type.Null()]),
  formReady: Type.Boolean({ description: "Whether the application's form is complete, so its PDF can be printed" }),
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  receiptMail: Type.Optional(
    Type.Union([MailNoticeSchema, Type.Null()], {
      description: "GET /api/orders/{id} only: what the page may say of the receipt's e-mail (sent only once a mail server took it); null when no message was queued for the order",
    }),
  ),
});
export type OrderDto = Static<typeof OrderSchema>;

export const OrdersSchema = Type.Array(OrderSchema);

export const OrderParamsSchema = Strict({ orderId: Uuid });
