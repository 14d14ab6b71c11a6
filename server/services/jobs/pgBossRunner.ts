import { CompiledQuery, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../../db/groupCommit';
import { pgApplicationName, type Db, type Executor } from '../../../db/index';
import { BaseRunner, DAY_MS, KEEP_DAYS, type Queue } from './runner';

export interface PgBossOptions {
  connectionString: string;
  /** pg-boss's own schema, beside the app's (made on first start). */
  schema: string;
  /** The app's schema, which names its connections beside the app's own (pg_stat_activity). */
  appSchema?: string | undefined;
  /** How often each queue is looked at for due jobs (pg-boss's least is half a second). */
  pollingSeconds?: number;
  /**
   * How often pg-boss's upkeep runs (one process at a time): it makes a job whose lease (`expireSeconds`) ran out
   * due again, so a job a dead process held runs again within its lease and this. pg-boss's default, 120 s.
   */
  superviseSeconds?: number;
}

/** Jobs one worker takes at a look. */
const BATCH = 10;

/** pg-boss runs its statements through this: over the caller's Kysely transaction, so a job commits with it. */
function inTransaction(trx: Executor): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] }) };
}

/**
 * PostgreSQL's runner: pg-boss (its queue in its own schema), so several server processes share the work and each
 * job runs once (SKIP LOCKED); retries with growing back-off, and a job whose process died is taken up again when
 * its `expireSeconds` pass. Jobs are sent through the caller's transaction when given one (pg-boss's `db` option
 * over the Kysely transaction), the same connection the caller's writes use.
 */
export class PgBossRunner extends BaseRunner {
  readonly engine = 'pg-boss' as const;
  private boss: PgBoss | undefined;
  /** This process's worker of each queue, woken when a job of it is sent from here. */
  private readonly workers = new Map<string, string>();
  /** Batches handed to this process's handlers and not yet done. */
  private batches = 0;

  constructor(
    db: Db,
    log: FastifyBaseLogger,
    private readonly options: PgBossOptions,
  ) {
    super(db, log);
  }

  protected async open(): Promise<void> {
    // Loaded only on PostgreSQL, as pg is.
    const { default: PgBossClass } = await import('pg-boss');
    const boss = new PgBossClass({
      connectionString: this.options.connectionString,
      schema: this.options.schema,
      application_name: pgApplicationName(this.options.appSchema, 'rumbo-jobs'),
      // Polling connections and the upkeep's; the app's own pool is separate.
      max: 4,
      // Recurring jobs are made by our clocks (one per tick, by key), not pg-boss's minute-grained cron.
      schedule: false,
      maintenanceIntervalSeconds: this.options.superviseSeconds ?? 120,
      // Kept as long as SQLite keeps them, so a key means the same on both engines.
      archiveCompletedAfterSeconds: KEEP_DAYS * DAY_MS / 1000,
      deleteAfterDays: KEEP_DAYS,
    });
    boss.on('error', (err) => this.log.error({ err }, 'pg-boss'));
    await boss.start();
    this.boss = boss;
    await this.oneAtATime(async () => {
      for (const queue of this.queues.values()) {
        const options = { name: queue.name, retryLimit: queue.retryLimit, retryDelay: queue.retryDelaySeconds, retryBackoff: true, expireInSeconds: queue.expireSeconds };
        await boss.createQueue(queue.name, options);
        // A queue made by an older release keeps its row: its options follow the code.
        await boss.updateQueue(queue.name, options);
      }
    });
  }

  protected async startWorkers(): Promise<void> {
    const boss = this.boss as PgBoss;
    for (const queue of this.queues.values()) {
      // A worker takes up to BATCH due jobs a look and runs them one after another: pg-boss looks again only after
      // its polling interval, so one job a look would run one job a second per process. A job that fails is failed
      // alone (and retried); pg-boss completes the rest when the batch returns.
      const worker = await boss.work<object>(queue.name, { batchSize: BATCH, includeMetadata: true, pollingIntervalSeconds: this.options.pollingSeconds ?? 1 }, async (jobs) => {
        this.batches += 1;
        try {
          await this.runBatch(boss, queue, jobs);
        } finally {
          this.batches -= 1;
        }
      });
      this.workers.set(queue.name, worker);
    }
  }

