import fp from 'fastify-plugin';
import { getSetting } from '../../../db/queries/settings';
import { PHOTOS_QUEUE, Retention, UNPAID_QUEUE } from '../../services/rights/retention';
import { RightsService } from '../../services/rights/service';
import { NoRecognizer } from '../../services/speech/recognizer';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    rights: RightsService;
    retention: Retention;
  }
}

/**
 * An applicant's rights (issue 44): their data as JSON and PDF, erasure, the AI consent; and retention, two daily
 * jobs (unpaid applications at 03:41 UTC, paid applications' photos at 03:47 UTC).
 */
export default fp(
  async (app, { config }: PluginOptions) => {
    // The voice's words go out with OpenAI speech or any transcription service, even with the built-in chat engine.
    const voiceOutside = app.speech.name !== 'espeak' || !(app.recognizer instanceof NoRecognizer);
    const outside = (chat: string | undefined) => (chat === 'voice' ? voiceOutside : app.ai.name !== 'builtin');
    const rights = new RightsService(app.db, { aiEngine: app.ai.name, retention: config.retention, outside }, async () => (await getSetting(app.db, 'branding')).brandName);
    app.decorate('rights', rights);
    const retention = new Retention(app.db, config.retention, app.log);
    app.decorate('retention', retention);
    app.jobs.work(UNPAID_QUEUE, async () => void (await retention.sweepUnpaid()), { retryLimit: 2, retryDelaySeconds: 60 });
    app.jobs.work(PHOTOS_QUEUE, async () => void (await retention.sweepPaidPhotos()), { retryLimit: 2, retryDelaySeconds: 60 });
    app.jobs.schedule(UNPAID_QUEUE, { cron: '41 3 * * *' });
    app.jobs.schedule(PHOTOS_QUEUE, { cron: '47 3 * * *' });
  },
  { name: 'rights', dependencies: ['db', 'ai', 'jobs', 'speech', 'recognizer'] },
);
