import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  GroupCheckoutSchema,
  GroupIdParamsSchema,
  GroupPaymentParamsSchema,
  GroupPaymentSchema,
  GroupPaymentSummariesSchema,
  GroupQuoteQuerySchema,
  GroupQuoteSchema,
  GroupSchema,
  GroupTravellerParamsSchema,
  GuardianBodySchema,
  NewTravellerSchema,
  TravellerAddedSchema,
} from '../schemas/groups';
import { LeadIdParamsSchema } from '../schemas/leads';

export const createGroup = defineRoute({
  method: 'POST',
  url: '/api/leads/:leadId/group',
  tags: ['groups'],
  summary: 'Turn an ESTA or DS-160 application this session owns into a group it leads (the one it leads already, if any)',
  params: LeadIdParamsSchema,
  responses: { 200: GroupSchema, 201: GroupSchema, ...errorResponses(400, 403, 404, 409, 429) },
});

export const groupOfLead = defineRoute({
  method: 'GET',
  url: '/api/leads/:leadId/group',
  tags: ['groups'],
  summary: 'The group an application this session owns belongs to (null when it travels alone: an answer, not an error)',
  params: LeadIdParamsSchema,
  responses: { 200: Type.Union([GroupSchema, Type.Null()]), ...errorResponses(400, 403, 404, 429) },
});

export const getGroup = defineRoute({
  method: 'GET',
  url: '/api/groups/:groupId',
  tags: ['groups'],
  summary: "A group this session leads, with every traveller's progress",
  params: GroupIdParamsSchema,
  responses: { 200: GroupSchema, ...errorResponses(400, 403, 404, 429) },
});

export const addTraveller = defineRoute({
  method: 'POST',
  url: '/api/groups/:groupId/travellers',
  tags: ['groups'],
  summary: "Add a traveller: their own application, the group's shared answers filled in from the leader's (never personal ones)",
  params: GroupIdParamsSchema,
  body: NewTravellerSchema,
  responses: { 201: TravellerAddedSchema, ...errorResponses(400, 403, 404, 409, 429) },
});

export const removeTraveller = defineRoute({
  method: 'DELETE',
  url: '/api/groups/:groupId/travellers/:leadId',
  tags: ['groups'],
  summary: "Remove a traveller who has not paid, with the application made for them (never the leader)",
  params: GroupTravellerParamsSchema,
  responses: { 200: GroupSchema, ...errorResponses(400, 403, 404, 409, 429) },
});

export const setGuardian = defineRoute({
  method: 'PUT',
  url: '/api/groups/:groupId/travellers/:leadId/guardian',
  tags: ['groups'],
  summary: "A minor traveller's parent or guardian: an adult traveller of the group, or someone else by name (409 not_a_minor for an adult)",
  params: GroupTravellerParamsSchema,
  body: GuardianBodySchema,
  responses: { 200: GroupSchema, ...errorResponses(400, 403, 404, 409, 429) },
});

export const groupQuote = defineRoute({
  method: 'GET',
  url: '/api/groups/:groupId/quote',
  tags: ['groups', 'checkout'],
  summary: "The group's checkout at the server's prices: a line per traveller with something to pay, the processing fee once",
  params: GroupIdParamsSchema,
  querystring: GroupQuoteQuerySchema,
  responses: { 200: GroupQuoteSchema, ...errorResponses(403, 404) },
});

export const groupCheckout = defineRoute({
  method: 'POST',
  url: '/api/groups/:groupId/checkout',
  tags: ['groups', 'checkout'],
  summary:
    "Pay once for the group: one order with a line per traveller, charged once; every line and application is marked paid in one transaction. The same idempotency key never charges twice; 409 purchase_in_progress while a traveller's purchase is being charged, nothing_to_pay when all have paid, guardian_missing while a traveller to pay for is a minor with no parent or guardian on record (nothing charged); 402 when the card is refused",
  params: GroupIdParamsSchema,
  body: GroupCheckoutSchema,
  responses: { 200: GroupPaymentSchema, ...errorResponses(402, 403, 404, 409) },
});

export const getGroupPayment = defineRoute({
  method: 'GET',
  url: '/api/group-payments/:orderId',
  tags: ['groups', 'checkout'],
  summary: "A group's payment as stored, with each traveller's order (own number, receipt line, Premium code, form)",
  params: GroupPaymentParamsSchema,
  responses: { 200: GroupPaymentSchema, ...errorResponses(403, 404) },
});

export const listGroupPayments = defineRoute({
  method: 'GET',
  url: '/api/group-payments',
  tags: ['groups', 'checkout'],
  summary:
    "The group payments this browser session and its account made, newest first, each with its true status (the dashboard's group cards); another session's are never listed",
  responses: { 200: GroupPaymentSummariesSchema },
});
