import { Type, type Static } from 'typebox';
import { PriceSchema } from './orders';

/** Where a finished form goes to pay, with the amount the server computed from the pricing map. */
export const CheckoutOfferSchema = Type.Object({
  formType: Type.Enum(['DS-160', 'ESTA']),
  plan: Type.Enum(['basic', 'pro', 'premium', 'none']),
  amount: Type.Number({ minimum: 0, description: 'Dollars, service fee only (government fees are paid separately)' }),
  price: PriceSchema,
  url: Type.String({ description: "The checkout page to open, with the offer in its query; for a traveller of a group, the group's one checkout (/checkout?group=<id>)" }),
});
export type CheckoutOffer = Static<typeof CheckoutOfferSchema>;
