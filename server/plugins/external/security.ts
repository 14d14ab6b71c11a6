import helmet, { type HelmetOptions } from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { nulCharacterAt } from '../../lib/controlCharacters';
import { oneFileLimits, UPLOAD_LIMIT_BYTES } from '../../lib/multipart';
import { Problem, shape } from '../../lib/problems';
import { clientOf } from '../../lib/route';

const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets style properties through the CSSOM, which style-src does not restrict.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * What an API answer needs (OWASP's REST guidance): it is never a page, so nothing may load in it or frame it, and
 * it is not sniffed into one. Half the bytes of the documents' set, on the app's most frequent answers (issue 16);
 * transport, referrer and resource policies are the documents' own.
 */
function apiHeaders(documents: Record<string, string>): Record<string, string> {
  const kept = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy'];
  return {
    ...Object.fromEntries(kept.map((name) => [name, documents[name] as string])),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
}

/**
 * A built script or style needs only these two: the policies govern documents, and the landing page fetches two
 * dozen files that each carried a kilobyte of them (issue 16).
 */
const ASSET_HEADERS: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };

/**
 * Helmet's headers, worked out once: its middleware builds the policy again for every response (for nonces, which
 * this app does not use), a twelfth of a small request's time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

export default fp(
  async (app, opts: { config: Config }) => {
    const headers = securityHeaders(HELMET);
    const api = apiHeaders(headers);
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      reply.headers(url.startsWith('/api/') ? api : url.startsWith('/assets/') ? ASSET_HEADERS : headers);
      done();
    });
    await app.register(rateLimit, {
      // With REDIS_URL every process counts in Redis (in the database while Redis is away), so N processes allow what
      // one does; otherwise in memory. Should the database fail as well, the request goes on (and meets the outage).
      ...(app.rateStore ? { store: app.rateStore, skipOnError: true } : {}),
      max: opts.config.rateLimitPerMinute,
      timeWindow: '1 minute',
      // Pages and static files are not counted: a page load fetches many of them, and they cost next to nothing.
      allowList: (request) => !request.url.startsWith('/api/'),
      // The limit and what is left of it are not sent with every answer (a third of a small answer's bytes);
      // a refused request still says when to try again (Retry-After).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      // A Problem, so the error handler keeps its code: the page says it in its own language.
      errorResponseBuilder: (_req, context) => new Problem(429, `Too many requests; try again in ${context.after}.`, {}, 'too_many_requests'),
    });
    // Issue 41: what one address can make the server hold. Chats are limited per session, and sessions are free, so
    // every chat route also counts against its address (all chats together); and a browser without a session may
    // start only so many from one address in an hour (each write it sends may make one). Counted in the same store.
    const chatLimit = app.createRateLimit({ max: opts.config.chatPerAddressPerMinute, timeWindow: '1 minute', keyGenerator: (r) => `chat:${clientOf(r)}` });
    const newSessionLimit = app.createRateLimit({ max: opts.config.newSessionsPerAddressPerHour, timeWindow: '1 hour', keyGenerator: (r) => `new-session:${clientOf(r)}` });
    const refuse = (what: string, result: Awaited<ReturnType<typeof chatLimit>>) => {
      if (!result.isAllowed && result.isExceeded) throw new Problem(429, `Too many ${what} from this address; try again in ${result.ttlInSeconds} seconds.`, { 'retry-after': String(result.ttlInSeconds) }, 'too_many_requests');
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.chatPerAddress) return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [async (request) => refuse('chat messages', await chatLimit(request)), ...own];
    });
    app.addHook('preHandler', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/')) return;
      const session = (request as { session?: { ownerToken?: string; userId?: string } | null }).session;
      if (!session || session.ownerToken || session.userId) return;
      refuse('new sessions', await newSessionLimit(request));
    });
    // A NUL character in any value is a 400 naming it, on SQLite as on PostgreSQL (which cannot store one).
    app.addHook('preValidation', (request, reply, done) => {
      const at = nulCharacterAt(request.body, 'body') ?? nulCharacterAt(request.query, 'querystring') ?? nulCharacterAt(request.params, 'params');
      if (at) reply.status(400).send(shape(400, `${at}: must not contain a NUL character`));
      else done();
    });
    // The API reads JSON (and multipart uploads); a text/plain body is refused with 415 instead of failing later.
    app.removeContentTypeParser('text/plain');
    // Each multipart route reads with its own explicit limits (server/lib/multipart.ts); these are the floor for any
    // other reader of a multipart body.
    await app.register(multipart, { limits: oneFileLimits(UPLOAD_LIMIT_BYTES) });
  },
  // After shared: the request limits count in its Redis when REDIS_URL is set.
  { name: 'security', dependencies: ['errors', 'shared'] },
);
