import { Type, type Static } from 'typebox';

const Dollars = Type.Integer({ minimum: 0, maximum: 100000, description: 'Whole dollars' });

export const PricingSchema = Type.Object({
  ESTA: Dollars,
  DS160_BASIC: Dollars,
  DS160_PRO: Dollars,
  DS160_PREMIUM: Dollars,
});
export type PricingDto = Static<typeof PricingSchema>;
