import { Type, type Static } from 'typebox';
import { Strict } from './common';

// E-mail (issue 43): what a page may say about a message, the admin's e-mails tab, the development mailbox, and
// the account links (forgotten password, sign-in link, invitation).

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export const MAIL_KINDS = ['receipt', 'groupReceipt', 'premiumCode', 'nextSteps', 'resumeLink', 'groupLink', 'invitation', 'verifyEmail', 'passwordReset', 'signInLink'] as const;

/**
 * What a page may say about a message it caused: `sent` only once a mail server accepted it; `notSent` when no mail
 * server is configured (it was written to the development mailbox, nobody was e-mailed); `queued` while it waits
 * or is retried; `failed` when it could not be sent.
 */
export const MailNoticeSchema = Type.Object({
  to: Type.String({ description: 'The address the message is for' }),
  state: Type.Enum(['queued', 'sent', 'failed', 'notSent'], { description: 'sent: a mail server accepted it; notSent: no mail server is configured' }),
});
export type MailNoticeDto = Static<typeof MailNoticeSchema>;

export const EmailSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum([...MAIL_KINDS], { description: 'Which message' }),
  recipient: Type.String(),
  language: Type.String(),
  state: Type.Enum([...MAIL_STATES], { description: 'queued (waiting, or waiting for a retry), sending, sent, failed (after its retries, or refused for good)' }),
  attempts: Type.Integer(),
  subject: Type.Union([Type.String(), Type.Null()], { description: 'Known once it has been drawn' }),
  transport: Type.Union([Type.Literal('smtp'), Type.Literal('file'), Type.Null()], { description: 'smtp: a mail server took it; file: written to the development mailbox' }),
  smtpResponse: Type.Union([Type.String(), Type.Null()], { description: "The mail server's last answer" }),
  lastError: Type.Union([Type.String(), Type.Null()]),
  messageId: Type.String(),
  resendOf: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type EmailDto = Static<typeof EmailSchema>;

export const EmailListQuerySchema = Strict({
  state: Type.Optional(Type.Enum([...MAIL_STATES], { description: 'Only messages in this state' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
});
export type EmailListQuery = Static<typeof EmailListQuerySchema>;

export const EmailListSchema = Type.Object({
  emails: Type.Array(EmailSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Object({ queued: Type.Integer(), sending: Type.Integer(), sent: Type.Integer(), failed: Type.Integer() }),
  transport: Type.Object({
    kind: Type.Union([Type.Literal('smtp'), Type.Literal('file')]),
    describe: Type.String({ description: 'Where messages go (no credentials)' }),
    warning: Type.Union([Type.String(), Type.Null()], { description: 'Said when a deployment sends no e-mail (NODE_ENV=production without SMTP_URL)' }),
  }),
});
export type EmailListDto = Static<typeof EmailListSchema>;

export const EmailIdParamsSchema = Strict({ emailId: Type.String({ format: 'uuid' }) });

export const MailboxMessageSchema = Type.Object({
  id: Type.String({ description: 'The file name' }),
  to: Type.String(),
  subject: Type.String(),
  date: Type.String({ format: 'date-time' }),
  text: Type.String(),
  attachments: Type.Array(Type.Object({ filename: Type.String(), size: Type.Integer() })),
});
export type MailboxMessageDto = Static<typeof MailboxMessageSchema>;

export const MailboxSchema = Type.Object({ messages: Type.Array(MailboxMessageSchema) });
export type MailboxDto = Static<typeof MailboxSchema>;

export const MailboxParamsSchema = Strict({ messageId: Type.String({ pattern: '^[A-Za-z0-9-]{1,120}$' }) });

const Email = Type.String({ minLength: 1, maxLength: 254, description: 'An e-mail address' });
const Token = Type.String({ minLength: 1, maxLength: 200, description: 'The token of the link, as it arrived' });

export const EmailRequestSchema = Strict({ email: Email });
export type EmailRequest = Static<typeof EmailRequestSchema>;

/** The one answer to "e-mail me a link", whether or not the address has an account or orders. */
export const LinkRequestedSchema = Type.Object({
  message: Type.String({ description: 'The same words for every address' }),
});

export const TokenBodySchema = Strict({ token: Token });

export const PasswordResetSchema = Strict({
  token: Token,
  password: Type.String({ minLength: 1, maxLength: 200, description: 'At least 10 characters' }),
});
export type PasswordReset = Static<typeof PasswordResetSchema>;

export const LinkStateSchema = Type.Object({
  valid: Type.Boolean(),
  problem: Type.Union([Type.Literal('unknown'), Type.Literal('expired'), Type.Literal('used'), Type.Null()], {
    description: 'Why a link opens nothing: unknown, expired, or used already (a single-use link)',
  }),
});
export type LinkStateDto = Static<typeof LinkStateSchema>;

export const InvitationSchema = Strict({ email: Email });
export type InvitationBody = Static<typeof InvitationSchema>;

export const InvitedSchema = Type.Object({ email: MailNoticeSchema });

/** Where a followed link leads: the application (an invitation), or the group's leader's form (a group's link). */
export const OpenedSchema = Type.Object({
  to: Type.String({ description: 'The page to open next' }),
  leadId: Type.String(),
  groupId: Type.String(),
});
export type OpenedDto = Static<typeof OpenedSchema>;
