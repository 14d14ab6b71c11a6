import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { EligibilityQuerySchema, EligibilitySchema } from '../schemas/eligibility';

export const getEligibility = defineRoute({
  method: 'GET',
  url: '/api/eligibility',
  tags: ['eligibility'],
  summary: 'Recommended visa type, stay, fees, processing time and requirements for a nationality and purpose',
  querystring: EligibilityQuerySchema,
  responses: { 200: EligibilitySchema, ...errorResponses(400, 429) },
});
