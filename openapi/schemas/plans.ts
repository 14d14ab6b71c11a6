import { Type, type Static } from 'typebox';
import { Strict } from './common';

export const PlanId = Type.Enum(['basic', 'pro', 'premium'], { description: 'A DS-160 service package' });
export type PlanIdValue = Static<typeof PlanId>;

/** The six things a package can unlock (spec 1-core §3 Plan); the pricing page ticks a line per flag. */
export const PlanFeaturesSchema = Type.Object({
  wizardAccess: Type.Boolean(),
  estaCheck: Type.Boolean(),
  aiAnalysis: Type.Boolean(),
  documentReview: Type.Boolean(),
  interviewPrep: Type.Boolean(),
  prioritySupport: Type.Boolean(),
});
export type PlanFeaturesDto = Static<typeof PlanFeaturesSchema>;

export const PlanSchema = Type.Object({
  id: PlanId,
  name: Type.String(),
  price: Type.Integer({ minimum: 0, description: 'Cents, from the admin pricing map (the one source of prices)' }),
  features: PlanFeaturesSchema,
});
export type PlanDto = Static<typeof PlanSchema>;

export const PlansSchema = Type.Array(PlanSchema);

/** POST /api/packages/purchase (spec 1-core §7). */
export const PurchaseSchema = Strict({ planId: Type.String({ maxLength: 40, description: 'basic, pro or premium' }) });
export type PurchaseBody = Static<typeof PurchaseSchema>;

export const PurchaseStartedSchema = Type.Object({
  checkoutUrl: Type.String({ description: 'The checkout page for this plan: /checkout?plan=<id>' }),
});
