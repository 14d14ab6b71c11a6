import { Type, type Static } from 'typebox';

const Count = Type.Integer({ minimum: 0 });
const Time = Type.String({ description: 'ISO time' });

/** GET /api/admin/jobs: the job runner as it stands (server/services/jobs/). */
export const JobsOverviewSchema = Type.Object({
  engine: Type.Enum(['sqlite', 'pg-boss'], { description: "sqlite: one process works the app database's jobs table; pg-boss: every process shares PostgreSQL's queue" }),
  queues: Type.Array(
    Type.Object({
      name: Type.String(),
      schedule: Type.Union([Type.String(), Type.Null()], { description: 'How it recurs (every N s, or a cron line in UTC), or null' }),
      waiting: Type.Integer({ minimum: 0, description: 'Jobs due or waiting for their time, retries included' }),
      active: Type.Integer({ minimum: 0, description: 'Jobs running now' }),
      failed: Type.Integer({ minimum: 0, description: 'Jobs that failed every attempt, still on record' }),
    }),
  ),
  lastDay: Type.Array(
    Type.Object({ name: Type.String(), completed: Count, failed: Count, lastFinishedAt: Time }),
    { description: 'Runs that finished in the last 24 hours, by job' },
  ),
  recent: Type.Array(
    Type.Object({
      jobId: Type.String(),
      name: Type.String(),
      key: Type.Union([Type.String(), Type.Null()], { description: "The job's idempotency key (a tick of a recurring job: tick@<time>)" }),
      attempt: Type.Integer({ minimum: 1 }),
      worker: Type.String({ description: 'The process that ran it: host:pid' }),
      outcome: Type.Enum(['completed', 'failed']),
      error: Type.Union([Type.String(), Type.Null()]),
      startedAt: Time,
      finishedAt: Time,
    }),
    { description: 'The 50 latest runs, newest first' },
  ),
});
export type JobsOverviewDto = Static<typeof JobsOverviewSchema>;
