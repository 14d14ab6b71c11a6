import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  LeadCapturedSchema,
  LeadCreatedSchema,
  LeadCreateSchema,
  LeadIdParamsSchema,
  LeadImmediateSchema,
  LeadSchema,
  LeadUpdatedSchema,
  LeadUpdateSchema,
  SaveLeadSchema,
} from '../schemas/leads';

export const createLead = defineRoute({
  method: 'POST',
  url: '/api/leads',
  tags: ['leads'],
  summary: 'Create a lead from a finished wizard (or the ESTA fallback); answers are checked with the wizard rules',
  body: LeadCreateSchema,
  responses: { 201: LeadCreatedSchema, ...errorResponses(400, 429) },
});

export const captureLead = defineRoute({
  method: 'POST',
  url: '/api/leads/immediate',
  tags: ['leads'],
  summary: 'Early capture: create the lead as soon as the e-mail is known, or return the one this session owns',
  body: LeadImmediateSchema,
  responses: { 200: LeadCapturedSchema, 201: LeadCapturedSchema, ...errorResponses(400, 429) },
});

export const updateLead = defineRoute({
  method: 'PATCH',
  url: '/api/leads/:leadId/update',
  tags: ['leads'],
  summary: 'Update a lead this session owns: answers merge field by field, statuses only move forward; a paid lead\'s answers are kept (409 application_paid)',
  params: LeadIdParamsSchema,
  body: LeadUpdateSchema,
  responses: { 200: LeadUpdatedSchema, ...errorResponses(400, 403, 404, 409, 429) },
});

export const getLead = defineRoute({
  method: 'GET',
  url: '/api/leads/:leadId',
  tags: ['leads'],
  summary: 'A lead this session (or signed-in user) owns, with its status history',
  params: LeadIdParamsSchema,
  responses: { 200: LeadSchema, ...errorResponses(400, 403, 404, 429) },
});

export const saveChatLead = defineRoute({
  method: 'POST',
  url: '/api/save-lead',
  tags: ['leads'],
  summary: "Save the advanced chat's collected state as a lead (created once per session and e-mail)",
  body: SaveLeadSchema,
  responses: { 200: LeadCapturedSchema, 201: LeadCapturedSchema, ...errorResponses(400, 409, 429) },
});
