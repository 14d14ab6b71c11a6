// The refusals the interface words itself (issue 34): the server sends a stable `code` beside its English message,
// and the page shows the code's text in its language (the errors namespace), or its own default, never the
// server's English. Codes a form already words (a card decline, a photo's format) live with that form.

import { minutesToWait, waitOf } from './retryWait';

export const ERROR_CODES = [
  /** A sign-in's e-mail or password is wrong (spec 1-core §8 'Invalid credentials'). */
  'invalid_credentials',
  /** An admin sign-in's username or password is wrong ('Invalid admin credentials'). */
  'invalid_admin_credentials',
  /** Sign-up refused: the e-mail cannot take a new account (it may have one already). */
  'account_not_created',
  /** Too many wrong tries (sign-in, codes): wait before the next. */
  'too_many_attempts',
  /** Too many requests from this client in a minute. */
  'too_many_requests',
  /** Another session's application, conversation or order. */
  'other_session',
  // Operators (issue 44 item 6).
  /** The code from the app (or a recovery code) is wrong, used already or of another time. */
  'invalid_totp_code',
  /** The password step was too long ago (or never happened): sign in again. */
  'second_step_expired',
  /** An owner signed in without two-factor sign-in: it comes before anything else. */
  'totp_enrolment_required',
  'totp_already_set_up',
  'totp_not_started',
  /** The operator's role may not do this (the access table). */
  'role_forbidden',
  'username_taken',
  /** An owner tried to change, disable or re-invite their own account. */
  'own_account',
  /** The change would leave no active owner. */
  'last_owner',
  'invitation_invalid',
  'invitation_expired',
  /** The server cannot reach its database (or Redis) just now: 503 with Retry-After (issue 41). */
  'service_unavailable',
  /** A stored conversation at its maximum size or number of messages: start a new one (413, issue 41). */
  'conversation_full',
  // An applicant's rights (issue 44): a third-party AI service would read their words, and they have not accepted.
  /** The premium interview's notice (its model is OpenAI's). */
  'premium_consent_required',
  /** The voice interview's notice (speech by OpenAI, or a transcription service). */
  'voice_consent_required',
  // The admin's e-mails tab (issue 43): only a message whose retries are over is sent again, and only once.
  /** The message is queued, being sent or sent: it is not sent again. */
  'email_not_failed',
  /** The failed message was sent again already, and that copy is queued, being sent or sent. */
  'email_resent',
  /** A staff address another account (an operator's or an applicant's) already uses (409). */
  'email_taken',
  // Issue 45: a settled payment keeps the answers it paid for, on every route that writes them.
  /** The application is paid: its answers are not changed any more (409). */
  'application_paid',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export { minutesToWait };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The translation key of a refusal's code, when the interface words it. */
export function errorKey(code: unknown): `errors:${ErrorCode}` | null {
  return isErrorCode(code) ? `errors:${code}` : null;
}

/**
 * What a failed call's refusal says that the interface can word (spec 1-core §8: "server message or …"): its code,
 * when the server gave one the errors namespace has; else nothing, and the page says its own default.
 */
/** A refusal the interface can word: its code, and the minutes it asks to wait (from Retry-After), if any. */
export interface Refusal {
  code: ErrorCode | undefined;
  wait?: number;
}

export function refusalOf(error: unknown): Refusal {
  const code = (error as { code?: unknown } | null)?.code;
  const wait = waitOf(error);
  return { code: isErrorCode(code) ? code : undefined, ...(wait === null ? {} : { wait }) };
}

/**
 * A refusal as the interface words it: its code's key, with the real wait where the server asked to wait (the
 * `_wait` wording counts the minutes, never "a few"); else the page's own fallback.
 */
export function refusalMessage(refusal: Refusal, fallback: string): { key: string; params?: { count: number } } {
  const key = errorKey(refusal.code);
  if (!key) return { key: fallback };
  return WAITS.has(refusal.code as ErrorCode) && refusal.wait !== undefined ? { key: `${key}_wait`, params: { count: refusal.wait } } : { key };
}

/** The refusals worded with their wait when the server gives one (errors:<code>_wait_one / _other). */
const WAITS: ReadonlySet<ErrorCode> = new Set(['too_many_attempts', 'too_many_requests']);
