import fp from 'fastify-plugin';
import { deleteExpiredSessions } from '../../../db/queries/sessions';
import { SWEEP_EVERY_SECONDS } from '../../services/guard/counters';
import { DbCounters } from '../../services/guard/dbCounters';

export const COUNTERS_SWEEP_QUEUE = 'counters.sweep';
export const SESSIONS_SWEEP_QUEUE = 'sessions.sweep';

/** The two sweeps, callable now (a test, an operator's script) as well as on their ticks. */
export interface Sweeps {
  counters: () => Promise<void>;
  /** `now` for a test that looks ahead; the job passes none. */
  sessions: (now?: number) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sweeps: Sweeps;
  }
}

/**
 * What would otherwise grow without bound (issue 41), swept as recurring jobs (one run a tick, however many
 * processes): the database's counters that are over (a day untouched, an hour for a single failure, an ended
 * window of the request limits' fallback) and expired sessions. With Redis the counters there expire by themselves.
 */
export default fp(
  async (app) => {
    const counters = new DbCounters(app.db);
    const sweeps: Sweeps = {
      counters: async () => void (await counters.sweep()),
      sessions: async (now = Date.now()) => void (await deleteExpiredSessions(app.db, now)),
    };
    app.decorate('sweeps', sweeps);
    app.jobs.work(COUNTERS_SWEEP_QUEUE, sweeps.counters, { retryLimit: 1, retryDelaySeconds: 30 });
    app.jobs.schedule(COUNTERS_SWEEP_QUEUE, { everySeconds: SWEEP_EVERY_SECONDS });
    app.jobs.work(SESSIONS_SWEEP_QUEUE, () => sweeps.sessions(), { retryLimit: 1, retryDelaySeconds: 30 });
    app.jobs.schedule(SESSIONS_SWEEP_QUEUE, { everySeconds: SWEEP_EVERY_SECONDS });
  },
  { name: 'sweeps', dependencies: ['db', 'jobs'] },
);
