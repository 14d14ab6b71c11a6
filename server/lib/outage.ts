import { Problem } from './problems';

// Issue 41: what the server cannot reach is an outage to wait out (503 with Retry-After), not a failure of ours
// (500). These are the errors that say so, whatever layer they surface from: the database's driver, Kysely, the
// session store, Redis.

export type Outage = 'database' | 'redis';

/** Seconds a client is asked to wait: a restarted database or Redis is back, and reconnected to, within this. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Connections refused, reset or timed out on the way to PostgreSQL or Redis. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * PostgreSQL's SQLSTATEs for "not now": a connection exception (class 08), the server shutting down, restarting or
 * starting up (57P01-57P03), too many connections or no disk or memory left (class 53), and a transaction that lost
 * a serialisation or deadlock race (40001, 40P01), which a retry gets through.
 */
function isPgUnavailable(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || ['57P01', '57P02', '57P03', '40001', '40P01'].includes(code);
}

/** pg's own errors carry no code: the connection ended under a query, or no connection came in time. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Cannot use a pool after calling end/,
];

/**
 * SQLite that cannot serve now: another process holds the write lock (BUSY, LOCKED), the disk is full or failing
 * (FULL, IOERR), or the file cannot be written or opened (READONLY, CANTOPEN, NOMEM). Extended codes keep the
 * family's prefix (SQLITE_IOERR_FSYNC, SQLITE_BUSY_SNAPSHOT).
 */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN|NOMEM|PROTOCOL)/;

/** ioredis refusing or timing out a command while Redis is away (no offline queue: it says so at once). */
const REDIS_MESSAGES = [/Stream isn't writeable/, /^Command timed out/, /^Connection is closed/, /^LOADING /, /^OOM /, /^MASTERDOWN /, /^BUSY /];

/** Which outage an error is, following its `cause` chain; null for anything else (a bug: 500). */
export function outageOf(err: unknown, depth = 0): Outage | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const { code, message, name, cause } = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((pattern) => pattern.test(text))) return 'redis';
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code)) return 'database';
    if (NETWORK_CODES.has(code)) return 'database';
    if (/^[0-9A-Z]{5}$/.test(code) && isPgUnavailable(code)) return 'database';
  }
  if (PG_MESSAGES.some((pattern) => pattern.test(text))) return 'database';
  // better-sqlite3 after the connection was closed under a request (the server is stopping).
  if (name === 'TypeError' && text === 'The database connection is not open') return 'database';
  return outageOf(cause, depth + 1);
}

const MESSAGES: Record<Outage, string> = {
  database: 'The service is briefly unavailable: its database cannot be reached. What you saved before is safe; please try again in a few seconds.',
  redis: 'Sign-in and code checks are briefly unavailable. Please try again in a few seconds.',
};

/** The 503 an outage is answered with: a message a person can act on, the code the page words, and when to retry. */
export function unavailable(outage: Outage): Problem {
  return new Problem(503, MESSAGES[outage], { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) }, 'service_unavailable');
}
