import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContract } from '../../openapi/contract';

/**
 * The Fastify side of a route contract: method, URL and the schema Fastify validates and serializes with
 * (and documents in openapi.json). Spread it into `app.route({ ...fromContract(c), handler })`.
 */
export function fromContract<const C extends RouteContract>(contract: C) {
  const { method, url, tags, summary, params, querystring, body, responses } = contract;
  return {
    method,
    url,
    schema: {
      tags: [...tags],
      summary,
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response: responses,
    } as {
      tags: string[];
      summary: string;
      params: C['params'];
      querystring: C['querystring'];
      body: C['body'];
      response: C['responses'];
    },
  };
}

/**
 * Not counted against the client's limit: a read answered from memory costs less than the counting (the limiter's
 * lookup and the client address it parses were a tenth of such a request, issue 16), so refusing it saves nothing.
 */
export const NOT_LIMITED = { rateLimit: false } as const;

/** A route's own limit per client address, each minute. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A chat route: counted against its address's chat limit (server/plugins/external/security.ts) too. */
    chatPerAddress?: boolean;
  }
}

/**
 * A chat's limit per browser session rather than per address (issue 13): people behind one office or mobile
 * network share an address, not a conversation. Counted once the session is known.
 */
export const perSessionPerMinute = (max: number) => ({
  // And per address, all chats together (issue 41): sessions are free, so a session's limit alone bounds nothing.
  chatPerAddress: true,
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: { owner: () => { ownerToken: string } }) => `session:${request.owner().ownerToken}`,
  },
});

/**
 * Who the client is for the attempt counters, as for the request limits: its address (the one the trusted proxy
 * saw), an IPv6 one as its /64, since one home or phone holds the whole block and would otherwise have endless
 * addresses to guess from.
 */
export const clientOf = (request: FastifyRequest): string => normalizeIP(request.ip);

/**
 * An answer that may be "nothing yet" (no pre-assessment, no conversation begun in this browser): 204, a state the
 * page shows, not a failure a browser logs.
 */
export function orNoContent<T>(reply: FastifyReply, answer: T | null) {
  return answer ?? reply.status(204).send(null);
}
