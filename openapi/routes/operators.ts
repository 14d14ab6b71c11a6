import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AdminSignInSchema,
  AuditPageSchema,
  AuditQuerySchema,
  EnrolmentCodeSchema,
  EnrolmentSchema,
  InvitationAcceptSchema,
  InvitationSchema,
  InvitedOperatorSchema,
  NewOperatorSchema,
  OperatorChangeSchema,
  OperatorParamsSchema,
  OperatorSchema,
  OperatorsSchema,
  RecoveryCodesSchema,
  SecondFactorSchema,
  StaffEmailSchema,
  StaffEmailStateSchema,
} from '../schemas/operators';
import { refusals } from './admin';

// Operators (issue 44 item 6): the second step of signing in, setting up two-factor sign-in, invitations, the
// owners' operators page and the audit log.

export const adminTotp = defineRoute({
  method: 'POST',
  url: '/api/auth/admin-totp',
  tags: ['admin'],
  summary: "The second step of an operator's sign-in: the app's six digits or a recovery code (each works once); wrong codes make the next attempt wait longer",
  body: SecondFactorSchema,
  responses: { 200: AdminSignInSchema, ...errorResponses(401) },
});

export const acceptInvitation = defineRoute({
  method: 'POST',
  url: '/api/auth/admin-invitation',
  tags: ['admin'],
  summary: 'An invited operator chooses a password (10 to 200 characters) and is signed in; an owner then sets up two-factor sign-in',
  body: InvitationAcceptSchema,
  responses: { 200: AdminSignInSchema, ...errorResponses(404, 410) },
});

export const startEnrolment = defineRoute({
  method: 'POST',
  url: '/api/admin/totp/enrolment',
  tags: ['admin'],
  summary: 'Start setting up two-factor sign-in: a new secret, its otpauth URI and QR code (replaces one not yet confirmed)',
  responses: { 200: EnrolmentSchema, ...refusals, ...errorResponses(409) },
});

export const confirmEnrolment = defineRoute({
  method: 'POST',
  url: '/api/admin/totp/enrolment/confirm',
  tags: ['admin'],
  summary: "Finish setting up two-factor sign-in with the app's code: answers the ten recovery codes, once",
  body: EnrolmentCodeSchema,
  responses: { 200: RecoveryCodesSchema, ...refusals, ...errorResponses(409) },
});

export const listOperators = defineRoute({
  method: 'GET',
  url: '/api/admin/operators',
  tags: ['admin'],
  summary: 'Every operator with their role, status and whether two-factor sign-in is set up',
  responses: { 200: OperatorsSchema, ...refusals },
});

export const createOperator = defineRoute({
  method: 'POST',
  url: '/api/admin/operators',
  tags: ['admin'],
  summary: 'Invite an operator with a role: answers the invitation link (valid 72 hours), where they choose their password',
  body: NewOperatorSchema,
  responses: { 201: InvitedOperatorSchema, ...refusals, ...errorResponses(409) },
});

export const changeOperator = defineRoute({
  method: 'PATCH',
  url: '/api/admin/operators/:id',
  tags: ['admin'],
  summary: "Change an operator's role, or disable or enable them; their sessions end. Never one's own account",
  params: OperatorParamsSchema,
  body: OperatorChangeSchema,
  responses: { 200: OperatorSchema, ...refusals, ...errorResponses(404, 409) },
});

export const reinviteOperator = defineRoute({
  method: 'POST',
  url: '/api/admin/operators/:id/invitation',
  tags: ['admin'],
  summary: 'A new invitation for an operator (a lost password or authenticator): their password, two-factor set-up and sessions are dropped',
  params: OperatorParamsSchema,
  responses: { 200: InvitationSchema, ...refusals, ...errorResponses(404, 409) },
});

export const setOwnEmail = defineRoute({
  method: 'PUT',
  url: '/api/admin/account/email',
  tags: ['admin'],
  summary: "Your own e-mail address, where a forgotten password's link goes: a link to verify it is sent to it, and it is used once that link is followed. 409 email_taken when another account uses the address",
  body: StaffEmailSchema,
  responses: { 200: StaffEmailStateSchema, ...refusals, ...errorResponses(409) },
});

export const setOperatorEmail = defineRoute({
  method: 'PUT',
  url: '/api/admin/operators/:id/email',
  tags: ['admin'],
  summary: "An operator's e-mail address, set by an owner: a link to verify it is sent to it, and a reset link goes to it once that link is followed. 409 email_taken when another account uses the address, own_account for the owner's own (set on PUT /api/admin/account/email)",
  params: OperatorParamsSchema,
  body: StaffEmailSchema,
  responses: { 200: StaffEmailStateSchema, ...refusals, ...errorResponses(404, 409) },
});

export const auditLog = defineRoute({
  method: 'GET',
  url: '/api/admin/audit',
  tags: ['admin'],
  summary: "The audit log, newest first, 50 a page: who viewed a lead's details or photo, exported leads, or changed prices, branding or operators",
  querystring: AuditQuerySchema,
  responses: { 200: AuditPageSchema, ...refusals },
});
