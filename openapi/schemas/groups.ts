import { Type, type Static } from 'typebox';
import { GROUP_LIMITS, GUARDIAN_ROLES, RELATIONSHIPS } from '../vocabulary';
import { Strict } from './common';
import { IdempotencyKey, OrderSchema, OrderStatusSchema, PaymentDetailsSchema, PriceSchema, ProductId, QuoteOptionSchema, ServiceSchema } from './orders';

const Form = Type.Enum(['ESTA', 'DS-160'], { description: "The traveller's own form: the ESTA wizard or the ten-section DS-160 form" });

export const GroupIdParamsSchema = Strict({ groupId: Type.String({ format: 'uuid' }) });
export const GroupTravellerParamsSchema = Strict({ groupId: Type.String({ format: 'uuid' }), leadId: Type.String({ format: 'uuid' }) });

/** POST /api/groups/{groupId}/travellers: 'Add a traveller' (issue 36). */
export const NewTravellerSchema = Strict({
  firstName: Type.String({ maxLength: 50, description: 'Given names as in the passport' }),
  lastName: Type.String({ maxLength: 50, description: 'Surnames as in the passport' }),
  relationship: Type.Enum([...RELATIONSHIPS], { description: 'How the traveller is related to the group leader' }),
  nationality: Type.String({ maxLength: 100, description: "The passport's country: it decides the traveller's form (ESTA or DS-160)" }),
});
export type NewTravellerBody = Static<typeof NewTravellerSchema>;

const GuardianRole = Type.Enum([...GUARDIAN_ROLES], { description: "The guardian's role for the minor: parent, legal guardian, another relative, or other" });

/** A minor's parent or guardian (issue 36): a traveller of the group, or someone else by name. */
export const GuardianSchema = Type.Object({
  leadId: Type.Union([Type.String(), Type.Null()], { description: 'The traveller of the group who is the parent or guardian, or null for someone else' }),
  name: Type.String({ description: "The guardian's name (a traveller's as their application holds it)" }),
  role: GuardianRole,
});

/** PUT /api/groups/{groupId}/travellers/{leadId}/guardian. */
export const GuardianBodySchema = Strict({
  leadId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'An adult traveller of the same group' })),
  name: Type.Optional(Type.String({ maxLength: 100, description: "Someone else's full name, when no traveller of the group is the guardian" })),
  role: GuardianRole,
});
export type GuardianBody = Static<typeof GuardianBodySchema>;

export const TravellerSchema = Type.Object({
  leadId: Type.String(),
  position: Type.Integer({ minimum: 0 }),
  relationship: Type.Enum(['leader', ...RELATIONSHIPS]),
  form: Form,
  name: Type.String({ description: "The traveller's name as their application holds it" }),
  completionStatus: Type.Enum(['incomplete', 'unpaid', 'completed', 'paid', 'abandoned']),
  paymentStatus: Type.Enum(['unpaid', 'pending', 'paid']),
  prefilled: Type.Array(Type.String(), {
    description: "The answers the group filled in that the traveller has not changed, by path ('home-address', 'travel-info.arrivalDate'): the form marks them",
  }),
  updatedAt: Type.String(),
  minor: Type.Union([Type.Boolean(), Type.Null()], { description: 'Under 18 today by the birth date their form holds; null until it holds one' }),
  guardian: Type.Union([GuardianSchema, Type.Null()], { description: "A minor's parent or guardian, once given" }),
});
export type TravellerDto = Static<typeof TravellerSchema>;

export const GroupSchema = Type.Object({
  id: Type.String(),
  number: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: "The group's number (G-7K3Q-XM9P), e-mailed to the leader with the link back to the group" })),
  leaderLeadId: Type.String(),
  purpose: Type.Enum(['tourism', 'business', 'transit', 'study'], { description: "The trip's purpose the visa rule reads for each new traveller" }),
  limits: Type.Object({
    travellers: Type.Literal(GROUP_LIMITS.travellers),
    ds160: Type.Literal(GROUP_LIMITS.ds160, { description: 'Travellers who fill a DS-160, within the group limit' }),
  }),
  travellers: Type.Array(TravellerSchema),
  createdAt: Type.String(),
});
export type GroupDto = Static<typeof GroupSchema>;

