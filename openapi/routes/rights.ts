import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { PdfFileSchema } from '../schemas/pdf';
import { ApplicationParamsSchema, ConsentBodySchema, PrivacyQuerySchema, ErasedSchema, MyDataSchema, PrivacySchema, RetentionPolicySchema, TravellerParamsSchema } from '../schemas/rights';
import { Type } from 'typebox';

export const myData = defineRoute({
  method: 'GET',
  url: '/api/me/data',
  tags: ['rights'],
  summary: 'Everything Rumbo holds for this browser session or account, as JSON (GDPR articles 15 and 20)',
  responses: { 200: MyDataSchema },
});

export const myDataPdf = defineRoute({
  method: 'GET',
  url: '/api/me/data.pdf',
  tags: ['rights'],
  summary: 'The same as /api/me/data, as a readable PDF',
  responses: { 200: PdfFileSchema },
});

export const eraseApplication = defineRoute({
  method: 'DELETE',
  url: '/api/me/applications/:leadId',
  tags: ['rights'],
  summary: 'Erase an application this session or account owns; one a paid, pending or refunded order names is kept without personal data',
  params: ApplicationParamsSchema,
  responses: { 200: ErasedSchema, ...errorResponses(403, 404) },
});

export const eraseTraveller = defineRoute({
  method: 'DELETE',
  url: '/api/me/groups/:groupId/travellers/:leadId',
  tags: ['rights'],
  summary: "Erase a group traveller's application (the group's leader's session only); kept without personal data when an order names it",
  params: TravellerParamsSchema,
  responses: { 200: ErasedSchema, ...errorResponses(403, 404) },
});

export const eraseMe = defineRoute({
  method: 'DELETE',
  url: '/api/me',
  tags: ['rights'],
  summary: "Erase everything this session or account holds (GDPR article 17): orders keep number, amounts and dates; the session ends",
  responses: { 200: ErasedSchema },
});

export const privacy = defineRoute({
  method: 'GET',
  url: '/api/privacy',
  tags: ['rights'],
  summary: 'Which AI engine reads the chats, whether this session accepted it (for one chat or feature with ?chat=), and how long data is kept',
  querystring: PrivacyQuerySchema,
  responses: { 200: PrivacySchema },
});

export const giveConsent = defineRoute({
  method: 'POST',
  url: '/api/me/consents',
  tags: ['rights'],
  summary: "Record that the applicant accepted their words going to the AI engine named by the chat's notice",
  body: ConsentBodySchema,
  responses: { 201: Type.Object({ recorded: Type.Boolean() }) },
});

export const adminRetention = defineRoute({
  method: 'GET',
  url: '/api/admin/retention',
  tags: ['admin', 'rights'],
  summary: 'The retention policy (days before unpaid applications and paid applications\' photos are deleted) and its latest runs with their counts',
  responses: { 200: RetentionPolicySchema, ...errorResponses(401, 403) },
});
