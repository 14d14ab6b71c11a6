import { Type, type Static } from 'typebox';
import { AnswerValueSchema } from './answers';
import { BrandingSchema } from './branding';
import { Strict } from './common';
import { AdminStatusSchema, type AdminStatusDto } from './operators';

export { AdminStatusSchema, type AdminStatusDto };
import { PricingSchema } from './pricing';

// The admin area (spec 1-core §2.10, §3 "Dashboard statistics", §7 admin calls; issue 14).

export const TIME_RANGES = ['1d', '7d', '30d', '90d'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const LEAD_STATUS_FILTERS = ['all', 'completed', 'incomplete', 'paid', 'unpaid'] as const;
export type LeadStatusFilter = (typeof LEAD_STATUS_FILTERS)[number];
export const LEAD_PLAN_FILTERS = ['all', 'basic', 'pro', 'premium'] as const;
export type LeadPlanFilter = (typeof LEAD_PLAN_FILTERS)[number];

export const AdminLoginSchema = Strict({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AdminLogin = Static<typeof AdminLoginSchema>;

/**
 * Who this session is signed in as an admin, or null: "not signed in" is an answer the gate shows, not a failure.
 * `pending: 'totp'` when the password was right and the app's code is awaited.
 */
export const AdminSessionSchema = Type.Object({
  admin: Type.Union([AdminStatusSchema, Type.Null()]),
  pending: Type.Union([Type.Literal('totp'), Type.Null()]),
});
export type AdminSessionDto = Static<typeof AdminSessionSchema>;

export const TimeRangeQuerySchema = Strict({
  timeRange: Type.Optional(Type.Enum([...TIME_RANGES], { description: '1d = the last 24 hours; 7d (default), 30d, 90d = that many UTC days, today included' })),
});

const Rate = Type.Number({ minimum: 0, description: 'Percent, one decimal' });

export const AnalyticsSchema = Type.Object({
  timeRange: Type.Enum([...TIME_RANGES]),
  since: Type.String({ description: 'The start of the range (ISO time)' }),
  totalVisitors: Type.Integer({ minimum: 0 }),
  newUsers: Type.Integer({ minimum: 0 }),
  totalLeads: Type.Integer({ minimum: 0 }),
  conversionRate: Type.Number({ minimum: 0, maximum: 100, description: 'Percent of the leads of the range whose application is paid (one decimal)' }),
  conversions: Type.Integer({ minimum: 0, description: 'Paid orders in the range' }),
  revenue: Type.Number({ minimum: 0, description: 'Dollars from paid orders in the range' }),
  completionRate: Rate,
  topCountries: Type.Array(
    Type.Object({
      code: Type.Union([Type.String(), Type.Null()], { description: 'ISO 3166 code from the browser, or null when it told nothing' }),
      flag: Type.String(),
      visitors: Type.Integer({ minimum: 0 }),
      share: Rate,
    }),
  ),
  topNationalities: Type.Array(Type.Object({ name: Type.String(), leads: Type.Integer({ minimum: 0 }) }), { description: "Applicants' nationalities from their leads" }),
  visaTypeDistribution: Type.Object({ ds160: Rate, esta: Rate, total: Type.Integer({ minimum: 0 }) }),
});
export type AnalyticsDto = Static<typeof AnalyticsSchema>;

export const TrafficSchema = Type.Object({
  totalVisitors: Type.Integer({ minimum: 0 }),
  newUsers: Type.Integer({ minimum: 0 }),
  newUserRate: Rate,
  pageViews: Type.Integer({ minimum: 0 }),
  daily: Type.Array(Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC)' }), visitors: Type.Integer({ minimum: 0 }), pageViews: Type.Integer({ minimum: 0 }) })),
});
export type TrafficDto = Static<typeof TrafficSchema>;

export const FUNNEL_STAGES = ['visitors', 'started', 'completed', 'subscribed'] as const;

export const ConversionsSchema = Type.Object({
  funnel: Type.Array(Type.Object({ stage: Type.Enum([...FUNNEL_STAGES]), count: Type.Integer({ minimum: 0 }) })),
  revenueByPlan: Type.Object({ basic: Type.Number(), pro: Type.Number(), premium: Type.Number(), esta: Type.Number() }, { description: 'Dollars' }),
  metrics: Type.Object({
    formCompletionMinutes: Type.Union([Type.Number(), Type.Null()], { description: 'Median minutes from a lead to its completed form' }),
    visitsPerVisitor: Type.Union([Type.Number(), Type.Null()], { description: 'Days with a visit per visitor' }),
    bounceRate: Type.Union([Rate, Type.Null()], { description: 'Percent of visits that saw one page' }),
  }),
});
export type ConversionsDto = Static<typeof ConversionsSchema>;

export const AdminLeadsQuerySchema = Strict({
  status: Type.Optional(Type.Enum([...LEAD_STATUS_FILTERS])),
  plan: Type.Optional(Type.Enum([...LEAD_PLAN_FILTERS])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: '50 leads a page, newest activity first' })),
});
export type AdminLeadsQuery = Static<typeof AdminLeadsQuerySchema>;

export const AdminLeadExportQuerySchema = Strict({
  status: Type.Optional(Type.Enum([...LEAD_STATUS_FILTERS])),
  plan: Type.Optional(Type.Enum([...LEAD_PLAN_FILTERS])),
});

export const AdminLeadRowSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  country: Type.String(),
  formType: Type.String(),
  completionStatus: Type.String(),
  paymentStatus: Type.String(),
  plan: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  source: Type.String(),
  createdAt: Type.String(),
  lastActive: Type.String(),
  groupNumber: Type.Union([Type.String(), Type.Null()], { description: "The family or group the lead travels with (issue 45 item 11: a family's rows told apart)" }),
  groupRole: Type.Union([Type.String(), Type.Null()], { description: "Its relationship to the group's leader ('leader' for the leader)" }),
});
export type AdminLeadRow = Static<typeof AdminLeadRowSchema>;

