// The refusals the interface words itself (issue 34): the server sends a stable `code` beside its English message,
// and the page shows the code's text in its language (the errors namespace), or its own default, never the
// server's English. Codes a form already words (a card decline, a photo's format) live with that form.

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
  /** The server cannot reach its database (or Redis) just now: 503 with Retry-After (issue 41). */
  'service_unavailable',
  /** A stored conversation at its maximum size or number of messages: start a new one (413, issue 41). */
  'conversation_full',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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
export function refusalOf(error: unknown): { code: ErrorCode | undefined } {
  const code = (error as { code?: unknown } | null)?.code;
  return { code: isErrorCode(code) ? code : undefined };
}
