import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { AccountSchema } from '../schemas/auth';
import { AdminSignInSchema } from '../schemas/operators';
import { errorResponses } from '../schemas/common';
import { GroupTravellerParamsSchema } from '../schemas/groups';
import {
  EmailIdParamsSchema,
  EmailListQuerySchema,
  EmailListSchema,
  EmailRequestSchema,
  EmailSchema,
  InvitationSchema,
  InvitedSchema,
  LinkRequestedSchema,
  LinkStateSchema,
  MailboxParamsSchema,
  MailboxSchema,
  OpenedSchema,
  PasswordResetSchema,
  TokenBodySchema,
} from '../schemas/mail';

// E-mail (issue 43): getting back in by e-mail, a group's invitations and link back, the admin's e-mails tab and
// the development mailbox. Tokens travel in bodies, never in an address a log line would keep.

export const requestPasswordReset = defineRoute({
  method: 'POST',
  url: '/api/auth/password-reset',
  tags: ['auth'],
  summary:
    'E-mail a link to choose a new password (single-use, one hour). The same answer whether or not the address has an account; 429 after 3 requests an hour for an address or 10 from a client',
  body: EmailRequestSchema,
  responses: { 202: LinkRequestedSchema },
});

export const checkPasswordReset = defineRoute({
  method: 'POST',
  url: '/api/auth/password-reset/check',
  tags: ['auth'],
  summary: 'Whether a reset link still works (unknown, expired or used otherwise), before a new password is typed',
  body: TokenBodySchema,
  responses: { 200: LinkStateSchema },
});

export const confirmPasswordReset = defineRoute({
  method: 'POST',
  url: '/api/auth/password-reset/confirm',
  tags: ['auth'],
  summary:
    "Set the new password with a reset link's token (once); the account's other reset links stop working. An operator's or owner's account is signed in, or waits for the app's code (step totp), as after admin-login. 404 unknown link, 410 expired or used",
  body: PasswordResetSchema,
  responses: {
    200: Type.Object({
      email: Type.String({ description: 'The account whose password changed, to sign in with' }),
      staff: Type.Union([AdminSignInSchema, Type.Null()], { description: "An operator's sign-in, as admin-login answers it; null for an applicant, who signs in with the new password" }),
    }),
    ...errorResponses(404, 410),
  },
});

export const requestSignInLink = defineRoute({
  method: 'POST',
  url: '/api/auth/sign-in-link',
  tags: ['auth'],
  summary:
    'E-mail a sign-in link (single-use, one hour) to an address that has an account or paid for an order. The same answer for every address; 429 after 3 requests an hour for an address or 10 from a client',
  body: EmailRequestSchema,
  responses: { 202: LinkRequestedSchema },
});

export const useSignInLink = defineRoute({
  method: 'POST',
  url: '/api/auth/sign-in-link/use',
  tags: ['auth'],
  summary:
    "Sign in with a sign-in or verification link's token (once): the address's account (made without a password for a guest who paid with it) is signed in, verified, and takes the orders paid with the address that no account holds. 404 unknown link, 410 expired or used",
  body: TokenBodySchema,
  responses: { 200: AccountSchema, ...errorResponses(404, 410) },
});

export const inviteTraveller = defineRoute({
  method: 'POST',
  url: '/api/groups/:groupId/travellers/:leadId/invitation',
  tags: ['groups'],
  summary:
    "E-mail a traveller of the group a single-use link (14 days) that opens their own application only, to fill their personal and security answers on their own device; a new invitation ends the traveller's earlier ones. 429 after 3 an hour to an address or 30 from a client",
  params: GroupTravellerParamsSchema,
  body: InvitationSchema,
  responses: { 202: InvitedSchema, ...errorResponses(403, 404, 409) },
});

export const openInvitation = defineRoute({
  method: 'POST',
  url: '/api/invitations/open',
  tags: ['groups'],
  summary:
    "Follow an invitation (once: this session may then use that traveller's application and nothing else of the group) or a group's link back (until it expires: every application of the group). 404 unknown link, 410 expired or used",
  body: TokenBodySchema,
  responses: { 200: OpenedSchema, ...errorResponses(404, 410) },
});

export const adminEmails = defineRoute({
  method: 'GET',
  url: '/api/admin/emails',
  tags: ['admin'],
  summary: "The e-mails tab: messages newest first, by state (queued, sending, sent, failed), with the mail server's answer; where messages go, and a warning when a deployment e-mails nobody",
  querystring: EmailListQuerySchema,
  responses: { 200: EmailListSchema, ...errorResponses(401, 403) },
});

export const resendEmail = defineRoute({
  method: 'POST',
  url: '/api/admin/emails/:emailId/resend',
  tags: ['admin'],
  summary:
    'Send a failed message again: a new message drawn afresh from the same event, to the same address, with its own Message-ID. 409 email_not_failed for a message queued, being sent or sent; 409 email_resent when another copy of it is queued, being sent or sent',
  params: EmailIdParamsSchema,
  responses: { 201: EmailSchema, ...errorResponses(401, 403, 404, 409) },
});

export const devMailbox = defineRoute({
  method: 'GET',
  url: '/api/dev/mailbox',
  tags: ['dev'],
  summary: 'The development mailbox: the newest messages written as .eml files when no SMTP_URL is set (404 in production, with SMTP_URL, or from another machine than the server\'s unless signed in as an admin). A browser (Accept: text/html first) gets it as a page: each message with the links its text carries, its HTML and its .eml file',
  responses: { 200: MailboxSchema, ...errorResponses(404) },
});

export const devMailboxHtml = defineRoute({
  method: 'GET',
  url: '/api/dev/mailbox/:messageId/html',
  tags: ['dev'],
  summary: "A mailbox message's HTML part, as a mail client shows it (no script runs in it)",
  params: MailboxParamsSchema,
  responses: { 200: Type.String({ description: 'text/html' }), ...errorResponses(404) },
});

export const devMailboxEml = defineRoute({
  method: 'GET',
  url: '/api/dev/mailbox/:messageId/eml',
  tags: ['dev'],
  summary: 'A mailbox message as the .eml file a mail client opens',
  params: MailboxParamsSchema,
  responses: { 200: Type.String({ description: 'message/rfc822' }), ...errorResponses(404) },
});
