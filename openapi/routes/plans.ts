import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { PlansSchema, PurchaseSchema, PurchaseStartedSchema } from '../schemas/plans';

export const listPlans = defineRoute({
  method: 'GET',
  url: '/api/subscription/plans',
  tags: ['plans'],
  summary: 'The three DS-160 packages with their prices in cents (from the pricing map) and feature flags',
  responses: { 200: PlansSchema },
});

export const purchasePackage = defineRoute({
  method: 'POST',
  url: '/api/packages/purchase',
  tags: ['plans'],
  summary: 'Start buying a package: answers the checkout page to open for it',
  body: PurchaseSchema,
  responses: { 200: PurchaseStartedSchema, ...errorResponses(400) },
});