export const AdminLeadsSchema = Type.Object({
  leads: Type.Array(AdminLeadRowSchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type AdminLeadsDto = Static<typeof AdminLeadsSchema>;

export const ANSWER_GROUPS = ['personal', 'contact', 'travel', 'passport', 'employment', 'security', 'other'] as const;
export type AnswerGroupId = (typeof ANSWER_GROUPS)[number];

export const AdminAnswerSchema = Type.Object({
  group: Type.Enum([...ANSWER_GROUPS]),
  id: Type.String(),
  labelKey: Type.Optional(Type.String({ description: 'Translation key of the question, in the admin’s language' })),
  label: Type.String({ description: 'English label, when no key applies' }),
  value: AnswerValueSchema,
});
export type AdminAnswer = Static<typeof AdminAnswerSchema>;

export const AdminLeadDetailSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  formType: Type.String(),
  nationality: Type.String(),
  travelPurpose: Type.String(),
  completionStatus: Type.String(),
  paymentStatus: Type.String(),
  plan: Type.String(),
  source: Type.String(),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  createdAt: Type.String(),
  lastActive: Type.String(),
  answers: Type.Array(AdminAnswerSchema),
  applicationHistory: Type.Array(Type.Object({ status: Type.String(), action: Type.String(), date: Type.String() })),
  orders: Type.Array(
    Type.Object({
      number: Type.String(),
      plan: Type.String(),
      status: Type.String(),
      total: Type.Number({ description: 'Dollars' }),
      createdAt: Type.String(),
      paidAt: Type.Union([Type.String(), Type.Null()]),
      settledBy: Type.Union([Type.Enum(['checkout', 'reconciliation', 'migration']), Type.Null()], {
        description: 'Who decided the outcome: the checkout that charged, reconciliation from the gateway record, or null while pending',
      }),
      attempts: Type.Array(
        Type.Object({
          status: Type.String({ description: 'pending, succeeded, declined, error or canceled' }),
          reason: Type.Union([Type.String(), Type.Null()], { description: "The gateway's code for a refusal" }),
          card: Type.Union([Type.String(), Type.Null()], { description: 'Brand and last four digits' }),
          reference: Type.Union([Type.String(), Type.Null()], { description: "The gateway's reference" }),
          createdAt: Type.String(),
        }),
      ),
      history: Type.Array(Type.Object({ status: Type.String(), note: Type.String(), date: Type.String() })),
    }),
  ),
  chats: Type.Array(Type.Object({ chat: Type.String(), messages: Type.Integer({ minimum: 0 }), updatedAt: Type.String() })),
  photoId: Type.Union([Type.String(), Type.Null()], { description: 'The applicant’s photo, readable at /api/photos/{photoId}' }),
  group: Type.Union(
    [
      Type.Object({
        id: Type.String(),
        travellers: Type.Array(
          Type.Object({
            leadId: Type.String(),
            name: Type.String(),
            relationship: Type.String({ description: "To the group leader ('leader' for the leader)" }),
            form: Type.String(),
            completionStatus: Type.String(),
            paymentStatus: Type.String(),
          }),
        ),
      }),
      Type.Null(),
    ],
    { description: 'The family or group this lead travels with (issue 36), or null' },
  ),
});
export type AdminLeadDetailDto = Static<typeof AdminLeadDetailSchema>;

export const AdminLeadParamsSchema = Strict({ id: Type.String({ format: 'uuid' }) });

export const PricingUpdateSchema = Strict({ pricing: PricingSchema });
export const BrandingUpdateSchema = Strict({ branding: BrandingSchema });

/** A CSV download: UTF-8 with a byte-order mark. */
export const CsvFileSchema = Type.Unsafe<string>({ type: 'string', description: 'text/csv; charset=utf-8' });
