import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import fp from 'fastify-plugin';
import { pgApplicationName } from '../../../db/index';
import { ConfigError, type Config } from '../../config';
import type { AttemptCounters } from '../../services/guard/counters';
import { DbCounters } from '../../services/guard/dbCounters';
import { LocalNotices, PgNotices, RedisNotices, type ChangeNotices } from '../../services/guard/notices';
import { sharedRateStore } from '../../services/guard/rateStore';
import { RedisCounters } from '../../services/guard/redisCounters';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when REDIS_URL is set. */
    redis: Redis | undefined;
    /** With REDIS_URL, the request limits' store: Redis, or the database's counters while Redis is away. */
    rateStore: FastifyRateLimitStoreCtor | undefined;
    counters: AttemptCounters;
    notices: ChangeNotices;
  }
}

/**
 * How long a Redis command may take before it fails (issue 41): a Redis that stopped answering costs a request this,
 * not seconds. While Redis is away altogether a command fails at once (no offline queue).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 150;

/**
 * Loaded only when REDIS_URL is set, as pg only on PostgreSQL: a server without Redis never holds the client. A
 * Redis that cannot be reached at start stops the server with the variable named, as a wrong setting does; one
 * lost later is reconnected to (ioredis tries again within two seconds, for ever) while requests go on without it.
 */
async function connectRedis(url: string, name: string, onError: (err: Error) => void, commands: boolean): Promise<Redis> {
  const { Redis } = await import('ioredis');
  // Named, so an operator (or a test) can tell this server's connections apart in CLIENT LIST. The commands'
  // connection fails fast; the listener's only command is SUBSCRIBE, which waits for the reconnection.
  const redis = new Redis(url, {
    connectTimeout: 5_000,
    lazyConnect: true,
    connectionName: name,
    // The listener subscribes again itself (RedisNotices): ioredis's own resubscription is a promise nobody holds,
    // and a close or an outage during it rejects it unhandled.
    ...(commands ? { enableOfflineQueue: false, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 0 } : { maxRetriesPerRequest: 2, autoResubscribe: false }),
  });
  let refused: Error | undefined;
  const first = (err: Error) => void (refused = err);
  redis.on('error', first);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new ConfigError(`Invalid configuration:\n  REDIS_URL: cannot reach Redis (${(refused ?? (err as Error)).message})`);
  }
  redis.off('error', first).on('error', onError);
  return redis;
}

/** Logs a failure at most once in `everyMs`: during an outage every request meets it, and one line says it. */
function seldom(log: (err: unknown) => void, everyMs = 10_000): (err: unknown) => void {
  let last = 0;
  return (err) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    log(err);
  };
}

/**
 * What server processes share besides sessions: with REDIS_URL, Redis holds the attempt counters and carries the
 * change notices; without it the database holds the counters and, on PostgreSQL, LISTEN/NOTIFY carries the notices
 * (on SQLite there is one process, whose own notices are enough).
 */
export default fp(
  async (app, opts: { config: Config }) => {
    const { redis: shared, databaseUrl, pgSchema } = opts.config;
    if (shared) {
      const redis = await connectRedis(shared.url, `${shared.keyPrefix}commands`, seldom((err) => app.log.error({ err }, 'redis')), true);
      const listener = await connectRedis(shared.url, `${shared.keyPrefix}notices`, seldom((err) => app.log.error({ err }, 'redis (notices)')), false);
      const notices = new RedisNotices(redis, listener, shared.keyPrefix, (err) => app.log.error({ err }, 'redis notice not sent'));
      await notices.start();
      app.decorate('redis', redis);
      app.decorate('counters', new RedisCounters(redis, shared.keyPrefix));
      app.decorate<ChangeNotices>('notices', notices);
      const windows = new DbCounters(app.db);
      app.decorate(
        'rateStore',
        sharedRateStore(redis, shared.keyPrefix, (key, windowMs) => windows.window(key, windowMs), seldom((err) => app.log.warn({ err }, 'request limits counted in the database while Redis is away'))),
      );
      app.addHook('onClose', async () => {
        await notices.close();
        // A Redis that is away refuses QUIT at once (no offline queue): the connection is dropped instead.
        await redis.quit().catch(() => redis.disconnect());
      });
      return;
    }
    app.decorate('redis', undefined);
    app.decorate('rateStore', undefined);
    const counters = new DbCounters(app.db);
    app.decorate<AttemptCounters>('counters', counters);
    if (app.dialect === 'postgres' && databaseUrl) {
      // NOTIFY names a channel, not a schema: each schema (each test app) has its own.
      const channel = `rumbo_changes${pgSchema ? `_${pgSchema}` : ''}`.slice(0, 63);
      const notices = new PgNotices(
        async () => {
          const client = new (await import('pg')).default.Client({ connectionString: databaseUrl, application_name: pgApplicationName(pgSchema, 'rumbo-notices') });
          await client.connect();
          return client;
        },
        async (name, topic) => void (await sql`select pg_notify(${name}, ${topic})`.execute(app.db)),
        channel,
        (err) => app.log.error({ err }, 'postgres notices'),
      );
      await notices.start();
      app.decorate<ChangeNotices>('notices', notices);
    } else {
      app.decorate<ChangeNotices>('notices', new LocalNotices());
    }
    app.addHook('onClose', async () => {
      await app.notices.close();
      await counters.close();
    });
  },
  { name: 'shared', dependencies: ['db'] },
);
