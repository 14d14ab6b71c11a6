import fp from 'fastify-plugin';
import { createWriter } from '../../services/premium/model';
import { PREPARATION, PREPARE_QUEUE } from '../../services/premium/preparation';
import { PremiumService } from '../../services/premium/service';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    premium: PremiumService;
  }
}

/** The Premium interview. Its reading and wording: a model when configured, always checked by the rule book's own reading. */
export default fp(
  async (app, { config }: PluginOptions) => {
    const settings = PREPARATION;
    const premium = new PremiumService(app.db, app.dialect, createWriter(config.openai, app.log), app.counters, undefined, settings, (interviewId, trx) =>
      // Runs once a claim could have gone stale: by then the preparation is normally done and the job ends at once.
      app.jobs.send(PREPARE_QUEUE, { interviewId }, { key: interviewId, startAfter: new Date(Date.now() + settings.staleMs), trx }),
    );
    app.decorate('premium', premium);
    // Another process holding it fresh: tried again after its claim would go stale.
    app.jobs.work<{ interviewId: string }>(
      PREPARE_QUEUE,
      async (job) => {
        if ((await premium.prepareById(job.data.interviewId)) === 'held') throw new Error('The preparation is held by another process');
      },
      { retryLimit: 5, retryDelaySeconds: Math.ceil(settings.staleMs / 1000), expireSeconds: Math.ceil(settings.budgetMs / 1000) * 3 },
    );
  },
  { name: 'premium', dependencies: ['db', 'shared', 'jobs'] },
);
