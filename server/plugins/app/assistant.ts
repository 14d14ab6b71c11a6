import fp from 'fastify-plugin';
import { AssistantService } from '../../services/ai/assistant';

declare module 'fastify' {
  interface FastifyInstance {
    assistant: AssistantService;
  }
}

/** The AI assistant that interviews an applicant and fills their application. */
export default fp(
  async (app) => {
    app.decorate('assistant', new AssistantService(app.db, app.dialect, app.ai, app.leads));
  },
  { name: 'assistant', dependencies: ['db', 'ai', 'leads'] },
);
