import { Type, type Static } from 'typebox';
import { CheckoutOfferSchema } from './checkout';
import { Strict } from './common';

const Email = Type.String({ minLength: 3, maxLength: 254, description: 'Applicant e-mail address' });
const ShortText = (max: number) => Type.String({ maxLength: max });
const FormData = Type.Union(
  [
    Type.Record(Type.String({ maxLength: 80 }), Type.Unknown()),
    Type.String({ maxLength: 200_000, description: 'The same answers as a JSON string (ESTA fallback, ten-section form)' }),
  ],
  { description: 'Answers, flat by question id or nested by section' },
);
const Completion = Type.Enum(['incomplete', 'completed', 'abandoned']);
const Plan = Type.Enum(['basic', 'pro', 'premium', 'none']);
const FormType = Type.Enum(['DS-160', 'ESTA']);
const Source = Type.String({ pattern: '^[a-z0-9-]{1,40}$', description: 'Which screen sent it: apply-wizard, esta-wizard, wizard, ds160-wizard, aivisa…' });

/** POST /api/leads: the question wizards' submit and the ESTA fallback (spec 2-wizards §3.7, §7). */
export const LeadCreateSchema = Strict({
  name: Type.Optional(ShortText(120)),
  email: Email,
  phone: Type.Optional(ShortText(40)),
  formType: Type.Optional(FormType),
  service: Type.Optional(FormType),
  nationality: Type.Optional(ShortText(100)),
  country: Type.Optional(ShortText(100)),
  travelPurpose: Type.Optional(ShortText(100)),
  formData: Type.Optional(FormData),
  completionStatus: Type.Optional(Completion),
  status: Type.Optional(Completion),
  paymentStatus: Type.Optional(Type.Enum(['unpaid', 'pending'])),
  source: Type.Optional(Source),
  subscriptionPlan: Type.Optional(Plan),
  plan: Type.Optional(Plan),
});
export type LeadCreate = Static<typeof LeadCreateSchema>;

export const LeadCreatedSchema = Type.Object({ id: Type.String(), checkout: CheckoutOfferSchema });

/** POST /api/leads/immediate: early capture (spec 2-wizards §4.3). */
export const LeadImmediateSchema = Strict({
  email: Email,
  firstName: Type.Optional(ShortText(50)),
  lastName: Type.Optional(ShortText(50)),
  formType: FormType,
  nationality: Type.Optional(ShortText(100)),
});
export type LeadImmediate = Static<typeof LeadImmediateSchema>;

export const LeadCapturedSchema = Type.Object({
  leadId: Type.String(),
  existing: Type.Boolean({ description: 'True only for a lead this session or signed-in user already owns' }),
});
export type LeadCaptured = Static<typeof LeadCapturedSchema>;

export const LeadIdParamsSchema = Strict({ leadId: Type.String({ format: 'uuid' }) });

/** PATCH /api/leads/{leadId}/update: answers merge field by field; statuses only move forward. */
export const LeadUpdateSchema = Strict({
  formData: Type.Optional(FormData),
  phone: Type.Optional(ShortText(40)),
  nationality: Type.Optional(ShortText(100)),
  country: Type.Optional(ShortText(100)),
  completionStatus: Type.Optional(Completion),
  status: Type.Optional(Completion),
  subscriptionPlan: Type.Optional(Plan),
  plan: Type.Optional(Plan),
});
export type LeadUpdate = Static<typeof LeadUpdateSchema>;

export const LeadSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  formType: Type.String(),
  nationality: Type.String(),
  travelPurpose: Type.String(),
  formData: Type.Record(Type.String(), Type.Unknown()),
  completionStatus: Type.String(),
  paymentStatus: Type.String(),
  source: Type.String(),
  subscriptionPlan: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  applicationHistory: Type.Array(Type.Object({ status: Type.String(), action: Type.String(), date: Type.String() })),
});
export type LeadDto = Static<typeof LeadSchema>;

/** POST /api/save-lead: the advanced chat's state update (spec 3-ai §4.4). */
export const SaveLeadSchema = Strict({
  email: Email,
  citizenship_country: Type.Optional(ShortText(100)),
  trip_purpose: Type.Optional(ShortText(100)),
  product_recommendation: Type.Optional(ShortText(40)),
  selected_plan: Type.Optional(ShortText(40)),
});
export type SaveLead = Static<typeof SaveLeadSchema>;

export const LeadUpdatedSchema = Type.Object({
  id: Type.String(),
  completionStatus: Type.String(),
  paymentStatus: Type.String(),
  updatedAt: Type.String(),
  checkout: CheckoutOfferSchema,
});
export type LeadUpdated = Static<typeof LeadUpdatedSchema>;
