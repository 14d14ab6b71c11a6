/** Failures allowed before an account is locked; each failure after that doubles the wait. */
export const FREE_FAILURES = 5;
const MAX_LOCK_MS = 60 * 60 * 1000;
/** A day without a failure and the count starts over. */
export const FAILURES_FORGOTTEN_MS = 24 * 60 * 60 * 1000;

/**
 * How long an account stays locked after `count` failures, the last at `lastAt`: nothing for the first five,
 * then 1, 2, 4 … minutes, at most an hour. Growing delays make guessing slow without locking the owner out for good.
 */
export function lockedFor(count: number, lastAt: number, now: number): number {
  if (count < FREE_FAILURES || now - lastAt > FAILURES_FORGOTTEN_MS) return 0;
  const lock = Math.min(MAX_LOCK_MS, 60_000 * 2 ** (count - FREE_FAILURES));
  return Math.max(0, lastAt + lock - now);
}
