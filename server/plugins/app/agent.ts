import fp from 'fastify-plugin';
import { AgentService } from '../../services/ai/chats/agent';

declare module 'fastify' {
  interface FastifyInstance {
    agent: AgentService;
  }
}

/** The advanced chat agent. */
export default fp(
  async (app) => {
    app.decorate('agent', new AgentService(app.db, app.dialect, app.ai, app.leads));
  },
  { name: 'agent', dependencies: ['db', 'ai', 'leads'] },
);
