import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordPageViews } from '../../openapi/routes/analytics';
import type { Config } from '../config';
import { cookieValue } from '../lib/cookies';
import { fromContract, perMinute } from '../lib/route';

export const VISITOR_COOKIE = 'rumbo.vid';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * First-party page views (docs/DECISIONS.md): no session, only a random visitor cookie scoped to this one route, so
 * it travels with nothing else and says nothing about the person.
 */
const analytics: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, opts) => {
  const secure = opts.config.publicUrl?.startsWith('https://') ? '; Secure' : '';
  app.route({
    ...fromContract(recordPageViews),
    // A browser sends a batch every few seconds at most and one on leaving; an office or a mobile network puts
    // many browsers behind one address, so the limit per address is generous.
    config: perMinute(300),
    handler: async (request, reply) => {
      const visitor = app.analytics.visitorId(cookieValue(request.headers.cookie, VISITOR_COOKIE));
      await app.analytics.record(visitor.id, request.body);
      if (visitor.isNew) {
        reply.header('set-cookie', `${VISITOR_COOKIE}=${visitor.id}; Path=/api/analytics; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`);
      }
      return reply.status(204).send(null);
    },
  });
};

export default analytics;
