import fp from 'fastify-plugin';
import { deleteExpiredSessions } from '../../../db/queries/sessions';
import { SWEEP_EVERY_SECONDS } from '../../services/guard/counters';
import { DbCounters } from '../../services/guard/dbCounters';

export const COUNTERS_SWEEP_QUEUE = 'counters.sweep';
export const SESSIONS_SWEEP_QUEUE = 'sessions.sweep';

/**
 * What would otherwise grow without bound (issue 41), swept as recurring jobs (one run a tick, however many
 * processes): the database's counters that are over (a day untouched, an hour for a single failure, an ended
 * window of the request limits' fallback) and expired sessions. With Redis the counters there expire by themselves.
 */
export default fp(
  async (app) => {
    const counters = new DbCounters(app.db);
    app.jobs.work(COUNTERS_SWEEP_QUEUE, async () => void (await counters.sweep()), { retryLimit: 1, retryDelaySeconds: 30 });
    app.jobs.schedule(COUNTERS_SWEEP_QUEUE, { everySeconds: SWEEP_EVERY_SECONDS });
    app.jobs.work(SESSIONS_SWEEP_QUEUE, async () => void (await deleteExpiredSessions(app.db, Date.now())), { retryLimit: 1, retryDelaySeconds: 30 });
    app.jobs.schedule(SESSIONS_SWEEP_QUEUE, { everySeconds: SWEEP_EVERY_SECONDS });
  },
  { name: 'sweeps', dependencies: ['db', 'jobs'] },
);
