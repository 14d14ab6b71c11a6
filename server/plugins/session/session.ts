import fastifyCookie from '@fastify/cookie';
import fastifySession, { type FastifySessionOptions } from '@fastify/session';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/index';
import { deleteSession, readSession, writeSession, type SessionLife } from '../../../db/queries/sessions';
import type { Config } from '../../config';
import { resolveSessionSecret } from '../../lib/secrets';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

type SessionStore = NonNullable<FastifySessionOptions['store']>;
type StoredSession = Parameters<SessionStore['set']>[1];
type Callback = (err?: unknown) => void;

const expiresOf = (session: StoredSession) => (session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + THIRTY_DAYS_MS);

/** Someone signed in, entered a code, brought an application back or is half-way through the operators' sign-in. */
function hasIdentity(session: StoredSession): boolean {
  const s = session as unknown as FastifyRequest['session'];
  return Boolean(s.userId || s.role || s.premium || s.adminPending || s.resumedLeads?.length);
}

/**
 * How long a session lives. One with an identity lives as its cookie. One without lives `anonymousMs` unless, by
 * then, its owner token owns something (a lead, an order, a photo, a chat): a browser that only knocked (a refused
 * guess, a chat turn over the limit) leaves no row for 30 days (issue 41).
 */
export function lifeOf(session: StoredSession, anonymousMs: number, now = Date.now()): SessionLife {
  const ownerToken = (session as unknown as FastifyRequest['session']).ownerToken ?? null;
  return { expiresAt: expiresOf(session), ownerToken, idleUntil: hasIdentity(session) ? null : now + anonymousMs };
}

/** @fastify/session store over the sessions table, so every server process sees the same sessions. */
export class DbSessionStore implements SessionStore {
  /** Sessions a route already wrote in its own transaction, as written: the save as the answer goes out is skipped. */
  private readonly committed = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly anonymousMs: number,
  ) {}

  set(sid: string, session: StoredSession, callback: Callback): void {
    const data = JSON.stringify(session);
    const written = this.committed.get(sid);
    this.committed.delete(sid);
    if (written === data) return callback();
    writeSession(this.db, sid, data, lifeOf(session, this.anonymousMs)).then(() => callback(), callback);
  }

  /**
   * Writes a session inside the caller's transaction, so a lead and the session that owns it are one commit (one
   * disk flush with synchronous=FULL, not two). The returned function is called once that transaction committed.
   */
  async writeIn(trx: Db, sid: string, session: StoredSession): Promise<() => void> {
    const data = JSON.stringify(session);
    await writeSession(trx, sid, data, lifeOf(session, this.anonymousMs));
    return () => {
      // Each entry is taken by the save that follows it; the bound only guards against a save that never came.
      if (this.committed.size > 10_000) this.committed.clear();
      this.committed.set(sid, data);
    };
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

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: DbSessionStore;
  }
}

/** The request's session, written with the caller's own writes: `write` inside its transaction, `committed` after. */
export function sessionInTransaction(request: FastifyRequest) {
  let done: (() => void) | undefined;
  return {
    write: async (trx: Db) => {
      done = await request.server.sessionStore.writeIn(trx, request.session.sessionId, request.session as unknown as StoredSession);
    },
    committed: () => done?.(),
  };
}

/**
 * Sessions for the routes registered beside this plugin only (server/app.ts): health, prices and static files
 * never read or make one. A visitor gets a row only once something is stored for them (a lead, a sign-in), and a
 * row is written again only when it changes, not on every request (no rolling).
 */
export default fp(
  async (app, opts: { config: Config }) => {
    const store = new DbSessionStore(app.db, opts.config.anonymousSessionHours * 60 * 60 * 1000);
    app.decorate('sessionStore', store);
    const secure = opts.config.publicUrl?.startsWith('https://') ? true : 'auto';
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: resolveSessionSecret(opts.config.dataDir, opts.config.sessionSecret),
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: false,
      store,
      // Sent with API calls only; Secure whenever the public address is https.
      cookie: { httpOnly: true, sameSite: 'lax', secure, maxAge: THIRTY_DAYS_MS, path: '/api' },
    });
    // @fastify/session sets Expires only; Max-Age says the same in a way no clock skew can bend.
    app.addHook('onSend', async (_request, reply) => {
      const header = reply.getHeader('set-cookie');
      const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
      if (!cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) return;
      // Fastify adds to Set-Cookie rather than replacing it: without the removal the cookie went out twice.
      reply.removeHeader('set-cookie');
      reply.header(
        'set-cookie',
        cookies.map((c) => (c.startsWith(`${SESSION_COOKIE}=`) && !/;\s*Max-Age=/i.test(c) ? `${c}; Max-Age=${THIRTY_DAYS_MS / 1000}` : c)),
      );
    });
    // Expired sessions are swept by the `sessions.sweep` job (server/plugins/app/sweeps.ts).
  },
  { name: 'session', dependencies: ['db'] },
);
