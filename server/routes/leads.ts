import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { createLead, findLeadRow, findOwnedLead, listHistory, toLead, updateLead } from '../../db/queries/leads';
import type { CompletionStatus } from '../../db/schema';
import { isValidEmail } from '../../machines/domain/validators';
import { errorResponses } from '../../openapi/schemas/common';
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
} from '../../openapi/schemas/leads';
import { refuseLead } from '../plugins/ownership';
import { catalogAnswers, catalogForSource, checkAnswers } from '../services/leads/answers';

const LEAD_BODY_LIMIT = 256 * 1024;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

function badRequest(reply: FastifyReply, field: string, message: string) {
  return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: `body.${field}: ${message}` });
}

/** formData arrives as an object or, from some screens, as a JSON string of one. */
function parseFormData(value: unknown): Record<string, unknown> | null {
  if (value === undefined) return {};
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function planOf(selected: string | undefined): 'basic' | 'pro' | 'premium' | undefined {
  const plan = selected?.toLowerCase();
  if (plan === 'basic' || plan === 'básico' || plan === 'basico') return 'basic';
  if (plan === 'pro') return 'pro';
  if (plan === 'elite' || plan === 'premium') return 'premium';
  return undefined;
}

const leads: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/leads',
    {
      bodyLimit: LEAD_BODY_LIMIT,
      config: perMinute(30),
      schema: {
        tags: ['leads'],
        summary: 'Create a lead from a finished wizard (or the ESTA fallback); answers are checked with the wizard rules',
        body: LeadCreateSchema,
        response: { 201: LeadCreatedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!isValidEmail(body.email)) return badRequest(reply, 'email', 'Please enter a valid email address');
      const formData = parseFormData(body.formData);
      if (!formData) return badRequest(reply, 'formData', 'must be a JSON object of answers');
      const source = body.source ?? 'api';
      const completionStatus: CompletionStatus = body.completionStatus ?? body.status ?? 'incomplete';
      const catalog = catalogForSource(source);
      let answers: Record<string, unknown> = formData;
      if (catalog) {
        const flat = catalogAnswers(catalog, formData);
        const problem = checkAnswers(catalog, flat, completionStatus === 'completed' || source === 'wizard');
        if (problem) return badRequest(reply, `formData.${problem.field}`, problem.message);
        answers = flat;
      }
      const formType = body.formType ?? body.service ?? (typeof answers['form-type'] === 'string' ? answers['form-type'] : undefined);
      if (formType !== 'DS-160' && formType !== 'ESTA') return badRequest(reply, 'formType', 'is required (DS-160 or ESTA)');
      // A DS-160 or ESTA wizard's answers were checked against that form's questions; they cannot be filed as the other.
      if (catalog && catalog.formType !== 'PRE-ASSESSMENT' && catalog.formType !== formType) {
        return badRequest(reply, 'formType', `must be ${catalog.formType} for source ${source}`);
      }
      const lead = await createLead(
        app.db,
        {
          name: body.name?.trim() ?? '',
          email: body.email.trim().toLowerCase(),
          phone: body.phone?.trim() ?? '',
          formType,
          nationality: body.nationality ?? body.country ?? '',
          travelPurpose: body.travelPurpose ?? '',
          formData: answers,
          completionStatus,
          paymentStatus: body.paymentStatus ?? 'unpaid',
          source,
          subscriptionPlan: body.subscriptionPlan ?? body.plan ?? 'none',
        },
        request.owner(),
        'created',
      );
      return reply.status(201).send({ id: lead.id });
    },
  );

  app.post(
    '/api/leads/immediate',
    {
      config: perMinute(20),
      schema: {
        tags: ['leads'],
        summary: 'Early capture: create the lead as soon as the e-mail is known, or return the one this session owns',
        body: LeadImmediateSchema,
        response: { 200: LeadCapturedSchema, 201: LeadCapturedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!isValidEmail(body.email)) return badRequest(reply, 'email', 'Please enter a valid email address');
      const owner = request.owner();
      const email = body.email.trim().toLowerCase();
      const existing = await findOwnedLead(app.db, owner, email, body.formType);
      if (existing) return reply.status(200).send({ leadId: existing.id, existing: true });
      const lead = await createLead(
        app.db,
        {
          name: [body.firstName, body.lastName].filter(Boolean).join(' ').trim(),
          email,
          phone: '',
          formType: body.formType,
          nationality: body.nationality ?? '',
          travelPurpose: '',
          formData: {},
          completionStatus: 'incomplete',
          paymentStatus: 'unpaid',
          source: body.formType === 'ESTA' ? 'esta-wizard' : 'ds160-wizard',
          subscriptionPlan: 'none',
        },
        owner,
        'started',
      );
      return reply.status(201).send({ leadId: lead.id, existing: false });
    },
  );

  app.patch(
    '/api/leads/:leadId/update',
    {
      bodyLimit: LEAD_BODY_LIMIT,
      config: perMinute(60),
      schema: {
        tags: ['leads'],
        summary: 'Update a lead this session owns: answers merge field by field, statuses only move forward',
        params: LeadIdParamsSchema,
        body: LeadUpdateSchema,
        response: { 200: LeadUpdatedSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const row = await findLeadRow(app.db, request.params.leadId);
      if (!row || !request.canAccessLead(row)) return refuseLead(reply, Boolean(row));
      const body = request.body;
      const formData = parseFormData(body.formData);
      if (!formData) return badRequest(reply, 'formData', 'must be a JSON object of answers');
      const completionStatus = body.completionStatus ?? body.status;
      const catalog = catalogForSource(row.source);
      let changes: Record<string, unknown> = formData;
      if (catalog) {
        changes = catalogAnswers(catalog, formData);
        const merged = { ...catalogAnswers(catalog, JSON.parse(row.form_data) as Record<string, unknown>), ...(changes as Record<string, string>) };
        const requireComplete = completionStatus === 'completed' || ['completed', 'paid'].includes(row.completion_status);
        const problem = checkAnswers(catalog, merged, requireComplete, { changed: new Set(Object.keys(changes)) });
        if (problem) return badRequest(reply, `formData.${problem.field}`, problem.message);
      }
      const lead = await updateLead(
        app.db,
        row,
        {
          formData: changes,
          ...(body.phone ? { phone: body.phone.trim() } : {}),
          ...(body.nationality || body.country ? { nationality: body.nationality ?? body.country } : {}),
          ...(completionStatus ? { completionStatus } : {}),
          ...(body.subscriptionPlan || body.plan ? { subscriptionPlan: body.subscriptionPlan ?? body.plan } : {}),
        },
        completionStatus === 'completed' ? 'submitted' : 'updated',
      );
      return { id: lead.id, completionStatus: lead.completionStatus, paymentStatus: lead.paymentStatus, updatedAt: lead.updatedAt };
    },
  );

  app.get(
    '/api/leads/:leadId',
    {
      schema: {
        tags: ['leads'],
        summary: 'A lead this session (or signed-in user) owns, with its status history',
        params: LeadIdParamsSchema,
        response: { 200: LeadSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const row = await findLeadRow(app.db, request.params.leadId);
      if (!row || !request.canAccessLead(row)) return refuseLead(reply, Boolean(row));
      return { ...toLead(row), applicationHistory: await listHistory(app.db, row.id) };
    },
  );

  app.post(
    '/api/save-lead',
    {
      config: perMinute(20),
      schema: {
        tags: ['leads'],
        summary: "Save the advanced chat's collected state as a lead (created once per session and e-mail)",
        body: SaveLeadSchema,
        response: { 200: LeadCapturedSchema, 201: LeadCapturedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!isValidEmail(body.email)) return badRequest(reply, 'email', 'Please enter a valid email address');
      const owner = request.owner();
      const email = body.email.trim().toLowerCase();
      const formType = /esta/i.test(body.product_recommendation ?? '') ? 'ESTA' : 'DS-160';
      const plan = planOf(body.selected_plan);
      const existing = await findOwnedLead(app.db, owner, email, formType);
      if (existing) {
        await updateLead(
          app.db,
          existing,
          {
            formData: { ...body },
            ...(body.citizenship_country ? { nationality: body.citizenship_country } : {}),
            ...(body.trip_purpose ? { travelPurpose: body.trip_purpose } : {}),
            ...(plan ? { subscriptionPlan: plan } : {}),
          },
          'updated',
        );
        return reply.status(200).send({ leadId: existing.id, existing: true });
      }
      const lead = await createLead(
        app.db,
        {
          name: '',
          email,
          phone: '',
          formType,
          nationality: body.citizenship_country ?? '',
          travelPurpose: body.trip_purpose ?? '',
          formData: { ...body },
          completionStatus: 'incomplete',
          paymentStatus: 'unpaid',
          source: 'aivisa',
          subscriptionPlan: plan ?? 'none',
        },
        owner,
        'started',
      );
      return reply.status(201).send({ leadId: lead.id, existing: false });
    },
  );
};

export default leads;
