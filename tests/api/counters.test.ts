import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURES_FORGOTTEN_MS, FREE_FAILURES, lockMs, type AttemptCounters, type Tally } from '../../server/services/guard/counters';
import { DbCounters } from '../../server/services/guard/dbCounters';
import { RedisCounters } from '../../server/services/guard/redisCounters';
import { createTestApp, dialectUnderTest, type TestApp } from '../helpers/app';

// Issue 31: the attempt counters every guarded route uses, on each store they live in: the database under test
// (SQLite, or PostgreSQL with DATABASE_URL) and Redis (with REDIS_URL, under a key prefix of this run's own). Each
// burst is sent at once: a count read before it was written would let all of it through.

describe('the lock schedule', () => {
  it('waits nothing before the allowance is used, then 1, 2, 4 … minutes, at most an hour', () => {
    expect([1, 4].map((n) => lockMs(n, 5))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => lockMs(n, 5) / 60_000)).toEqual([1, 2, 4, 8]);
    expect(lockMs(40, 5)).toBe(60 * 60_000);
    expect(lockMs(20, 20)).toBe(60_000);
  });
});

interface Store {
  name: string;
  counters: AttemptCounters;
  /** Ends every lock on `key` now, as time passing would. */
  expire(key: string): Promise<void>;
}

let t: TestApp;
let redis: Redis | undefined;
const prefix = `rumbo-test:${randomBytes(6).toString('hex')}:`;
const stores: Store[] = [];

beforeAll(async () => {
  t = await createTestApp();
  stores.push({
    name: `the database (${dialectUnderTest})`,
    counters: new DbCounters(t.app.db),
    expire: async (key) => void (await t.app.db.updateTable('attempt_counters').set({ locked_until: 0 }).where('counter', '=', key).execute()),
  });
  if (process.env.REDIS_URL) {
    redis = new Redis(process.env.REDIS_URL);
    const client = redis;
    stores.push({ name: 'Redis', counters: new RedisCounters(redis, prefix), expire: async (key) => void (await client.hdel(`${prefix}attempts:${key}`, 'until')) });
  }
});

afterAll(async () => {
  for (const store of stores) await store.counters.close();
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await t.close();
});

const tallies = (account: string, client: string): Tally[] => [
  { key: `test:account:${account}:client:${client}`, free: FREE_FAILURES, onSuccess: 'forget' },
  { key: `test:client:${client}`, free: 20, onSuccess: 'refund' },
];

const burst = (counters: AttemptCounters, list: Tally[], n: number) => Promise.all(Array.from({ length: n }, () => counters.attempt(list, randomUUID())));

describe.each([{ name: 'database' }, { name: 'redis' }])('attempt counters in the $name', ({ name }) => {
  const store = () => stores.find((s) => s.name.toLowerCase().includes(name));
  const skip = name === 'redis' && !process.env.REDIS_URL;

  it.skipIf(skip)('counts 5 of 30 attempts sent at once; the others wait a minute', async () => {
    const { counters } = store() as Store;
    const waits = await burst(counters, tallies(randomUUID(), '10.0.0.1'), 30);
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    for (const wait of waits.filter((w) => w > 0)) expect(wait).toBeGreaterThan(55_000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(60_000);
  });

  it.skipIf(skip)('lets one attempt through when a lock ends, and doubles the next lock', async () => {
    const { counters, expire } = store() as Store;
    const list = tallies(randomUUID(), '10.0.0.2');
    await burst(counters, list, 5);
    await expire(list[0]?.key as string);
    const waits = await burst(counters, list, 4);
    expect(waits.filter((w) => w === 0)).toHaveLength(1);
    expect(Math.max(...waits)).toBeGreaterThan(115_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(120_000);
  });

  it.skipIf(skip)('counts a client across accounts: a locked client counts nowhere, and a clean one is not held back', async () => {
    const { counters } = store() as Store;
    const client = `10.0.1.${Math.floor(Math.random() * 250)}`;
    // Twenty failures on twenty accounts from one client, then its attempts on a 21st account wait.
    for (let i = 0; i < 20; i += 1) expect(await counters.attempt(tallies(`acct-${i}`, client), randomUUID())).toBe(0);
    const account = randomUUID();
    expect(await counters.attempt(tallies(account, client), randomUUID())).toBeGreaterThan(0);
    // Nothing was counted on that account: the same account from a clean client gets its five.
    const waits = await burst(counters, tallies(account, '10.0.2.1'), 6);
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it.skipIf(skip)("a success starts the account's count over and takes back only its own from the client's", async () => {
    const { counters } = store() as Store;
    const client = '10.0.3.1';
    const list = tallies(randomUUID(), client);
    for (let i = 0; i < 4; i += 1) await counters.attempt(list, randomUUID());
    const token = randomUUID();
    // The fifth attempt sets the account's lock before it is judged; its success lifts it.
    expect(await counters.attempt(list, token)).toBe(0);
    await counters.succeeded(list, token);
    expect((await burst(counters, list, 6)).filter((w) => w === 0)).toHaveLength(5);
    // The client kept its four earlier failures and the five just made: 11 more, on other accounts, reach its 20.
    const more: number[] = [];
    for (let i = 0; i < 12; i += 1) more.push(await counters.attempt(tallies(randomUUID(), client), randomUUID()));
    expect(more.filter((w) => w === 0)).toHaveLength(11);
    expect(more[11]).toBeGreaterThan(0);
  });

  it.skipIf(skip)('allows five hits a minute in a window, whatever arrives at once', async () => {
    const { counters } = store() as Store;
    const waits = await Promise.all(Array.from({ length: 12 }, () => counters.hit(`test:window:${randomUUID().slice(0, 8)}`, 5, 60_000)));
    // Each hit had its own key: all pass.
    expect(waits.every((w) => w === 0)).toBe(true);
    const key = `test:window:${randomUUID()}`;
    const same = await Promise.all(Array.from({ length: 12 }, () => counters.hit(key, 5, 60_000)));
    expect(same.filter((w) => w === 0)).toHaveLength(5);
    for (const wait of same.filter((w) => w > 0)) expect(wait).toBeLessThanOrEqual(60_000);
  });
});

describe('stale counters', () => {
  it('start over after a day without an attempt', async () => {
    let now = Date.now();
    const counters = new DbCounters(t.app.db, () => now);
    const list = tallies(randomUUID(), '10.0.4.1');
    expect((await burst(counters, list, 6)).filter((w) => w === 0)).toHaveLength(5);
    now += FAILURES_FORGOTTEN_MS + 1;
    expect((await burst(counters, list, 6)).filter((w) => w === 0)).toHaveLength(5);
    await counters.close();
  });
});
