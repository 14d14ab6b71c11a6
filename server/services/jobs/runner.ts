import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../../db/index';
import { deleteRunsBefore, recentRuns, recordRun, runCounts } from '../../../db/queries/jobs';
import type { JobRunRow } from '../../../db/schema';
import { checkSchedule, startClock, tickKey, type Schedule } from './clock';

export type { Schedule } from './clock';

/** What a handler is given: the job's data and which attempt this is (1, then 2 for the first retry …). */
export interface Job<T> {
  id: string;
  name: string;
  key: string | null;
  data: T;
  attempt: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;


export interface QueueOptions {
  /** Retries after the first attempt fails (default 3); then the job is failed and stays on record. */
  retryLimit?: number;
  /** Seconds before the first retry; each next one waits twice as long, with jitter (default 5). */
  retryDelaySeconds?: number;
  /**
   * How long an attempt may run before it is taken for dead (its process killed) and tried again elsewhere
   * (PostgreSQL; default 300). A handler that may run longer says so here, or it could run twice.
   */
  expireSeconds?: number;
}

export interface SendOptions {
  /**
   * The idempotency key: a job of this name and key is made once while it is kept (waiting, running, or finished
   * within the last KEEP_DAYS days); sending it again answers null. An event's own key (an order id, a message id)
   * makes "send on every retry of the request" safe.
   */
  key?: string;
  /** Not before then. */
  startAfter?: Date;
  /**
   * The caller's transaction: the job is written in it, so it exists exactly when the caller's own writes commit
   * (a transactional outbox without a second table). On SQLite and PostgreSQL alike.
   */
  trx?: Executor;
}

/** One name of work: its handler, how it retries, and its schedule if it recurs. */
export interface QueueInfo {
  name: string;
  schedule: Schedule | null;
}

export interface JobsOverview {
  engine: 'sqlite' | 'pg-boss';
  queues: Array<{ name: string; schedule: string | null; waiting: number; active: number; failed: number }>;
  /** Runs in the last day, by name. */
  lastDay: Array<{ name: string; completed: number; failed: number; lastFinishedAt: string }>;
  recent: JobRunRow[];
}

/**
 * The one interface the app uses for work that happens later (docs/DESIGN.md, "Jobs"). Handlers and schedules are
 * declared while the app is built (each plugin declares its own), the runner starts once the app is ready and
 * stops, letting running handlers finish, when it closes.
 */
export interface JobRunner {
  readonly engine: JobsOverview['engine'];
  /** Declares a queue and its handler. Every process declares the same ones, and any of them may run a job. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** A recurring job of a declared queue: one job a tick, whatever the number of processes. */
  schedule(name: string, schedule: Schedule, data?: object): void;
  /** Enqueues a job of a declared queue; its id, or null when its key was already used. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
  overview(): Promise<JobsOverview>;
}

/** How long finished jobs (and their keys) and runs are kept. */
export const KEEP_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** The runner's own upkeep: runs older than KEEP_DAYS are deleted once a day (and SQLite's finished jobs). */
export const PRUNE_QUEUE = 'jobs.prune';

export interface Queue {
  name: string;
  handler: JobHandler<object>;
  retryLimit: number;
  retryDelaySeconds: number;
  expireSeconds: number;
  schedule: { schedule: Schedule; data: object } | null;
}

/**
 * A job's id: random, or derived from its name and key so that every process making the same keyed job makes
 * the same row (PostgreSQL: the primary key refuses the second; SQLite: the unique key does too).
 */
export function jobId(name: string, key: string | undefined): string {
  if (key === undefined) return randomUUID();
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const WORKER = `${os.hostname()}:${process.pid}`;

/** What both engines share: declarations, the clocks of recurring jobs, the record of runs, the overview. */
export abstract class BaseRunner implements JobRunner {
  abstract readonly engine: JobsOverview['engine'];
  protected readonly queues = new Map<string, Queue>();
  private clocks: Array<() => void> = [];
  protected started = false;
  protected stopping = false;

  constructor(
    protected readonly db: Db,
    protected readonly log: FastifyBaseLogger,
  ) {
    this.work(PRUNE_QUEUE, () => this.prune(), { retryLimit: 2, retryDelaySeconds: 60 });
    this.schedule(PRUNE_QUEUE, { cron: '17 3 * * *' });
  }

  work<T extends object>(name: string, handler: JobHandler<T>, options: QueueOptions = {}): void {
    if (this.started) throw new Error(`job queue ${name}: declare queues before the runner starts`);
    if (this.queues.has(name)) throw new Error(`job queue ${name} is declared twice`);
    if (!/^[\w.-]{1,100}$/.test(name)) throw new Error(`job queue ${JSON.stringify(name)}: letters, digits and _ . - only`);
    this.queues.set(name, {
      name,
      handler: handler as JobHandler<object>,
      retryLimit: options.retryLimit ?? 3,
      retryDelaySeconds: options.retryDelaySeconds ?? 5,
      expireSeconds: options.expireSeconds ?? 300,
      schedule: null,
    });
  }

  schedule(name: string, schedule: Schedule, data: object = {}): void {
    const queue = this.declared(name);
    if (this.started) throw new Error(`job queue ${name}: schedule it before the runner starts`);
    checkSchedule(schedule);
    queue.schedule = { schedule, data };
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    const queue = this.declared(name);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error(`job queue ${name}: data must be an object`);
    if (!this.started) throw new Error(`job queue ${name}: the runner has not started`);
    const id = jobId(name, options.key);
    const inserted = await this.insert(queue, { id, key: options.key ?? null, data, startAfter: options.startAfter ?? new Date() }, options.trx);
    return inserted ? id : null;
  }

  async start(): Promise<void> {
    if (this.started) return;
    // Sends are taken once the engine is open, before any handler runs: a handler may send.
    await this.open();
    this.started = true;
    await this.startWorkers();
    for (const queue of this.queues.values()) {
      if (!queue.schedule) continue;
      const { schedule, data } = queue.schedule;
      this.clocks.push(
        startClock(schedule, async (tick) => {
          try {
            await this.send(queue.name, data, { key: tickKey(tick), startAfter: new Date(tick) });
          } catch (err) {
            this.log.error({ err, job: queue.name }, 'could not enqueue a scheduled job');
          }
        }),
      );
    }
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    for (const stopClock of this.clocks) stopClock();
    this.clocks = [];
    await this.stopEngine();
    this.started = false;
    this.stopping = false;
  }

  async overview(): Promise<JobsOverview> {
    const since = new Date(Date.now() - DAY_MS).toISOString();
    const [states, counts, recent] = await Promise.all([this.stateCounts(), runCounts(this.db, since), recentRuns(this.db, 50)]);
    const queues = [...this.queues.values()].map((q) => {
      const of = (state: string) => states.filter((s) => s.name === q.name && s.state === state).reduce((sum, s) => sum + s.count, 0);
      return {
        name: q.name,
        schedule: q.schedule ? describeSchedule(q.schedule.schedule) : null,
        waiting: of('created') + of('retry'),
        active: of('active'),
        failed: of('failed'),
      };
    });
    const names = [...new Set(counts.map((c) => c.name))];
    const lastDay = names.map((name) => {
      const of = (outcome: string) => counts.find((c) => c.name === name && c.outcome === outcome);
      const last = counts.filter((c) => c.name === name).map((c) => c.last);
      return { name, completed: of('completed')?.count ?? 0, failed: of('failed')?.count ?? 0, lastFinishedAt: last.sort().at(-1) as string };
    });
    return { engine: this.engine, queues, lastDay, recent };
  }

  /** Runs one attempt of a job and records it; a handler that throws fails the attempt (the engine retries it). */
  protected async run(queue: Queue, job: Job<object>): Promise<void> {
    const startedAt = new Date().toISOString();
    let error: unknown;
    try {
      await queue.handler(job);
    } catch (err) {
      error = err;
    }
    const record: JobRunRow = {
      id: randomUUID(),
      job_id: job.id,
      name: job.name,
      key: job.key,
      attempt: job.attempt,
      worker: WORKER,
      outcome: error === undefined ? 'completed' : 'failed',
      error: error === undefined ? null : errorText(error),
      started_at: startedAt,
      finished_at: new Date().toISOString(),
    };
    // The record is for people and tests; failing to write it must not run the job again.
    await recordRun(this.db, record).catch((err: unknown) => this.log.error({ err, job: job.name }, 'could not record a job run'));
    if (error !== undefined) {
      this.log.warn({ err: error, job: job.name, attempt: job.attempt }, 'job attempt failed');
      throw error;
    }
  }

  protected declared(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`job queue ${name} is not declared (runner.work) in this process`);
    return queue;
  }

  protected async prune(): Promise<void> {
    const before = new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString();
    const runs = await deleteRunsBefore(this.db, before);
    this.log.info({ runs }, 'old job runs deleted');
  }

  /** Makes the engine ready to take jobs (its tables, its queues). */
  protected abstract open(): Promise<void>;
  /** Starts working the declared queues. */
  protected abstract startWorkers(): Promise<void>;
  /** Lets running handlers finish, starts no other, and closes the engine. */
  protected abstract stopEngine(): Promise<void>;
  protected abstract insert(queue: Queue, job: { id: string; key: string | null; data: object; startAfter: Date }, trx: Executor | undefined): Promise<boolean>;
  protected abstract stateCounts(): Promise<Array<{ name: string; state: string; count: number }>>;
}

function describeSchedule(schedule: Schedule): string {
  return 'everySeconds' in schedule ? `every ${schedule.everySeconds} s` : `cron ${schedule.cron} (UTC)`;
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 2000);
}
