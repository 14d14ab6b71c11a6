import { assign, emit, fromPromise, setup } from 'xstate';
import type { AccountDto } from '../openapi/schemas/auth';
import type { AdminSignInDto } from '../openapi/schemas/operators';
import type { LinkStateDto, OpenedDto } from '../openapi/schemas/mail';
import { validateGuest, validateNewPassword } from './domain/account';
import { refusalMessage, refusalOf } from './domain/errorCodes';
import { ROUTES } from './domain/routes';
import type { ValidationError } from './domain/validators';
import { failureToast, navigate, toast, type WorldEffect } from './effects';

/** What an e-mailed link is for: a forgotten password, a guest's or member's sign-in, a group traveller's invitation. */
export type LinkPurpose = 'reset' | 'signIn' | 'invitation';

/** Why a link opens nothing (the server's `link_<problem>` codes). */
export type LinkProblem = 'unknown' | 'expired' | 'used';

export type MailLinkField = 'email' | 'password' | 'confirmPassword';

export interface MailLinkInput {
  purpose: LinkPurpose;
  /** The link's token from the address; null on the page that asks for a link. */
  token: string | null;
}

export interface MailLinkContext extends MailLinkInput {
  fields: Record<MailLinkField, string>;
  errors: Partial<Record<MailLinkField, ValidationError>>;
  problem: LinkProblem | null;
  account: AccountDto | null;
}

export type MailLinkEvent =
  | { type: 'FIELD.CHANGE'; field: MailLinkField; value: string }
  /** Ask for a link to the address typed. */
  | { type: 'REQUEST' }
  /** Ask for another link (after one was asked, or a link that no longer works). */
  | { type: 'ANOTHER' }
  /** Save the new password. */
  | { type: 'SAVE' }
  /** The server did not answer: try the link again. */
  | { type: 'RETRY' };

/** The page's two forms, by their ids: a refused submit moves focus to its first field in error. */
export const MAIL_LINK_FORMS = { request: 'link-request-form', password: 'new-password-form' } as const;

const PROBLEMS: readonly LinkProblem[] = ['unknown', 'expired', 'used'];

/** The link's problem the server named (404 link_unknown, 410 link_expired or link_used), or null for any other failure. */
export function linkProblemOf(error: unknown): LinkProblem | null {
  const code = (error as { code?: unknown } | null)?.code;
  const problem = typeof code === 'string' && code.startsWith('link_') ? code.slice('link_'.length) : null;
  return PROBLEMS.includes(problem as LinkProblem) ? (problem as LinkProblem) : null;
}

const requestErrors = (c: MailLinkContext) => {
  const { email } = validateGuest({ email: c.fields.email });
  return email ? { email } : {};
};
const passwordErrors = (c: MailLinkContext) => validateNewPassword({ password: c.fields.password, confirmPassword: c.fields.confirmPassword });
const none = (errors: object) => Object.keys(errors).length === 0;

/** A refusal that is not the link's: what the server coded (too many requests), else the flow's own words. */
const refused = (error: unknown) => {
  const message = refusalMessage(refusalOf(error), 'maillink:toast.failed.description');
  return failureToast('maillink:toast.failed.title', message.key, message.params);
};

/**
 * Back in by e-mail (issue 43): asking for a reset or sign-in link (the same answer whether or not the address has
 * an account), and the pages those links and a group's invitation open. A reset link is checked before a password
 * is typed, then the new password signs the person in (or, if that fails, sends them to sign in); a sign-in link
 * signs in and opens the dashboard; an invitation opens that traveller's form. A used, expired or unknown link says
 * which, and a person with a reset or sign-in link may ask for another.
 */
