import type { Executor } from '../../../db/index';
import { afterCommit, transact } from '../../../db/groupCommit';
import { claimNextJob, deleteFinishedJobs, finishJob, insertJob, jobStateCounts, nextDueAt, retryAbandonedJobs } from '../../../db/queries/jobs';
import type { JobRow } from '../../../db/schema';
import { BaseRunner, DAY_MS, KEEP_DAYS, type Queue } from './runner';

/** How often the queue is looked at when nothing woke it (a job sent by this process wakes it when it commits). */
const POLL_MS = 1000;

/**
 * Growing back-off: the n-th retry waits between d·2^(n-1) and d·2^n seconds (d the queue's delay), as pg-boss
 * waits on PostgreSQL; the jitter keeps retries of jobs that failed together from arriving together.
 */
export function retryDelayMs(delaySeconds: number, failedAttempt: number, random: () => number = Math.random): number {
  const base = delaySeconds * 1000 * 2 ** Math.min(16, failedAttempt - 1);
  return Math.round(base * (1 + random()));
}

/**
 * SQLite's runner: one process runs the queue, a table in the app's own database, so a job sent inside a caller's
 * transaction is committed with it. One job at a time: SQLite has one writer, and the jobs so far are short.
 */
export class SqliteRunner extends BaseRunner {
  readonly engine = 'sqlite' as const;
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (ms since the epoch). */
  private lookAt = 0;
  private draining: Promise<void> | undefined;

  protected async open(): Promise<void> {
    const abandoned = await retryAbandonedJobs(this.db, new Date().toISOString());
    if (abandoned) this.log.warn({ abandoned }, 'jobs left running by a stopped process will run again');
  }

  protected async startWorkers(): Promise<void> {
    this.look();
  }

  protected async stopEngine(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // The job running now finishes; no other starts.
    await this.draining;
  }

  protected async insert(queue: Queue, job: { id: string; key: string | null; data: object; startAfter: Date }, trx: Executor | undefined): Promise<boolean> {
    const now = new Date().toISOString();
    const row = {
      id: job.id,
      name: queue.name,
      key: job.key,
      data: JSON.stringify(job.data),
      state: 'created' as const,
      attempts: 0,
      retry_limit: queue.retryLimit,
      retry_delay_seconds: queue.retryDelaySeconds,
      start_after: job.startAfter.toISOString(),
      started_at: null,
      finished_at: null,
      last_error: null,
      created_at: now,
    };
    const inserted = trx ? await insertJob(trx, row) : await transact(this.db, (t) => insertJob(t, row));
    // Looked at once it is committed (the caller's transaction, when given one): the poll is only the fallback.
    if (inserted) afterCommit(() => this.wake(Math.max(0, job.startAfter.getTime() - Date.now())));
    return inserted;
  }

  protected async stateCounts() {
    return jobStateCounts(this.db);
  }

  protected override async prune(): Promise<void> {
    await super.prune();
    const jobs = await deleteFinishedJobs(this.db, new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString());
    this.log.info({ jobs }, 'finished jobs deleted');
  }

  /** Looks at the queue in `ms` (at most POLL_MS from now), unless a look is due sooner already. */
  private wake(ms: number): void {
    if (this.stopping) return;
    const at = Date.now() + Math.min(Math.max(0, ms), POLL_MS);
    if (this.timer && at >= this.lookAt) return;
    clearTimeout(this.timer);
    this.lookAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.look();
    }, at - Date.now());
    this.timer.unref();
  }

  /**
   * Runs every due job, one at a time, then sleeps until the next is due. Only reads until a job is due: a look
   * that finds nothing writes nothing. A look while one runs is left to it (it reads the queue again after each job).
   */
  private look(): void {
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  private async drain(): Promise<void> {
    const names = [...this.queues.keys()];
    try {
      while (!this.stopping) {
        const due = await nextDueAt(this.db, names);
        const wait = due === undefined ? POLL_MS : Date.parse(due) - Date.now();
        if (wait > 0) return this.wake(wait);
        const job = await transact(this.db, (trx) => claimNextJob(trx, names, new Date().toISOString()));
        if (job) await this.attempt(job);
      }
    } catch (err) {
      this.log.error({ err }, 'could not read the job queue');
      this.wake(POLL_MS);
    }
  }

  private async attempt(job: JobRow): Promise<void> {
    const queue = this.declared(job.name);
    let outcome: Parameters<typeof finishJob>[2];
    try {
      await this.run(queue, { id: job.id, name: job.name, key: job.key, data: JSON.parse(job.data), attempt: job.attempts });
      outcome = { state: 'completed', at: new Date().toISOString(), error: null };
    } catch (err) {
      const at = new Date();
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      outcome =
        job.attempts <= job.retry_limit
          ? { state: 'retry', at: at.toISOString(), error, startAfter: new Date(at.getTime() + retryDelayMs(job.retry_delay_seconds, job.attempts)).toISOString() }
          : { state: 'failed', at: at.toISOString(), error };
    }
    // Recorded even through a database that is locked or failing for a while: a job left `active` would run again
    // only at the next start, and a retry it owes (a message the mail server refused for now) would wait for that.
    // A stopping server leaves it to that start (retryAbandonedJobs).
    for (let wait = 100; ; wait = Math.min(5_000, wait * 2)) {
      try {
        await transact(this.db, (trx) => finishJob(trx, job.id, outcome));
        return;
      } catch (err) {
        this.log.error({ err, job: job.name }, 'could not record a job outcome');
        if (this.stopping) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}
