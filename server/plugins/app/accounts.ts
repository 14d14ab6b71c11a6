import fp from 'fastify-plugin';
import { AccountService } from '../../services/accounts/service';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountService;
  }
}

/** Sign-up and sign-in of applicants and the admin, guarded by the shared attempt counters. */
export default fp(
  async (app) => {
    app.decorate('accounts', new AccountService(app.db, app.counters, (trx, user, language) => app.recovery.queueVerification(trx, user, language)));
  },
  { name: 'accounts', dependencies: ['db', 'shared', 'recovery'] },
);