  /** One batch, each job run and, if it fails, failed alone. */
  private async runBatch(boss: PgBoss, queue: Queue, jobs: Array<PgBoss.JobWithMetadata<object>>): Promise<void> {
    for (const job of jobs) {
      try {
        await this.run(queue, { id: job.id, name: job.name, key: keyOf(job), data: job.data, attempt: job.retryCount + 1 });
      } catch (err) {
        // Not thrown on: pg-boss would fail the whole batch, the jobs that ran with it too.
        await boss.fail(queue.name, job.id, { message: err instanceof Error ? err.message : String(err) }).catch((failed: unknown) =>
          this.log.error({ err: failed, job: queue.name }, 'could not record a failed job attempt'),
        );
      }
    }
  }

  /**
   * Processes starting together would make the same queue at once, and pg-boss's create_queue (a row, then a
   * partition attached to the job table) deadlocks against itself: one process at a time, under an advisory lock
   * held on one of the app's connections while pg-boss works on its own.
   */
  private async oneAtATime(work: () => Promise<void>): Promise<void> {
    const lock = `rumbo-jobs:${this.options.schema}`;
    await this.db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(hashtext(${lock}))`.execute(connection);
      try {
        await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${lock}))`.execute(connection);
      }
    });
  }

  protected async stopEngine(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    // Running handlers finish (up to 20 s); no new job is fetched.
    await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: false });
    // pg-boss's stop does not wait for a fetch under way: its batch (jobs already marked active) reaches the handlers
    // after the stop, and a pool closed by then drops their outcome silently (pg-boss writes nothing once closed),
    // leaving the jobs active until their lease runs out (a message two to four minutes late). The pool stays open
    // until no query is under way and no batch is in hand (at most 5 s more), then closes.
    const db = boss.getDb() as unknown as { pool?: { totalCount: number; idleCount: number; waitingCount: number }; close?: () => Promise<void> };
    const busy = () => this.batches > 0 || (db.pool !== undefined && (db.pool.totalCount > db.pool.idleCount || db.pool.waitingCount > 0));
    for (const deadline = Date.now() + 5_000; busy() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 25));
    await db.close?.();
    this.boss = undefined;
    this.workers.clear();
  }

  protected async insert(queue: Queue, job: { id: string; key: string | null; data: object; startAfter: Date }, trx: Executor | undefined): Promise<boolean> {
    const boss = this.boss as PgBoss;
    const id = await boss.send(queue.name, { ...job.data, ...(job.key ? { [KEY_FIELD]: job.key } : {}) }, {
      id: job.id,
      startAfter: job.startAfter,
      ...(trx ? { db: inTransaction(trx) } : {}),
    });
    // A job due now is fetched by this process's worker as soon as it is committed, not at its next poll (other
    // processes still poll: the job is theirs too if they are first).
    const worker = this.workers.get(queue.name);
    if (id !== null && worker && job.startAfter.getTime() <= Date.now()) afterCommit(() => this.boss?.notifyWorker(worker));
    return id !== null;
  }

  protected async stateCounts() {
    const boss = this.boss;
    if (!boss) return [];
    const { rows } = await boss.getDb().executeSql(`SELECT name, state, count(*)::int AS count FROM ${this.options.schema}.job GROUP BY name, state`, []);
    return rows as Array<{ name: string; state: string; count: number }>;
  }
}

/** pg-boss has no field for our key (its singleton key means something else), so it travels in the data. */
const KEY_FIELD = '__key';

function keyOf(job: PgBoss.JobWithMetadata<object>): string | null {
  const data = job.data as Record<string, unknown> | null;
  const key = data?.[KEY_FIELD];
  if (data && KEY_FIELD in data) delete data[KEY_FIELD];
  return typeof key === 'string' ? key : null;
}
