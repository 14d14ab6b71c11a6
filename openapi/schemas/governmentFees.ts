import { Type, type Static } from 'typebox';
import { FEE_APPLICANTS, FEE_CODES, FEE_MOMENTS, FEE_SUBJECTS, MAX_FEE_CENTS } from '../vocabulary';
import { Strict } from './common';

const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const FeeApplicantSchema = Type.Enum(FEE_APPLICANTS, { description: "Whom the fees are for: 'ESTA' or a visa class (B, F, H, J …)" });
export const FeeCodeSchema = Type.Enum(FEE_CODES, { description: "esta: the ESTA's fee; application: a visa's consular (MRV) fee; integrity: the visa integrity fee of Public Law 119-21" });
export const FeeSubjectSchema = Type.Enum(FEE_SUBJECTS, { description: "What the fee is charged for: 'ESTA', a visa class, or 'VISA' (every visa class)" });
export const FeeMomentSchema = Type.Enum(FEE_MOMENTS, { description: 'When the applicant pays it: with the application, before the interview, or when the visa is issued' });

/** One government fee as a price carries it: paid by the applicant to the U.S. government, never through us. */
export const FeeLineSchema = Type.Object({
  code: FeeCodeSchema,
  subject: FeeSubjectSchema,
  amountCents: Type.Integer({ minimum: 0 }),
  currency: Type.Literal('USD'),
  effectiveFrom: Type.Union([Day('The first day it is charged (UTC)'), Type.Null()], { description: 'Null for a fee recorded before the schedule kept days' }),
  sourceUrl: Type.String({ description: 'The official text that sets it' }),
  paidAt: FeeMomentSchema,
  refundable: Type.Boolean(),
  note: Type.String({ description: 'What to know beside the amount, in English' }),
});
export type FeeLineDto = Static<typeof FeeLineSchema>;

/** GET /api/government-fees: what each applicant owes the government on a day, and the changes already scheduled. */
export const GovernmentFeesQuerySchema = Strict({
  day: Type.Optional(Day('The day to answer for (YYYY-MM-DD, UTC); today by default')),
});

export const GovernmentFeeTableSchema = Type.Object({
  day: Day('The day these fees are in force'),
  applicants: Type.Array(
    Type.Object({ applicant: FeeApplicantSchema, fees: Type.Array(FeeLineSchema), total: Type.Integer({ minimum: 0, description: 'Cents' }) }),
    { description: 'The ESTA, then every visa class' },
  ),
  upcoming: Type.Array(FeeLineSchema, { description: 'Changes scheduled after that day, soonest first' }),
});
export type GovernmentFeeTableDto = Static<typeof GovernmentFeeTableSchema>;

// ------------------------------------------------------------------------------------------------------------
// The admin's fees tab

export const FeeRowSchema = Type.Object({
  id: Type.String(),
  amountCents: Type.Integer({ minimum: 0 }),
  currency: Type.Literal('USD'),
  effectiveFrom: Type.Union([Day('First day charged (UTC)'), Type.Null()], { description: 'Null: announced, not in force' }),
  sourceUrl: Type.String(),
  note: Type.String(),
});
export type FeeRowDto = Static<typeof FeeRowSchema>;

export const AdminGovernmentFeeSchema = Type.Object({
  code: FeeCodeSchema,
  subject: FeeSubjectSchema,
  paidAt: FeeMomentSchema,
  refundable: Type.Boolean(),
  current: Type.Union([FeeRowSchema, Type.Null()], { description: 'The row in force today; null when none is' }),
  upcoming: Type.Array(FeeRowSchema, { description: 'Scheduled changes, soonest first' }),
  past: Type.Array(FeeRowSchema, { description: 'The rows it replaced, latest first' }),
  unscheduled: Type.Array(FeeRowSchema, { description: 'Announced without a first day: not charged until one is given' }),
  lastCheckedAt: Type.Union([Type.String(), Type.Null()], { description: 'When an admin last compared it with its source; null: never' }),
  checkDue: Type.Boolean({ description: 'Not compared with its source for 90 days or more (or never)' }),
});
export type AdminGovernmentFeeDto = Static<typeof AdminGovernmentFeeSchema>;

export const AdminGovernmentFeesSchema = Type.Object({
  today: Day("The server's day (UTC)"),
  checkIntervalDays: Type.Integer({ description: 'A fee is due a check after this many days' }),
  due: Type.Integer({ minimum: 0, description: 'How many fees are due a check' }),
  fees: Type.Array(AdminGovernmentFeeSchema),
});
export type AdminGovernmentFeesDto = Static<typeof AdminGovernmentFeesSchema>;

export const GovernmentFeeParamsSchema = Strict({ code: FeeCodeSchema, subject: FeeSubjectSchema });

export const FeeChangeSchema = Strict({
  amountCents: Type.Integer({ minimum: 0, maximum: MAX_FEE_CENTS, description: 'The new amount in cents' }),
  effectiveFrom: Day('The first day it is charged: after today (UTC)'),
  sourceUrl: Type.String({ minLength: 1, maxLength: 500, description: 'https link to the official text that sets it' }),
  note: Type.Optional(Type.String({ maxLength: 500, description: "What to know beside the amount; the fee's current note when left out" })),
});
export type FeeChangeDto = Static<typeof FeeChangeSchema>;