export const TravellerAddedSchema = Type.Object({ leadId: Type.String({ description: "The new traveller's lead" }), group: GroupSchema });
export type TravellerAdded = Static<typeof TravellerAddedSchema>;

// One checkout for the group (issue 36): one order with a line per traveller, one charge.

const Uuid = Type.String({ format: 'uuid' });

/** GET /api/groups/{groupId}/quote. */
export const GroupQuoteQuerySchema = Strict({
  plans: Type.Optional(
    Type.String({
      maxLength: 2_000,
      pattern: '^[0-9a-fA-F-]{36}:[a-z]{1,12}(,[0-9a-fA-F-]{36}:[a-z]{1,12})*$',
      description: "A DS-160 traveller's package where not the one their application chose: 'leadId:pro,leadId:premium'",
    }),
  ),
});
export type GroupQuoteQuery = Static<typeof GroupQuoteQuerySchema>;

export const GroupLineQuoteSchema = Type.Object({
  leadId: Type.String(),
  name: Type.String(),
  relationship: Type.Enum(['leader', ...RELATIONSHIPS]),
  service: ServiceSchema,
  product: ProductId,
  price: PriceSchema,
  options: Type.Array(QuoteOptionSchema, { description: "What this traveller may buy: the ESTA service, or the three DS-160 packages (upgrades credited)" }),
  needsGuardian: Type.Boolean({
    description: 'A minor (by the birth date in their form) with no parent or guardian on record: the checkout is refused (409 guardian_missing) until one is set',
  }),
});

export const GroupQuoteSchema = Type.Object({
  groupId: Type.String(),
  lines: Type.Array(GroupLineQuoteSchema, { description: 'One per traveller with something to pay; the processing fee is on the first line only (one card charge)' }),
  settled: Type.Array(Type.Object({ leadId: Type.String(), name: Type.String() }), { description: 'Travellers whose chosen service is already paid' }),
  price: PriceSchema,
  email: Type.String({ description: "Where the receipt goes by default: the leader's e-mail" }),
});
export type GroupQuoteDto = Static<typeof GroupQuoteSchema>;

export const GroupCheckoutSchema = Strict({
  plans: Type.Optional(Type.Array(Strict({ leadId: Uuid, product: ProductId }), { maxItems: 50, description: "A traveller's product where not the default" })),
  email: Type.String({ minLength: 3, maxLength: 254, description: 'Where the receipt is for' }),
  idempotencyKey: IdempotencyKey,
  paymentDetails: PaymentDetailsSchema,
});
export type GroupCheckoutBody = Static<typeof GroupCheckoutSchema>;

export const GroupPaymentSchema = Type.Object({
  id: Type.String(),
  number: Type.String({ description: "The payment's confirmation number (the receipt's)" }),
  groupId: Type.String(),
  status: OrderStatusSchema,
  price: PriceSchema,
  card: Type.Union([Type.Object({ brand: Type.String(), last4: Type.String() }), Type.Null()]),
  receiptEmail: Type.Union([Type.String(), Type.Null()]),
  failure: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  lines: Type.Array(
    Type.Object({
      traveller: Type.String(),
      relationship: Type.String(),
      order: OrderSchema,
    }),
    { description: "Each traveller's order: their own number, receipt line, Premium code and form PDF" },
  ),
});
export type GroupPaymentDto = Static<typeof GroupPaymentSchema>;

/** A group's payment as the dashboard lists it: what its card says and where its confirmation and receipt are. */
export const GroupPaymentSummarySchema = Type.Pick(GroupPaymentSchema, ['id', 'number', 'groupId', 'status', 'price', 'createdAt', 'paidAt']);
export type GroupPaymentSummaryDto = Static<typeof GroupPaymentSummarySchema>;
export const GroupPaymentSummariesSchema = Type.Array(GroupPaymentSummarySchema);
export const GroupPaymentParamsSchema = Strict({ orderId: Uuid });
