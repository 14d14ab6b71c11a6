import { randomUUID } from 'node:crypto';
import { tooManyRequests, type Problem } from '../../lib/problems';

/** Failures allowed before each further attempt waits; the usual allowance for one account from one client. */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60 * 1000;
/** A day without an attempt and a counter starts over. */
export const FAILURES_FORGOTTEN_MS = 24 * 60 * 60 * 1000;
/**
 * A counter that holds one failure (and no lock) is forgotten after an hour instead (issue 41): each guess from a
 * new address made two counters kept a day, so 100,000 guessers left 200,000 for 24 h. One failure an hour is less
 * than the lock schedule lets through, so nothing is given away.
 */
export const SINGLE_FAILURE_FORGOTTEN_MS = 60 * 60 * 1000;
/** How often the database's counters (and expired sessions) are swept: the `counters.sweep` job. */
export const SWEEP_EVERY_SECONDS = 10 * 60;

/**
 * The wait set by the attempt that brings a counter to `count` with `free` allowed: none before the allowance is
 * used, then 1, 2, 4 … minutes, at most an hour. It is set before the attempt is judged (a success lifts it), so
 * attempts that arrive together meet it: of a burst, only the allowance is judged.
 */
export function lockMs(count: number, free: number): number {
  return count < free ? 0 : Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (count - free));
}

/** One thing an attempt is counted against, and what a success does to it. */
export interface Tally {
  key: string;
  /** Failures allowed before each further attempt waits (lockMs). */
  free: number;
  /**
   * 'forget': a success starts this counter over (the account from this client: the owner got in).
   * 'refund': a success only takes its own attempt back (the client: one right password, or one valid code, must
   * not wipe the failures it made on other accounts or codes).
   */
  onSuccess: 'forget' | 'refund';
}

/**
 * Counters that several server processes share: Redis (redisCounters.ts) when REDIS_URL is set, the database
 * (dbCounters.ts) otherwise. Every method is atomic on its own, so no burst is judged on a count read before the
 * burst was written.
 */
export interface AttemptCounters {
  /**
   * Counts one attempt against every tally, unless one of them is waiting out a lock: then none is counted.
   * Answers the wait in ms (0: counted, go on and judge it).
   */
  attempt(tallies: readonly Tally[], token: string): Promise<number>;
  /** The attempt `token` succeeded: each tally forgets or refunds as it says. */
  succeeded(tallies: readonly Tally[], token: string): Promise<void>;
  /** One more hit in a window of `windowMs` on `key`; answers the wait in ms once more than `max` came in it. */
  hit(key: string, max: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

/** A counted attempt: say how it went once it has been judged (a failure needs nothing more). */
export interface Ticket {
  succeeded(): Promise<void>;
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** 429 with Retry-After; `what` names what was tried ("attempts for this account", "wrong codes"). */
export function waitProblem(message: (minutes: string) => string, waitMs: number): Problem {
  const n = minutes(waitMs);
  return tooManyRequests(message(`${n} minute${n === 1 ? '' : 's'}`), Math.ceil(waitMs / 1000));
}

/**
 * Counts an attempt before it is judged, refusing it (429) while any of its tallies is locked. The caller judges
 * it only after this resolves, and reports a success on the ticket.
 */
export async function admit(counters: AttemptCounters, tallies: readonly Tally[], refusal: (minutes: string) => string): Promise<Ticket> {
  const token = randomUUID();
  const wait = await counters.attempt(tallies, token);
  if (wait > 0) throw waitProblem(refusal, wait);
  return { succeeded: () => counters.succeeded(tallies, token) };
}
