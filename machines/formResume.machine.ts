import { waitOf } from './domain/retryWait';
import { assign, emit, fromPromise, setup } from 'xstate';
import type { WorldEffect } from './effects';
import { isResumeCode, normalizeResumeCode } from './domain/resumeCode';
import { validateEmail, type ValidationError } from './domain/validators';

export interface FormResumeInput {
  /** The code from a resume link (`?resume=`), filled in for the applicant. */
  code?: string | null;
  /** The lead a code is issued for: 'Save and continue later' shows only once there is one. */
  leadId?: string | null;
}

/** A code the server issued for this application. */
export interface IssuedCode {
  code: string;
  link: string;
  expiresAt: string;
  /** The message carrying the link (issue 43): queued, sent, failed, or notSent (no mail server: nobody was e-mailed). */
  email: { to: string; state: 'queued' | 'sent' | 'failed' | 'notSent' } | null;
}

/** The application another browser saved, as the server gives it back. */
export interface RestoredApplication {
  leadId: string;
  formType: string;
  formData: Record<string, unknown>;
}

export type ResumeField = 'code' | 'email';

export interface FormResumeContext {
  leadId: string | null;
  code: string;
  email: string;
  errors: Partial<Record<ResumeField, ValidationError>>;
  issued: IssuedCode | null;
  /** Why the last call failed: a code and e-mail that match nothing (never which one), too many tries, or no answer. */
  failure: 'wrong' | 'tooMany' | 'failed' | 'issueFailed' | null;
  /** The minutes a refused code asks to wait (from Retry-After), said as they are (issue 45 item 20). */
  wait: number | null;
}

export type FormResumeEvent =
  | { type: 'SAVE_LATER' }
  | { type: 'CLOSE' }
  | { type: 'FIELD.CHANGE'; field: ResumeField; value: string }
  | { type: 'SUBMIT' };

/** The code's and the e-mail's problems before anything is sent. */
export function resumeErrors(context: Pick<FormResumeContext, 'code' | 'email'>): FormResumeContext['errors'] {
  const errors: FormResumeContext['errors'] = {};
  if (!isResumeCode(context.code)) errors.code = { key: 'ds160form:resume.codeInvalid' };
  const email = validateEmail(context.email);
  if (email) errors.email = email;
  return errors;
}

const statusOf = (error: unknown) => Number((error as { status?: unknown } | null)?.status);

/**
 * 'Save and continue later' and its other end (issue 11): a lead's resume code is issued on request and shown
 * with its link; on another browser the code and the lead's e-mail bring the application back, which the page
 * hands to the form. A code and e-mail that match nothing say so without telling which was wrong.
 */
export const formResumeMachine = setup({
  types: { input: {} as FormResumeInput, context: {} as FormResumeContext, events: {} as FormResumeEvent, emitted: {} as WorldEffect },
  actors: {
    /** POST /api/leads/{id}/resume-code; provided by the client. */
    issueResumeCode: fromPromise<IssuedCode, { leadId: string }>(async () => {
      throw new Error('issueResumeCode is provided by the caller');
    }),
    /** POST /api/leads/resume; provided by the client. */
    resumeApplication: fromPromise<RestoredApplication, { code: string; email: string }>(async () => {
      throw new Error('resumeApplication is provided by the caller');
    }),
  },
  actions: {
    /** Gives the restored answers to the form on the page (the ten-section form), which replaces its own with them. */
    restoreForm: emit((_, params: { application: RestoredApplication }) => ({
      type: 'handOff' as const,
      flow: 'ds160Form',
      event: { type: 'RESTORE', leadId: params.application.leadId, values: params.application.formData },
    })),
  },
  guards: {
    hasLead: ({ context }) => Boolean(context.leadId),
    isValid: ({ context }) => Object.keys(resumeErrors(context)).length === 0,
    isRateLimited: (_, params: { error: unknown }) => statusOf(params.error) === 429,
    isNoMatch: (_, params: { error: unknown }) => [404, 410].includes(statusOf(params.error)),
  },
}).createMachine({
  id: 'formResume',
  context: ({ input }) => ({ leadId: input.leadId ?? null, code: input.code ? normalizeResumeCode(input.code).slice(0, 20) : '', email: '', errors: {}, issued: null, failure: null, wait: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SAVE_LATER: { guard: 'hasLead', target: 'issuing' },
        'FIELD.CHANGE': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _gone, ...errors } = context.errors;
            return { [event.field]: event.value, errors, failure: null };
          }),
        },
        SUBMIT: [
          { guard: 'isValid', target: 'checking' },
          { actions: assign({ errors: ({ context }) => resumeErrors(context), failure: null }) },
        ],
      },
    },
    issuing: {
      tags: ['busy'],
      invoke: {
        id: 'issueResumeCode',
        src: 'issueResumeCode',
        input: ({ context }) => ({ leadId: context.leadId as string }),
        onDone: { target: 'issued', actions: assign({ issued: ({ event }) => event.output, failure: null }) },
        onError: { target: 'idle', actions: assign({ failure: 'issueFailed' }) },
      },
    },
    // The code, its link and its expiry on screen until the applicant closes them.
    issued: { on: { CLOSE: { target: 'idle', actions: assign({ issued: null }) }, SAVE_LATER: 'issuing' } },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'resumeApplication',
        src: 'resumeApplication',
        input: ({ context }) => ({ code: normalizeResumeCode(context.code), email: context.email.trim() }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'restoreForm', params: ({ event }) => ({ application: event.output }) }, assign({ code: '', email: '', errors: {}, failure: null })],
        },
        onError: [
          { guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: assign({ failure: 'tooMany', wait: ({ event }) => waitOf(event.error) }) },
          { guard: { type: 'isNoMatch', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: assign({ failure: 'wrong' }) },
          { target: 'idle', actions: assign({ failure: 'failed' }) },
        ],
      },
    },
  },
});
