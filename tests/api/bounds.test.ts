import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConversation, ConversationFull, MAX_CONVERSATION_BYTES, MAX_CONVERSATION_MESSAGES } from '../../db/queries/conversationBounds';
import { FAILURES_FORGOTTEN_MS, FREE_FAILURES, SINGLE_FAILURE_FORGOTTEN_MS, type Tally } from '../../server/services/guard/counters';
import { DbCounters } from '../../server/services/guard/dbCounters';
import { RedisCounters } from '../../server/services/guard/redisCounters';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

// Issue 41: what one address can make the server hold. A stored conversation has a maximum size and number of
// messages (413 naming it, nothing written); chats are limited per address as well as per session; an address
// starts only so many sessions an hour. CI runs this file on SQLite and again on PostgreSQL.

const CHAT_PER_ADDRESS = 12;
const NEW_SESSIONS = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ chatPerAddressPerMinute: CHAT_PER_ADDRESS, newSessionsPerAddressPerHour: NEW_SESSIONS, rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

const chat = (address: string, sessionId: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/aivisa/chat', remoteAddress: address, payload: { sessionId, message: 'Hola', language: 'es' }, ...(cookie ? { headers: { cookie } } : {}) });

describe('the bounds of a conversation', () => {
  it('accepts any conversation within both bounds and refuses any past either', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CONVERSATION_MESSAGES + 50 }), fc.integer({ min: 1, max: 3_000 }), (count, size) => {
        const messages = JSON.stringify(Array.from({ length: count }, () => ({ role: 'user', content: 'x'.repeat(size) })));
        const over = count > MAX_CONVERSATION_MESSAGES || Buffer.byteLength(messages) > MAX_CONVERSATION_BYTES;
        if (over) expect(() => checkConversation(messages)).toThrow(ConversationFull);
        else expect(() => checkConversation(messages)).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });

  it(`answers 413 naming the limit for a turn past it on ${dialectUnderTest}, writes nothing, and a fresh conversation goes on`, async () => {
    const first = await chat('10.41.1.1', 'bounds-full-0001');
    expect(first.statusCode, first.body).toBe(200);
    const cookie = sessionCookie(first) as string;
    const full = JSON.stringify(Array.from({ length: MAX_CONVERSATION_MESSAGES }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'Hola' })));
    await t.app.db.updateTable('chat_sessions').set({ messages: full }).where('id', '=', 'bounds-full-0001').execute();
    const refused = await chat('10.41.1.1', 'bounds-full-0001', cookie);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'conversation_full', message: expect.stringContaining(`${MAX_CONVERSATION_MESSAGES} messages`) });
    const kept = await t.app.db.selectFrom('chat_sessions').select('messages').where('id', '=', 'bounds-full-0001').executeTakeFirstOrThrow();
    expect(kept.messages).toBe(full);
    expect((await chat('10.41.1.1', 'bounds-fresh-0001', cookie)).statusCode).toBe(200);
  });
});

describe(`what one address can make on ${dialectUnderTest}`, () => {
  it('limits chats per address across sessions, not only per session', async () => {
    // A session of its own for every message, as the 12 sessions from one address were (each made elsewhere,
    // so the limit on new sessions plays no part here).
    const cookies: string[] = [];
    for (let i = 0; i < CHAT_PER_ADDRESS + 4; i += 1) cookies.push(sessionCookie(await chat(`10.41.4.${i}`, `bounds-own-${String(i).padStart(4, '0')}`)) as string);
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_PER_ADDRESS + 3; i += 1) statuses.push((await chat('10.41.2.1', `bounds-own-${String(i).padStart(4, '0')}`, cookies[i])).statusCode);
    expect(statuses).toEqual([...Array<number>(CHAT_PER_ADDRESS).fill(200), 429, 429, 429]);
    const refused = await chat('10.41.2.1', `bounds-own-${String(CHAT_PER_ADDRESS + 3).padStart(4, '0')}`, cookies[CHAT_PER_ADDRESS + 3]);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address chats on.
    expect((await chat('10.41.2.2', 'bounds-addr-other')).statusCode).toBe(200);
  });

  it('limits the sessions one address starts in an hour; a browser with its session goes on', async () => {
    const capture = (address: string, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/leads/immediate', remoteAddress: address, payload: { email: 'a@example.com', formType: 'ESTA' }, ...(cookie ? { headers: { cookie } } : {}) });
    const answers = [];
    for (let i = 0; i < NEW_SESSIONS + 2; i += 1) answers.push(await capture('10.41.3.1'));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(NEW_SESSIONS).fill(201), 429, 429]);
    expect(answers.at(-1)?.json()).toMatchObject({ code: 'too_many_requests', message: expect.stringContaining('new sessions') });
    const cookie = sessionCookie(answers[0] as never) as string;
    expect([200, 201]).toContain((await capture('10.41.3.1', cookie)).statusCode);
    expect((await capture('10.41.3.2')).statusCode).toBe(201);
    const sessions = await t.app.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBeLessThan(100);
  });
});

/** One guess from a new address at an account: the two tallies a sign-in counts. */
const guess = (i: number): Tally[] => [
  { key: `bounds:account:a${i % 7}:client:${i}`, free: FREE_FAILURES, onSuccess: 'forget' },
  { key: `bounds:client:${i}`, free: 20, onSuccess: 'refund' },
];
const GUESSERS = 2_000;

describe(`the guess counters' footprint on ${dialectUnderTest}`, () => {
  it('forgets a single failure within the hour (the sweep job deletes it), and keeps a repeated one for the day', async () => {
    let now = Date.now();
    const counters = new DbCounters(t.app.db, () => now);
    const rows = () => t.app.db.selectFrom('attempt_counters').select('counter').where('counter', 'like', 'bounds:%').execute();
    for (let i = 0; i < GUESSERS; i += 1) await counters.attempt(guess(i), `token-${i}`);
    await counters.attempt(guess(0), 'again');
    expect((await rows()).length).toBe(2 * GUESSERS);
    now += SINGLE_FAILURE_FORGOTTEN_MS + 1;
    await counters.sweep();
    // Distinct guessers leave nothing after the hour; the address that came back is kept.
    expect((await rows()).map((r) => r.counter).sort()).toEqual(guess(0).map((g) => g.key).sort());
    now += FAILURES_FORGOTTEN_MS;
    await counters.sweep();
    expect(await rows()).toEqual([]);
  }, 120_000);

  it.runIf(process.env.REDIS_URL)('gives a single failure in Redis an hour to live, a repeated one the day', async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    const prefix = `rumbo-test:${randomBytes(6).toString('hex')}:`;
    try {
      const counters = new RedisCounters(redis, prefix);
      for (let i = 0; i < GUESSERS; i += 1) await counters.attempt(guess(i), `token-${i}`);
      await counters.attempt(guess(0), 'again');
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBe(2 * GUESSERS);
      const ttls = await Promise.all(keys.map(async (key) => [key, await redis.pttl(key)] as const));
      for (const [key, ttl] of ttls) {
        const repeated = guess(0).some((g) => key.endsWith(g.key));
        expect(ttl, key).toBeGreaterThan(0);
        expect(ttl, key).toBeLessThanOrEqual(repeated ? FAILURES_FORGOTTEN_MS : SINGLE_FAILURE_FORGOTTEN_MS);
        if (repeated) expect(ttl).toBeGreaterThan(SINGLE_FAILURE_FORGOTTEN_MS);
      }
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  }, 120_000);
});
