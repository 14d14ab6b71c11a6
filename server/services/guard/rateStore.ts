import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** One more hit on a window's counter: how many it holds now and how long the window has left (ms). */
export type CountHit = (key: string, windowMs: number) => Promise<{ count: number; ttlMs: number }>;

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** KEYS[1]: the window's counter; ARGV[1]: its length in ms. Answers the count and the ms left, one round trip. */
const HIT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

type Scripted = Redis & { rumboRateHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * The request limits of several processes, counted in Redis and, while Redis cannot answer, in the database's
 * counters (issue 41): limits hold through a Redis outage instead of falling away, at the cost of a database write a
 * request until Redis is back. Each counter lives one window (Redis expiry, or the counters' sweep).
 */
export function sharedRateStore(redis: Redis, prefix: string, fallback: CountHit, onFallback: (err: unknown) => void): FastifyRateLimitStoreCtor {
  if (!('rumboRateHit' in redis)) redis.defineCommand('rumboRateHit', { numberOfKeys: 1, lua: HIT });
  const scripted = redis as Scripted;

  class SharedRateStore implements FastifyRateLimitStore {
    /** The route's part of each key ('' for the global limit); @fastify/rate-limit makes the store with its settings. */
    private route = '';

    incr(key: string, callback: Callback, timeWindow: number): void {
      const name = `${this.route}${key}`;
      scripted.rumboRateHit(`${prefix}rate:${name}`, timeWindow).then(
        ([count, ttl]) => callback(null, { current: Number(count), ttl: Number(ttl) }),
        (err: unknown) => {
          onFallback(err);
          fallback(`rate:${name}`, timeWindow).then(
            ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        },
      );
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      // The plugin hands its merged settings, the route being under `routeInfo` (its typings say the route itself).
      const route = (routeOptions as RouteOptions & { routeInfo?: RouteOptions }).routeInfo ?? routeOptions;
      const method = String(route.method ?? '');
      const url = String(route.url ?? '');
      const store = new SharedRateStore();
      store.route = `${this.route}${method}${url}:`;
      return store;
    }
  }
  return SharedRateStore;
}
