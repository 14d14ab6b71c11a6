import { defineRoute } from '../contract';
import {
  AdminLeadDetailSchema,
  AdminLeadExportQuerySchema,
  AdminLeadParamsSchema,
  AdminLeadsQuerySchema,
  AdminLeadsSchema,
  AdminLoginSchema,
  AdminSessionSchema,
  AnalyticsSchema,
  BrandingUpdateSchema,
  ConversionsSchema,
  CsvFileSchema,
  PricingUpdateSchema,
  TimeRangeQuerySchema,
  TrafficSchema,
} from '../schemas/admin';
import { BrandingSchema } from '../schemas/branding';
import { errorResponses } from '../schemas/common';
import { PricingSchema } from '../schemas/pricing';
import { AdminSignInSchema } from '../schemas/operators';

// Every /api/admin route but the two public GETs (branding, pricing) answers a signed-in operator whose role may
// call it (openapi/adminAccess.ts) only: 401 to anyone not signed in, 403 to a signed-in applicant or guest, to a
// role the table does not name, and to an owner who has not set up two-factor sign-in yet.
export const refusals = errorResponses(401, 403);

export const adminLogin = defineRoute({
  method: 'POST',
  url: '/api/auth/admin-login',
  tags: ['admin'],
  summary: "Sign in as an operator: a new session id; with two-factor sign-in set up, the app's code comes next (step totp); failures make the next attempt wait longer",
  body: AdminLoginSchema,
  responses: { 200: AdminSignInSchema, ...errorResponses(401) },
});

export const adminStatus = defineRoute({
  method: 'GET',
  url: '/api/auth/admin-status',
  tags: ['admin'],
  summary: 'Which operator this session is signed in as (role and what it may call), or null; an operator idle for ADMIN_IDLE_MINUTES is signed out',
  responses: { 200: AdminSessionSchema },
});

export const adminLeads = defineRoute({
  method: 'GET',
  url: '/api/admin/leads',
  tags: ['admin'],
  summary: 'Leads, newest activity first, 50 a page, filtered by status and plan (omit or "all" for every one)',
  querystring: AdminLeadsQuerySchema,
  responses: { 200: AdminLeadsSchema, ...refusals },
});

export const adminLeadsExport = defineRoute({
  method: 'GET',
  url: '/api/admin/leads/export',
  tags: ['admin'],
  summary: 'The filtered leads as CSV (UTF-8 with a byte-order mark, formula-safe), streamed',
  querystring: AdminLeadExportQuerySchema,
  responses: { 200: CsvFileSchema, ...refusals },
});

export const adminLead = defineRoute({
  method: 'GET',
  url: '/api/admin/leads/:id',
  tags: ['admin'],
  summary: "A lead's details: every answer with its question, history, orders, chats and photo",
  params: AdminLeadParamsSchema,
  responses: { 200: AdminLeadDetailSchema, ...refusals, ...errorResponses(404) },
});

export const adminAnalytics = defineRoute({
  method: 'GET',
  url: '/api/admin/analytics',
  tags: ['admin'],
  summary: 'The summary cards and the overview: visitors, leads, revenue, completion, countries, visa types',
  querystring: TimeRangeQuerySchema,
  responses: { 200: AnalyticsSchema, ...refusals },
});

export const adminTraffic = defineRoute({
  method: 'GET',
  url: '/api/admin/traffic',
  tags: ['admin'],
  summary: 'Visitors, new users and visits per day over the range',
  querystring: TimeRangeQuerySchema,
  responses: { 200: TrafficSchema, ...refusals },
});

export const adminConversions = defineRoute({
  method: 'GET',
  url: '/api/admin/conversions',
  tags: ['admin'],
  summary: 'The funnel, revenue by plan and the measured performance figures',
  querystring: TimeRangeQuerySchema,
  responses: { 200: ConversionsSchema, ...refusals },
});

export const updatePricing = defineRoute({
  method: 'PUT',
  url: '/api/admin/pricing',
  tags: ['admin'],
  summary: 'Change the pricing map (whole dollars); every page and checkout reads the new prices at once',
  body: PricingUpdateSchema,
  responses: { 200: PricingSchema, ...refusals },
});

export const updateBranding = defineRoute({
  method: 'PUT',
  url: '/api/admin/branding',
  tags: ['admin'],
  summary: 'Change the brand name and the chat assistant name',
  body: BrandingUpdateSchema,
  responses: { 200: BrandingSchema, ...refusals },
});
