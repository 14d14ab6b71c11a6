import fp from 'fastify-plugin';
import { AccountRecovery } from '../../services/accounts/recovery';

declare module 'fastify' {
  interface FastifyInstance {
    recovery: AccountRecovery;
  }
}

/** Back into an account by e-mail (issue 43): reset links, sign-in links, verified addresses. */
export default fp(
  async (app) => {
    app.decorate('recovery', new AccountRecovery(app.db, app.outbox, app.counters));
  },
  { name: 'recovery', dependencies: ['db', 'shared', 'outbox'] },
);