export const mailLinkMachine = setup({
  types: { input: {} as MailLinkInput, context: {} as MailLinkContext, events: {} as MailLinkEvent, emitted: {} as WorldEffect },
  actors: {
    /** POST /api/auth/password-reset or /api/auth/sign-in-link; provided by the client. */
    requestLink: fromPromise<{ message: string }, { purpose: LinkPurpose; email: string }>(async () => {
      throw new Error('requestLink is provided by the caller');
    }),
    /** POST /api/auth/password-reset/check. */
    checkReset: fromPromise<LinkStateDto, { token: string }>(async () => {
      throw new Error('checkReset is provided by the caller');
    }),
    /** POST /api/auth/password-reset/confirm: the account's address, to sign in with; an operator's sign-in, done by the server. */
    confirmReset: fromPromise<{ email: string; staff: AdminSignInDto | null }, { token: string; password: string }>(async () => {
      throw new Error('confirmReset is provided by the caller');
    }),
    /** POST /api/auth/user-login, with the password just chosen. */
    userLogin: fromPromise<AccountDto, { email: string; password: string }>(async () => {
      throw new Error('userLogin is provided by the caller');
    }),
    /** POST /api/auth/sign-in-link/use. */
    useSignInLink: fromPromise<AccountDto, { token: string }>(async () => {
      throw new Error('useSignInLink is provided by the caller');
    }),
    /** POST /api/invitations/open. */
    openInvitation: fromPromise<OpenedDto, { token: string }>(async () => {
      throw new Error('openInvitation is provided by the caller');
    }),
  },
  actions: {
    focusError: emit((_, params: { form: keyof typeof MAIL_LINK_FORMS }) => ({ type: 'focusError' as const, form: MAIL_LINK_FORMS[params.form] })),
    announceRefused: emit((_, params: { error: unknown }) => refused(params.error)),
    keepProblem: assign({ problem: (_, params: { error: unknown }) => linkProblemOf(params.error) }),
    signedIn: emit(({ context }) => ({ type: 'signedIn' as const, account: context.account as AccountDto })),
  },
  guards: {
    requestValid: ({ context }) => none(requestErrors(context)),
    passwordValid: ({ context }) => none(passwordErrors(context)),
    resetLink: ({ context }) => context.token !== null && context.purpose === 'reset',
    signInLink: ({ context }) => context.token !== null && context.purpose === 'signIn',
    invitationLink: ({ context }) => context.token !== null && context.purpose === 'invitation',
    // An invitation is only ever opened: without its token there is nothing to ask for here.
    noInvitation: ({ context }) => context.purpose === 'invitation',
    linkBroken: (_, params: { error: unknown }) => linkProblemOf(params.error) !== null,
  },
}).createMachine({
  id: 'mailLink',
  context: ({ input }) => ({
    purpose: input.purpose,
    token: input.token?.trim() ? input.token.trim() : null,
    fields: { email: '', password: '', confirmPassword: '' },
    errors: {},
    problem: null,
    account: null,
  }),
  initial: 'start',
  on: {
    'FIELD.CHANGE': {
      actions: assign(({ context, event }) => {
        const { [event.field]: _cleared, ...errors } = context.errors;
        return { fields: { ...context.fields, [event.field]: event.value }, errors };
      }),
    },
  },
  states: {
    start: {
      always: [
        { guard: 'resetLink', target: 'checking' },
        { guard: 'signInLink', target: 'signingIn' },
        { guard: 'invitationLink', target: 'opening' },
        { guard: 'noInvitation', target: 'broken', actions: assign({ problem: 'unknown' as const }) },
        { target: 'asking' },
      ],
    },
    asking: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            REQUEST: [
              { guard: 'requestValid', target: 'requesting', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => requestErrors(context) }), { type: 'focusError', params: { form: 'request' } }] },
            ],
          },
        },
        requesting: {
          tags: ['busy'],
          invoke: {
            id: 'requestLink',
            src: 'requestLink',
            input: ({ context }) => ({ purpose: context.purpose, email: context.fields.email.trim() }),
            onDone: { target: '#mailLink.requested' },
            onError: { target: 'editing', actions: { type: 'announceRefused', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    // The same words for every address: whether it has an account is not said.
    requested: {
      on: { ANOTHER: { target: 'asking', actions: assign({ fields: ({ context }) => ({ ...context.fields, email: '' }) }) } },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkReset',
        src: 'checkReset',
        input: ({ context }) => ({ token: context.token as string }),
        onDone: [
          { guard: ({ event }) => event.output.valid, target: 'choosing' },
          { target: 'broken', actions: assign({ problem: ({ event }) => event.output.problem ?? 'unknown' }) },
        ],
        onError: { target: 'unanswered' },
      },
    },
    choosing: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SAVE: [
              { guard: 'passwordValid', target: 'saving', actions: assign({ errors: {} }) },
              { actions: [assign({ errors: ({ context }) => passwordErrors(context) }), { type: 'focusError', params: { form: 'password' } }] },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'confirmReset',
            src: 'confirmReset',
            input: ({ context }) => ({ token: context.token as string, password: context.fields.password }),
            onDone: [
              // An operator's account: the server signed them in, or waits for their app's code, in the admin area.
              { guard: ({ event }) => event.output.staff !== null, target: '#mailLink.toAdmin', actions: emit(toast('maillink:toast.reset.title', 'maillink:toast.reset.staff')) },
              { target: 'signingIn', actions: assign({ fields: ({ context, event }) => ({ ...context.fields, email: event.output.email }) }) },
            ],
            onError: [
              {
                guard: { type: 'linkBroken', params: ({ event }) => ({ error: event.error }) },
                target: '#mailLink.broken',
                actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'editing', actions: { type: 'announceRefused', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        // The password is changed: signed in with it at once, or, if that fails, sent to sign in with it.
        signingIn: {
          tags: ['busy'],
          invoke: {
            id: 'userLogin',
            src: 'userLogin',
            input: ({ context }) => ({ email: context.fields.email, password: context.fields.password }),
            onDone: {
              target: '#mailLink.done',
              actions: [assign({ account: ({ event }) => event.output }), emit(toast('maillink:toast.reset.title', 'maillink:toast.reset.signedIn'))],
            },
            onError: {
              target: '#mailLink.toSignIn',
              actions: emit(toast('maillink:toast.reset.title', 'maillink:toast.reset.signIn')),
            },
          },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'useSignInLink',
        src: 'useSignInLink',
        input: ({ context }) => ({ token: context.token as string }),
        onDone: { target: 'done', actions: [assign({ account: ({ event }) => event.output }), emit(toast('account:toast.loggedIn.title', 'account:toast.loggedIn.description'))] },
        onError: [
          {
            guard: { type: 'linkBroken', params: ({ event }) => ({ error: event.error }) },
            target: 'broken',
            actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'unanswered' },
        ],
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'openInvitation',
        src: 'openInvitation',
        input: ({ context }) => ({ token: context.token as string }),
        // Replaced: Back from the form does not use the link again (it works once).
        onDone: { target: 'opened', actions: emit(({ event }) => navigate(event.output.to, true)) },
        onError: [
          {
            guard: { type: 'linkBroken', params: ({ event }) => ({ error: event.error }) },
            target: 'broken',
            actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'unanswered' },
        ],
      },
    },
    // The server did not answer (or refused for another reason than the link): the link may still work.
    unanswered: {
      on: { RETRY: { target: 'start' } },
    },
    // The link opens nothing; a reset or sign-in link can be asked for again here.
    broken: {
      on: { ANOTHER: { guard: ({ context }) => context.purpose !== 'invitation', target: 'asking', actions: assign({ token: null, problem: null }) } },
    },
    opened: { type: 'final', tags: ['busy'] },
    toSignIn: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.login, true)) },
    toAdmin: { type: 'final', tags: ['busy'], entry: emit(navigate(ROUTES.admin, true)) },
    done: {
      type: 'final',
      tags: ['busy'],
      entry: ['signedIn', emit(navigate(ROUTES.dashboard, true))],
    },
  },
});
