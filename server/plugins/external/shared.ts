import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import fp from 'fastify-plugin';
import { ConfigError, type Config } from '../../config';
import type { AttemptCounters } from '../../services/guard/counters';
import { DbCounters } from '../../services/guard/dbCounters';
import { LocalNotices, PgNotices, RedisNotices, type ChangeNotices } from '../../services/guard/notices';
import { RedisCounters } from '../../services/guard/redisCounters';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when REDIS_URL is set (request limits use it too). */
    redis: Redis | undefined;
    counters: AttemptCounters;
    notices: ChangeNotices;
  }
}

/**
 * Loaded only when REDIS_URL is set, as pg only on PostgreSQL: a server without Redis never holds the client. A
 * Redis that cannot be reached at start stops the server with the variable named, as a wrong setting does.
 */
async function connectRedis(url: string, name: string, onError: (err: Error) => void): Promise<Redis> {
  const { Redis } = await import('ioredis');
  // A command waits through a short outage, then fails (the request answers 500) rather than hanging.
  // Named, so an operator (or a test) can tell this server's connections apart in CLIENT LIST.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5_000, lazyConnect: true, connectionName: name });
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

/**
 * What server processes share besides sessions: with REDIS_URL, Redis holds the attempt counters and carries the
 * change notices; without it the database holds the counters and, on PostgreSQL, LISTEN/NOTIFY carries the notices
 * (on SQLite there is one process, whose own notices are enough).
 */
export default fp(
  async (app, opts: { config: Config }) => {
    const { redis: shared, databaseUrl, pgSchema } = opts.config;
    if (shared) {
      const redis = await connectRedis(shared.url, `${shared.keyPrefix}commands`, (err) => app.log.error({ err }, 'redis'));
      const listener = await connectRedis(shared.url, `${shared.keyPrefix}notices`, (err) => app.log.error({ err }, 'redis (notices)'));
      const notices = new RedisNotices(redis, listener, shared.keyPrefix, (err) => app.log.error({ err }, 'redis notice not sent'));
      await notices.start();
      app.decorate('redis', redis);
      app.decorate('counters', new RedisCounters(redis, shared.keyPrefix));
      app.decorate<ChangeNotices>('notices', notices);
      app.addHook('onClose', async () => {
        await notices.close();
        await redis.quit();
      });
      return;
    }
    app.decorate('redis', undefined);
    const counters = new DbCounters(app.db);
    app.decorate<AttemptCounters>('counters', counters);
    if (app.dialect === 'postgres' && databaseUrl) {
      // NOTIFY names a channel, not a schema: each schema (each test app) has its own.
      const channel = `rumbo_changes${pgSchema ? `_${pgSchema}` : ''}`.slice(0, 63);
      const notices = new PgNotices(
        async () => {
          const client = new (await import('pg')).default.Client({ connectionString: databaseUrl });
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
