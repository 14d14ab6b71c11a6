// The spec's payload variants, accepted explicitly and in one place: the ESTA fallback sends `service`,
// `country`, `status` and `plan` where the other screens send `formType`, `nationality`, `completionStatus`
// and `subscriptionPlan` (spec 2-wizards §7). Everything past this adapter sees one name per field.
import type { CompletionStatus } from '../../../db/schema';
import type { LeadCreate, LeadUpdate } from '../../../openapi/schemas/leads';
import { badRequest } from '../../lib/problems';

type Plan = 'basic' | 'pro' | 'premium' | 'none';

export interface CreateInput {
  name: string;
  email: string;
  phone: string;
  formType: 'DS-160' | 'ESTA' | undefined;
  nationality: string;
  travelPurpose: string;
  formData: unknown;
  completionStatus: CompletionStatus;
  paymentStatus: 'unpaid' | 'pending';
  source: string;
  subscriptionPlan: Plan;
}

export interface UpdateInput {
  formData: unknown;
  phone: string | undefined;
  nationality: string | undefined;
  completionStatus: CompletionStatus | undefined;
  subscriptionPlan: Plan | undefined;
}

/** One of two spellings; both sent and different is a 400 naming the second. */
function either<T>(value: T | undefined, legacy: T | undefined, legacyField: string, field: string): T | undefined {
  if (value !== undefined && legacy !== undefined && value !== legacy) throw badRequest(legacyField, `must match ${field} when both are sent`);
  return value ?? legacy;
}

export function fromLeadCreate(body: LeadCreate): CreateInput {
  return {
    name: body.name?.trim() ?? '',
    email: body.email.trim().toLowerCase(),
    phone: body.phone?.trim() ?? '',
    formType: either(body.formType, body.service, 'service', 'formType'),
    nationality: either(body.nationality, body.country, 'country', 'nationality')?.trim() ?? '',
    travelPurpose: body.travelPurpose?.trim() ?? '',
    formData: body.formData,
    completionStatus: either(body.completionStatus, body.status, 'status', 'completionStatus') ?? 'incomplete',
    paymentStatus: body.paymentStatus ?? 'unpaid',
    source: body.source ?? 'api',
    subscriptionPlan: either(body.subscriptionPlan, body.plan, 'plan', 'subscriptionPlan') ?? 'none',
  };
}

export function fromLeadUpdate(body: LeadUpdate): UpdateInput {
  return {
    formData: body.formData,
    phone: body.phone?.trim() || undefined,
    nationality: either(body.nationality, body.country, 'country', 'nationality')?.trim() || undefined,
    completionStatus: either(body.completionStatus, body.status, 'status', 'completionStatus'),
    subscriptionPlan: either(body.subscriptionPlan, body.plan, 'plan', 'subscriptionPlan'),
  };
}

/** formData arrives as an object or, from some screens, as a JSON string of one. */
export function parseFormData(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown = value;
  // The string form is parsed here, so its nesting is checked like the object form's (shape.ts).
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('formData', 'must be a JSON object of answers');
  return parsed as Record<string, unknown>;
}

/** The advanced chat names its plans in Spanish or English (spec 3-ai §2.5). */
export function planOf(selected: string | undefined): 'basic' | 'pro' | 'premium' | undefined {
  const plan = selected?.toLowerCase();
  if (plan === 'basic' || plan === 'básico' || plan === 'basico') return 'basic';
  if (plan === 'pro') return 'pro';
  if (plan === 'elite' || plan === 'premium') return 'premium';
  return undefined;
}
