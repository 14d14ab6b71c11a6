import fp from 'fastify-plugin';
import { getSetting } from '../../../db/queries/settings';
import { RightsService } from '../../services/rights/service';
import { NoRecognizer } from '../../services/speech/recognizer';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    rights: RightsService;
  }
}

/** An applicant's rights (issue 44): their data as JSON and PDF, erasure, the AI consent. Retention is its own room. */
export default fp(
  async (app, { config }: PluginOptions) => {
    // The voice's words go out with OpenAI speech or any transcription service, even with the built-in chat engine.
    const voiceOutside = app.speech.name !== 'espeak' || !(app.recognizer instanceof NoRecognizer);
    const outside = (chat: string | undefined) => (chat === 'voice' ? voiceOutside : app.ai.name !== 'builtin');
    const rights = new RightsService(app.db, { aiEngine: app.ai.name, retention: config.retention, outside }, async () => (await getSetting(app.db, 'branding')).brandName);
    app.decorate('rights', rights);
  },
  { name: 'rights', dependencies: ['db', 'ai', 'jobs', 'speech', 'recognizer'] },
);
