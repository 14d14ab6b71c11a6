import type { Redis } from 'ioredis';
import { FAILURES_FORGOTTEN_MS, FIRST_LOCK_MS, MAX_LOCK_MS, SINGLE_FAILURE_FORGOTTEN_MS, type AttemptCounters, type Tally } from './counters';

// Each script runs whole inside Redis, so every process's attempts on one key are counted one after another. Times
// are Redis's own clock, the one clock all processes share.

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * lockMs (counters.ts) as a script. KEYS: the tallies. ARGV: token, forget-after ms, first lock ms, longest lock ms,
 * forget-after ms for a single failure, then each tally's allowance. Answers 0 when counted, or the wait in ms when
 * a tally is locked (nothing counted).
 */
const ATTEMPT = `${NOW}
local wait = 0
for i, key in ipairs(KEYS) do
  local u = tonumber(redis.call('HGET', key, 'until') or '0') or 0
  if u - now > wait then wait = u - now end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local count = redis.call('HINCRBY', key, 'count', 1)
  local free = tonumber(ARGV[5 + i])
  if count >= free then
    local lock = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (count - free))
    redis.call('HSET', key, 'until', string.format('%d', now + lock), 'by', ARGV[1])
  end
  if count <= 1 and count < free then redis.call('PEXPIRE', key, ARGV[5]) else redis.call('PEXPIRE', key, ARGV[2]) end
end
return 0`;

/** KEYS: tallies to refund; ARGV[1]: the token whose lock is lifted. */
const REFUND = `for i, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then
    local count = redis.call('HINCRBY', key, 'count', -1)
    if count <= 0 then redis.call('DEL', key)
    elseif redis.call('HGET', key, 'by') == ARGV[1] then redis.call('HDEL', key, 'until', 'by') end
  end
end
return 0`;

/** KEYS[1]: the window's counter. ARGV: window ms, max. Answers 0, or the ms left in the window once over max. */
const HIT = `local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
if count > tonumber(ARGV[2]) then return ttl end
return 0`;

type Scripted = Redis & {
  rumboAttempt(keys: number, ...args: (string | number)[]): Promise<number>;
  rumboRefund(keys: number, ...args: string[]): Promise<number>;
  rumboHit(key: string, windowMs: number, max: number): Promise<number>;
};

/** The counters in Redis: one atomic script per attempt, across every process that shares the Redis. */
export class RedisCounters implements AttemptCounters {
  private readonly redis: Scripted;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('rumboAttempt', { lua: ATTEMPT });
    redis.defineCommand('rumboRefund', { lua: REFUND });
    redis.defineCommand('rumboHit', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as Scripted;
  }

  private key(name: string): string {
    return `${this.prefix}attempts:${name}`;
  }

  async attempt(tallies: readonly Tally[], token: string): Promise<number> {
    const keys = tallies.map((t) => this.key(t.key));
    const wait = await this.redis.rumboAttempt(tallies.length, ...keys, token, FAILURES_FORGOTTEN_MS, FIRST_LOCK_MS, MAX_LOCK_MS, SINGLE_FAILURE_FORGOTTEN_MS, ...tallies.map((t) => t.free));
    return Number(wait);
  }

  async succeeded(tallies: readonly Tally[], token: string): Promise<void> {
    const forget = tallies.filter((t) => t.onSuccess === 'forget').map((t) => this.key(t.key));
    const refund = tallies.filter((t) => t.onSuccess === 'refund').map((t) => this.key(t.key));
    if (forget.length) await this.redis.del(...forget);
    if (refund.length) await this.redis.rumboRefund(refund.length, ...refund, token);
  }

  async hit(key: string, max: number, windowMs: number): Promise<number> {
    return Number(await this.redis.rumboHit(this.key(key), windowMs, max));
  }

  async close(): Promise<void> {}
}
