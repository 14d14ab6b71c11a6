import { transact } from '../../../db/groupCommit';
import type { Db } from '../../../db/index';
import { countAttempt, countHit, deleteStaleCounters, forgetCounters, lockCounter, refundAttempt } from '../../../db/queries/counters';
import { FAILURES_FORGOTTEN_MS, lockMs, SINGLE_FAILURE_FORGOTTEN_MS, type AttemptCounters, type Tally } from './counters';

/** Thrown inside the transaction to roll back the tallies already counted when a later one is locked. */
class Locked extends Error {
  constructor(readonly waitMs: number) {
    super('locked');
  }
}

/**
 * The counters in the database, for a server without Redis: one SQLite process, or PostgreSQL processes that
 * share nothing else. An attempt is one transaction over its tallies in a fixed order: each upsert counts unless
 * its row is locked (on PostgreSQL the row stays locked to other attempts until the commit), and a locked tally
 * rolls the others back, so a refused attempt counts nowhere.
 */
export class DbCounters implements AttemptCounters {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Deletes the counters that are over (the `counters.sweep` job, every SWEEP_EVERY_SECONDS); how many went. */
  sweep(): Promise<number> {
    const now = this.now();
    return deleteStaleCounters(this.db, now - FAILURES_FORGOTTEN_MS, now, now - SINGLE_FAILURE_FORGOTTEN_MS);
  }

  async attempt(tallies: readonly Tally[], token: string): Promise<number> {
    const now = this.now();
    const ordered = [...tallies].sort((a, b) => (a.key < b.key ? -1 : 1));
    try {
      await transact(this.db, async (trx) => {
        let wait = 0;
        for (const tally of ordered) {
          const row = await countAttempt(trx, tally.key, token, now, now - FAILURES_FORGOTTEN_MS, now - SINGLE_FAILURE_FORGOTTEN_MS);
          // Measured from when the lock is met, not from when this attempt began: on PostgreSQL it may have waited
          // for the row while the attempt that set the lock committed, and a wait longer than the lock is wrong.
          if (!row.counted) wait = Math.max(wait, 1, row.lockedUntil - this.now());
          const lock = lockMs(row.count, tally.free);
          if (row.counted && lock > 0) await lockCounter(trx, tally.key, now + lock, token);
        }
        // The longest of the locks met is the wait; what was counted meanwhile is rolled back.
        if (wait > 0) throw new Locked(wait);
      });
      return 0;
    } catch (err) {
      if (err instanceof Locked) return Math.max(1, err.waitMs);
      throw err;
    }
  }

  async succeeded(tallies: readonly Tally[], token: string): Promise<void> {
    await transact(this.db, async (trx) => {
      await forgetCounters(trx, tallies.filter((t) => t.onSuccess === 'forget').map((t) => t.key));
      await refundAttempt(trx, tallies.filter((t) => t.onSuccess === 'refund').map((t) => t.key), token);
    });
  }

  async hit(key: string, max: number, windowMs: number): Promise<number> {
    const { count, ttlMs } = await this.window(key, windowMs);
    return count > max ? ttlMs : 0;
  }

  /** One more hit on a window's counter: its count, and the ms the window has left. */
  async window(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const now = this.now();
    const { count, endsAt } = await transact(this.db, (trx) => countHit(trx, key, now, windowMs));
    return { count, ttlMs: Math.max(1, endsAt - now) };
  }

  /** Nothing to let go: the sweep is a job of the runner's (server/plugins/app/sweeps.ts). */
  async close(): Promise<void> {}
}
