import fastifyCookie from '@fastify/cookie';
import fastifySession, { type FastifySessionOptions } from '@fastify/session';
import fp from 'fastify-plugin';
import type { Db } from '../../db/index';
import { deleteExpiredSessions, deleteSession, readSession, writeSession } from '../../db/queries/sessions';
import type { Config } from '../config';
import { resolveSessionSecret } from '../lib/secrets';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

type SessionStore = NonNullable<FastifySessionOptions['store']>;
type StoredSession = Parameters<SessionStore['set']>[1];
type Callback = (err?: unknown) => void;

/** @fastify/session store over the sessions table, so every server process sees the same sessions. */
export class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: StoredSession, callback: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + THIRTY_DAYS_MS;
    writeSession(this.db, sid, JSON.stringify(session), expires).then(() => callback(), callback);
  }

  get(sid: string, callback: Parameters<SessionStore['get']>[1]): void {
    readSession(this.db, sid, Date.now()).then(
      (data) => callback(undefined, data ? JSON.parse(data) : null),
      callback,
    );
  }

  destroy(sid: string, callback: Callback): void {
    deleteSession(this.db, sid).then(() => callback(), callback);
  }
}

export const SESSION_COOKIE = 'rumbo.sid';

/**
 * Sessions for the routes registered beside this plugin only (server/app.ts): health, prices and static files
 * never read or make one. A visitor gets a row only once something is stored for them (a lead, a sign-in), and a
 * row is written again only when it changes, not on every request (no rolling).
 */
export default fp(
  async (app, opts: { config: Config }) => {
    const secure = opts.config.publicUrl?.startsWith('https://') ? true : 'auto';
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: resolveSessionSecret(opts.config.dataDir, opts.config.sessionSecret),
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: false,
      store: new DbSessionStore(app.db),
      // Sent with API calls only; Secure whenever the public address is https.
      cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: THIRTY_DAYS_MS, path: '/api' },
    });
    // @fastify/session sets Expires only; Max-Age says the same in a way no clock skew can bend.
    app.addHook('onSend', async (_request, reply) => {
      const header = reply.getHeader('set-cookie');
      const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
      if (!cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) return;
      reply.header(
        'set-cookie',
        cookies.map((c) => (c.startsWith(`${SESSION_COOKIE}=`) && !/;\s*Max-Age=/i.test(c) ? `${c}; Max-Age=${THIRTY_DAYS_MS / 1000}` : c)),
      );
    });
    const sweep = setInterval(() => void deleteExpiredSessions(app.db, Date.now()).catch(() => {}), 60 * 60 * 1000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['db'] },
);
