import { Type, type Static } from 'typebox';
import { Strict } from './common';

// Operators of the admin area (issue 44 item 6): roles, two-factor sign-in, invitations and the audit log.

export const STAFF_ROLES = ['owner', 'operator', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const StaffRoleSchema = Type.Enum([...STAFF_ROLES], {
  description: 'owner: prices, branding, operators and the audit log as well; operator: leads; viewer: analytics only',
});

/** Where a sign-in stands after a step: signed in, waiting for the code from the app, or an owner who must set it up first. */
export const SignInStepSchema = Type.Enum(['done', 'totp', 'enrol'], {
  description: "done: signed in; totp: send the app's code to /api/auth/admin-totp; enrol: signed in, but only two-factor set-up answers until it is done",
});

/** A signed-in operator as the gate and the dashboard see them: who, their role, and what that role may call. */
export const AdminStatusSchema = Type.Object({
  username: Type.String(),
  role: StaffRoleSchema,
  totp: Type.Boolean({ description: 'Two-factor sign-in set up' }),
  mustEnrol: Type.Boolean({ description: 'An owner without two-factor sign-in: only its set-up answers until it is done' }),
  email: Type.Union([Type.String(), Type.Null()], { description: 'Their own address, where a forgotten password’s link goes once verified' }),
  emailVerified: Type.Boolean({ description: 'The link sent to the address was followed' }),
  allowed: Type.Array(Type.String(), { description: "The admin operations this role may call, as 'METHOD /url' (the server's access table)" }),
});
export type AdminStatusDto = Static<typeof AdminStatusSchema>;

export const AdminSignInSchema = Type.Object({
  username: Type.String(),
  step: SignInStepSchema,
  admin: Type.Union([AdminStatusSchema, Type.Null()], { description: 'The signed-in operator; null while the code is awaited' }),
});
export type AdminSignInDto = Static<typeof AdminSignInSchema>;

const Code = Type.String({ minLength: 1, maxLength: 40, description: 'The six digits the authenticator app shows, or a recovery code' });

export const SecondFactorSchema = Strict({ code: Code });
export const EnrolmentCodeSchema = Strict({ code: Type.String({ minLength: 1, maxLength: 40, description: 'The six digits the app shows for the new secret' }) });

export const InvitationAcceptSchema = Strict({
  token: Type.String({ minLength: 20, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export const EnrolmentSchema = Type.Object({
  secret: Type.String({ description: 'The new secret in base32, for typing into an app that cannot scan' }),
  uri: Type.String({ description: 'otpauth:// URI' }),
  qrSvg: Type.String({ description: 'The URI as a QR code (SVG), drawn on the server' }),
});
export type EnrolmentDto = Static<typeof EnrolmentSchema>;

export const RecoveryCodesSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String(), { description: 'Shown once: only their hashes are kept. Each signs in once instead of a code.' }),
});
export type RecoveryCodesDto = Static<typeof RecoveryCodesSchema>;

export const OperatorSchema = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: StaffRoleSchema,
  status: Type.Enum(['active', 'invited', 'disabled'], { description: 'invited: the invitation has not been taken yet' }),
  totp: Type.Boolean({ description: 'Two-factor sign-in set up' }),
  email: Type.Union([Type.String(), Type.Null()], { description: 'Where a forgotten password’s link goes, once verified' }),
  emailVerified: Type.Boolean({ description: 'The link sent to the address was followed' }),
  createdAt: Type.String(),
  invitationExpiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type OperatorDto = Static<typeof OperatorSchema>;

export const OperatorsSchema = Type.Object({ operators: Type.Array(OperatorSchema) });
export type OperatorsDto = Static<typeof OperatorsSchema>;

export const InvitationSchema = Type.Object({
  path: Type.String({ description: 'Where the invited operator chooses a password: /teamomora?invite=…' }),
  expiresAt: Type.String(),
});
export type InvitationDto = Static<typeof InvitationSchema>;

export const InvitedOperatorSchema = Type.Object({ operator: OperatorSchema, invitation: InvitationSchema });
export type InvitedOperatorDto = Static<typeof InvitedOperatorSchema>;

export const NewOperatorSchema = Strict({
  username: Type.String({ minLength: 3, maxLength: 64, pattern: '^\\s*[A-Za-z0-9._@-]{3,64}\\s*$', description: 'letters, digits and . _ - @' }),
  role: StaffRoleSchema,
});

export const OperatorChangeSchema = Strict(
  { role: Type.Optional(StaffRoleSchema), disabled: Type.Optional(Type.Boolean()) },
  { description: 'A new role, or disabled true / false; disabling or changing a role ends that operator’s sessions' },
);

export const StaffEmailSchema = Strict({ email: Type.String({ minLength: 3, maxLength: 254, description: 'An e-mail address' }) });
export const StaffEmailStateSchema = Type.Object({
  email: Type.String(),
  verified: Type.Boolean({ description: 'false: a link to verify it was sent to it; a reset link goes to it once that is followed' }),
});
export type StaffEmailStateDto = Static<typeof StaffEmailStateSchema>;

export const OperatorParamsSchema = Strict({ id: Type.String({ format: 'uuid' }) });

export const AUDIT_ACTIONS = [
  'lead.view',
  'lead.photo',
  'leads.export',
  'pricing.update',
  'branding.update',
  'governmentFee.schedule',
  'governmentFee.check',
  'operator.create',
  'operator.role',
  'operator.disable',
  'operator.enable',
  'operator.invite',
  'operator.email',
  'email.resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditQuerySchema = Strict({
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'An operator’s username' })),
  target: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'A lead id, an operator’s username, or pricing / branding' })),
  from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC), included' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC), included' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, description: '50 entries a page, newest first' })),
});
export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String({ description: 'The operator’s username' }),
  action: Type.Enum([...AUDIT_ACTIONS]),
  target: Type.String(),
  detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  client: Type.String({ description: 'The address the request came from' }),
});
export type AuditEntryDto = Static<typeof AuditEntrySchema>;

export const AuditPageSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type AuditPageDto = Static<typeof AuditPageSchema>;
