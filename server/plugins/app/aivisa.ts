import fp from 'fastify-plugin';
import { AivisaService } from '../../services/ai/chats/aivisa';

declare module 'fastify' {
  interface FastifyInstance {
    aivisa: AivisaService;
  }
}

/** The AI visa chat (/aivisa). */
export default fp(
  async (app) => {
    app.decorate('aivisa', new AivisaService(app.db, app.dialect, app.ai, app.leads));
  },
  { name: 'aivisa', dependencies: ['db', 'ai', 'leads'] },
);
