import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AdminGovernmentFeesSchema,
  FeeChangeSchema,
  GovernmentFeeParamsSchema,
  GovernmentFeeTableSchema,
  GovernmentFeesQuerySchema,
} from '../schemas/governmentFees';

// The government's fees as a dated schedule (issue 44): what anyone may read, and the admin's tab. The admin
// routes answer a signed-in admin only (401 to anyone not signed in, 403 to an applicant or guest).
const refusals = errorResponses(401, 403);

export const getGovernmentFees = defineRoute({
  method: 'GET',
  url: '/api/government-fees',
  tags: ['pricing'],
  summary: "The U.S. government's fees in force on a day (today by default) for the ESTA and every visa class, each with its official source, and the changes already scheduled",
  querystring: GovernmentFeesQuerySchema,
  responses: { 200: GovernmentFeeTableSchema },
});

export const adminGovernmentFees = defineRoute({
  method: 'GET',
  url: '/api/admin/government-fees',
  tags: ['admin'],
  summary: 'Every government fee with its source, history, scheduled changes and when it was last checked (due after 90 days)',
  responses: { 200: AdminGovernmentFeesSchema, ...refusals },
});

export const scheduleGovernmentFee = defineRoute({
  method: 'POST',
  url: '/api/admin/government-fees/:code/:subject/changes',
  tags: ['admin'],
  summary: 'Change a government fee from a day after today: the fee in force stays until then (a day already scheduled is replaced)',
  params: GovernmentFeeParamsSchema,
  body: FeeChangeSchema,
  responses: { 200: AdminGovernmentFeesSchema, ...refusals, ...errorResponses(404) },
});

export const checkGovernmentFee = defineRoute({
  method: 'POST',
  url: '/api/admin/government-fees/:code/:subject/checked',
  tags: ['admin'],
  summary: 'Record that the fee was compared with its official source today',
  params: GovernmentFeeParamsSchema,
  responses: { 200: AdminGovernmentFeesSchema, ...refusals, ...errorResponses(404) },
});
