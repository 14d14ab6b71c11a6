import { assign, emit, fromPromise, setup } from 'xstate';
import { isOtherPage } from './domain/paging';
import type { EmailDto, EmailListDto, EmailListQuery } from '../openapi/schemas/mail';
import { MAIL_STATES } from '../openapi/schemas/mail';
import { errorKey, refusalOf } from './domain/errorCodes';
import { backToGate, failureToast, toast, type WorldEffect } from './effects';

export type MailState = (typeof MAIL_STATES)[number];

export interface EmailLogContext {
  /** Only messages in this state, or every one. */
  state: MailState | '';
  page: number;
  data: EmailListDto | null;
  /** The message being sent again. */
  resending: string | null;
}

export type EmailLogEvent = { type: 'FILTER'; state: MailState | '' } | { type: 'PAGE'; page: number } | { type: 'RESEND'; emailId: string } | { type: 'RETRY' };

export interface EmailLogOutput {
  expired: true;
}

/** The query the server is asked: the state and the page only when they narrow it. */
export const emailQuery = (state: MailState | '', page: number): EmailListQuery => ({ ...(state ? { state } : {}), ...(page > 1 ? { page } : {}) });

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** Why a resend was refused, as a translation key (the errors namespace), or null for the tab's own words. */
export const resendRefusal = (error: unknown) => errorKey(refusalOf(error).code);

/** A message may be sent again once its retries are over: a failed one (a queued one is still being tried). */
export const mayResend = (email: Pick<EmailDto, 'state'>) => email.state === 'failed';

/**
 * The admin's e-mails tab (issue 43): messages newest first by state, with the mail server's answer, and a resend
 * for a failed one (a new message drawn from the same event, to the same address).
 */
export const emailLogMachine = setup({
  types: { context: {} as EmailLogContext, events: {} as EmailLogEvent, output: {} as EmailLogOutput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/admin/emails; provided by the client. */
    fetchEmails: fromPromise<EmailListDto, EmailListQuery>(async () => {
      throw new Error('fetchEmails is provided by the caller');
    }),
    /** POST /api/admin/emails/{emailId}/resend. */
    resendEmail: fromPromise<EmailDto, { emailId: string }>(async () => {
      throw new Error('resendEmail is provided by the caller');
    }),
  },
  actions: {
    announceFailed: emit(failureToast('maillink:toast.admin.failed.title', 'maillink:toast.admin.failed.description')),
    announceResent: emit(toast('maillink:toast.admin.resent.title', 'maillink:toast.admin.resent.description')),
    /** The server's refusal (409 email_not_failed, email_resent) is worded by its code; a lost answer by the tab's default. */
    announceResendFailed: emit((_, params: { error: unknown }) =>
      failureToast('maillink:toast.admin.resendFailed.title', resendRefusal(params.error) ?? 'maillink:toast.admin.resendFailed.description'),
    ),
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    pageExists: ({ context, event }) => event.type === 'PAGE' && isOtherPage(context.data, context.page, event.page),
    resendable: ({ context, event }) => event.type === 'RESEND' && (context.data?.emails.some((e) => e.id === event.emailId && mayResend(e)) ?? false),
  },
}).createMachine({
  id: 'emailLog',
  context: { state: '', page: 1, data: null, resending: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchEmails',
        src: 'fetchEmails',
        input: ({ context }) => emailQuery(context.state, context.page),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { target: 'failed', actions: 'announceFailed' },
        ],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        FILTER: { target: 'loading', actions: assign({ state: ({ event }) => event.state, page: 1 }) },
        PAGE: { guard: 'pageExists', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        RESEND: { guard: 'resendable', target: 'resending', actions: assign({ resending: ({ event }) => event.emailId }) },
      },
    },
    resending: {
      tags: ['loading'],
      invoke: {
        id: 'resendEmail',
        src: 'resendEmail',
        input: ({ context }) => ({ emailId: context.resending as string }),
        // The new message heads the list, queued: the list is read again.
        onDone: { target: 'loading', actions: ['announceResent', assign({ resending: null })] },
        // Read again whatever happened: a message queued before the answer was lost shows, and a session that
        // ended meanwhile ends the tab there (its list answers 401).
        onError: { target: 'loading', actions: [{ type: 'announceResendFailed', params: ({ event }) => ({ error: event.error }) }, assign({ resending: null })] },
      },
    },
    // The server no longer answers this session as an admin: the gate shows its sign-in again.
    expired: { type: 'final', entry: emit(backToGate), output: { expired: true as const } },
  },
  output: ({ event }) => event.output as EmailLogOutput,
});
