import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { guestLogin, logout, me, signup, userLogin } from '../../openapi/routes/auth';
import { toAccount } from '../services/accounts/service';
import { clientOf, fromContract, perMinute } from '../lib/route';
import { signIn } from './signIn';
import { requestLanguage } from '../plugins/prerendered';


const auth: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(signup),
    config: perMinute(5),
    handler: async (request, reply) => {
      const user = await app.accounts.signup(request.body.email, request.body.password, requestLanguage(request));
      return reply.status(201).send(await signIn(request, user));
    },
  });

  app.route({
    ...fromContract(userLogin),
    config: perMinute(10),
    handler: async (request) => signIn(request, await app.accounts.login(request.body.email, request.body.password, clientOf(request))),
  });

  app.route({
    ...fromContract(guestLogin),
    config: perMinute(10),
    handler: async (request) => signIn(request, await app.accounts.guest(request.body.email)),
  });

  app.route({
    ...fromContract(me),
    handler: async (request) => {
      const id = request.session.userId;
      const user = id ? await app.accounts.find(id) : undefined;
      return { user: user ? toAccount(user) : null };
    },
  });

  app.route({
    ...fromContract(logout),
    handler: async (request, reply) => {
      if (request.session.sessionId && (request.session.userId || request.session.ownerToken)) await request.session.destroy();
      return reply.status(204).send(null);
    },
  });
};

export default auth;
