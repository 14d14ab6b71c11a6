import fp from 'fastify-plugin';
import { AuditLog } from '../../services/audit/service';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
  }
}

/** The audit log (issue 44): who viewed, exported or changed what; the database refuses to rewrite it. */
export default fp(
  async (app) => {
    app.decorate('audit', new AuditLog(app.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
