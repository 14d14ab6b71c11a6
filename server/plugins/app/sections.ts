import fp from 'fastify-plugin';
import { SectionsService } from '../../services/ai/chats/sections';

declare module 'fastify' {
  interface FastifyInstance {
    sections: SectionsService;
  }
}

/** The chat that fills the DS-160 section by section. */
export default fp(
  async (app) => {
    app.decorate('sections', new SectionsService(app.db, app.dialect, app.ai, app.leads));
  },
  { name: 'sections', dependencies: ['db', 'ai', 'leads'] },
);
