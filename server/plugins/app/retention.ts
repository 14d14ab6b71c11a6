import fp from 'fastify-plugin';
import { PHOTOS_QUEUE, Retention, UNPAID_QUEUE } from '../../services/rights/retention';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    retention: Retention;
  }
}

/** Retention (issue 44): two daily jobs, unpaid applications at 03:41 UTC and paid applications' photos at 03:47 UTC. */
export default fp(
  async (app, { config }: PluginOptions) => {
    const retention = new Retention(app.db, config.retention, app.log);
    app.decorate('retention', retention);
    app.jobs.work(UNPAID_QUEUE, async () => void (await retention.sweepUnpaid()), { retryLimit: 2, retryDelaySeconds: 60 });
    app.jobs.work(PHOTOS_QUEUE, async () => void (await retention.sweepPaidPhotos()), { retryLimit: 2, retryDelaySeconds: 60 });
    app.jobs.schedule(UNPAID_QUEUE, { cron: '41 3 * * *' });
    app.jobs.schedule(PHOTOS_QUEUE, { cron: '47 3 * * *' });
  },
  { name: 'retention', dependencies: ['db', 'jobs'] },
);
