// How long a refusal asks to wait (issue 45 item 20), apart from the error codes' wording so a flow that only
// counts the minutes does not load the errors namespace with its page.

/**
 * The whole minutes a refusal asks to wait (issue 45 item 20): Retry-After's seconds rounded up, at least one, as
 * the server's own message counts them (server/services/guard/counters.ts); null when it named no wait.
 */
export function minutesToWait(retryAfterSeconds: unknown): number | null {
  if (typeof retryAfterSeconds !== 'number' || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0) return null;
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** The minutes a failed call asks to wait: its Retry-After (client/api/call.ts HttpError), or null. */
export const waitOf = (error: unknown): number | null => minutesToWait((error as { retryAfter?: unknown } | null)?.retryAfter);
