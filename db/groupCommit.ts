import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What runs once the transaction a piece of work is in has committed (see `afterCommit`). */
const committed = new AsyncLocalStorage<Array<() => void>>();

/**
 * Runs `then` once the transaction this call is made in has committed, and never if it rolls back: a job queued in
 * an event's transaction wakes its worker in this process at once, rather than at the next poll (issue 43's
 * five seconds). Outside `transact` (a write already committed) it runs at once. `then` must not throw.
 */
export function afterCommit(then: () => void): void {
  const pending = committed.getStore();
  if (pending) pending.push(then);
  else then();
}

/** Runs `work` with its own after-commit list, which the caller runs only once `work`'s transaction committed. */
function withAfterCommit<T>(work: () => Promise<T>): { done: Promise<T>; run: () => void } {
  const pending: Array<() => void> = [];
  return {
    done: committed.run(pending, async () => work()),
    run: () => {
      for (const then of pending.splice(0)) then();
    },
  };
}

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Enough to share one disk flush widely, few enough that a batch does not hold the database for long. */
const MAX_BATCH = 64;

/**
 * Group commit for SQLite. Each commit waits for the disk (synchronous=FULL), and SQLite has one writer, so under
 * load every write transaction queued behind another one's flush: 0.6-0.9 ms of a new lead's 2 ms here (issue 16).
 * Work that arrives while a commit is under way waits for the next one and shares it: each piece of work runs in a
 * savepoint of one transaction (one that fails is rolled back alone and rejects alone), and none is resolved before
 * the commit that holds it is on disk, so nothing is acknowledged that a crash could lose. With nothing else
 * waiting, a piece of work is committed at once, as before.
 *
 * The work must only use the transaction it is given: anything else it waits for holds up the whole batch.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Started after the event loop has handled the requests that arrived with this one: better-sqlite3 is
      // synchronous, so a commit started at once would run to its end before any of them could join it.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  private async commit(batch: Job[]): Promise<void> {
    const settled: Array<() => void> = [];
    let trx;
    try {
      trx = await this.db.startTransaction().execute();
      for (const job of batch) {
        const inSavepoint = await trx.savepoint('work').execute();
        const work = withAfterCommit(() => job.work(inSavepoint));
        try {
          const value = await work.done;
          await inSavepoint.releaseSavepoint('work').execute();
          settled.push(() => {
            work.run();
            job.resolve(value);
          });
        } catch (error) {
          await inSavepoint.rollbackToSavepoint('work').execute();
          await inSavepoint.releaseSavepoint('work').execute();
          settled.push(() => job.reject(error));
        }
      }
      await trx.commit().execute();
      for (const settle of settled) settle();
    } catch (error) {
      // The transaction itself failed (the commit, or a savepoint SQLite could not roll back): nothing in it is
      // saved, and every piece of work hears so.
      if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => {});
      for (const job of batch) job.reject(error);
    }
  }
}

const groupCommits = new WeakMap<Kysely<Database>, GroupCommit>();

/** Makes the database's write transactions share commits (SQLite only: PostgreSQL runs them side by side). */
export function useGroupCommit(db: Kysely<Database>): Kysely<Database> {
  groupCommits.set(db, new GroupCommit(db));
  return db;
}

/**
 * A write transaction: all of `work` is saved or none of it, and the promise settles once it is on disk. Services
 * call this instead of `db.transaction()`, so SQLite can share the commit with other requests' transactions.
 */
export function transact<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  const grouped = groupCommits.get(db);
  if (grouped) return grouped.run(work);
  return (async () => {
    const inTransaction = withAfterCommit(() => db.transaction().execute(work));
    const value = await inTransaction.done;
    inTransaction.run();
    return value;
  })();
}
