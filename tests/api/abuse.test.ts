import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, sessionCookie, TEST_ADMIN, withPg, type TestApp } from '../helpers/app';
import { ownerCookie } from '../helpers/admin';
import { multipart } from '../helpers/multipart';
import { paidPremiumCode } from '../helpers/premium';

// Issue 31, tried as an attacker would on one process (SQLite, or PostgreSQL with DATABASE_URL): bursts are counted
// before they are judged, a stranger cannot lock anyone out, nobody unauthorised gets as far as validation,
// multipart bodies stay within their limits, and the contract holds (one Set-Cookie, no account disclosed).
// tests/api/processes.test.ts repeats the bursts across two real processes.

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Behind one proxy: over the socket, a client is the X-Forwarded-For address it sends.
  t = await createTestApp({ trustProxy: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

type Json = Record<string, unknown>;
const post = (url: string, payload: Json, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

/**
 * A burst arrives over real sockets, each request in its own connection. (app.inject runs a burst in one tick,
 * where @fastify/rate-limit's in-memory store shows every request the last count and refuses them all.)
 */
async function burst(n: number, url: string, body: (i: number) => Json, client: string): Promise<{ statusCode: number; json: () => Json }[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify(body(i)) });
      const text = await res.text();
      return { statusCode: res.status, json: () => JSON.parse(text) as Json };
    }),
  );
}

describe('bursts are counted before anything is judged', () => {
  it('evaluates five of 30 premium-code guesses sent at once from one client', async () => {
    const answers = await burst(30, '/api/premium/verify-access', (i) => ({ code: `PREMIUM-${40000000 + i}-XX` }), '192.0.2.1');
    expect(answers.filter((r) => r.statusCode === 200).map((r) => r.json().valid)).toEqual([false, false, false, false, false]);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25);
  });

  it('evaluates five of 20 admin sign-ins sent at once; the operator signs in from a clean client', async () => {
    const answers = await burst(20, '/api/auth/admin-login', (i) => ({ username: TEST_ADMIN.username, password: `guess ${i}` }), '192.0.2.2');
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
    // Each refusal with the code the page words in its own language (issue 34), not the English message alone.
    const coded = (r: { statusCode: number; json: () => Json }) => `${r.statusCode} ${r.json().code}`;
    expect(answers.filter((r) => r.statusCode === 401).map(coded)).toEqual(Array(5).fill('401 invalid_admin_credentials'));
    expect(answers.filter((r) => r.statusCode === 429).every((r) => ['429 too_many_attempts', '429 too_many_requests'].includes(coded(r)))).toBe(true);
    expect((await post('/api/auth/admin-login', TEST_ADMIN, '192.0.2.2')).statusCode).toBe(429);
    expect((await post('/api/auth/admin-login', TEST_ADMIN, '192.0.2.3')).statusCode).toBe(200);
  });

  it('evaluates five of 20 applicant sign-ins sent at once; the applicant signs in from another client', async () => {
    const email = `burst.${randomUUID().slice(0, 8)}@example.com`;
    expect((await post('/api/auth/signup', { email, password: 'the right password' }, '192.0.2.4')).statusCode).toBe(201);
    const answers = await burst(20, '/api/auth/user-login', (i) => ({ email, password: `wrong password ${i}` }), '192.0.2.5');
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 401).map((r) => r.json().code)).toEqual(Array(5).fill('invalid_credentials'));
    expect(answers.filter((r) => r.statusCode === 429).every((r) => ['too_many_attempts', 'too_many_requests'].includes(r.json().code as string))).toBe(true);
    expect((await post('/api/auth/user-login', { email, password: 'the right password' }, '192.0.2.6')).statusCode).toBe(200);
  });

  it('a right premium code from a clean session and client is not held back by another client guessing', async () => {
    const code = await paidPremiumCode(t);
    await burst(10, '/api/premium/verify-access', (i) => ({ code: `PREMIUM-${50000000 + i}-XX` }), '192.0.2.7');
    expect((await post('/api/premium/verify-access', { code }, '192.0.2.7')).statusCode).toBe(429);
    const clean = await post('/api/premium/verify-access', { code }, '192.0.2.8');
    expect(clean.statusCode).toBe(200);
    expect(clean.json().valid).toBe(true);
  });

  it('counts an IPv6 client by its /64: a new address in the same block gets no new guesses', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const [answer] = await burst(1, '/api/premium/verify-access', () => ({ code: `PREMIUM-${60000000 + i}-XX` }), `2001:db8:31:7::${i}`);
      expect(answer?.statusCode).toBe(200);
    }
    const [same] = await burst(1, '/api/premium/verify-access', () => ({ code: 'PREMIUM-60000009-XX' }), '2001:db8:31:7:ffff::9');
    expect(same?.statusCode).toBe(429);
    const [other] = await burst(1, '/api/premium/verify-access', () => ({ code: 'PREMIUM-60000009-XX' }), '2001:db8:31:8::1');
    expect(other?.statusCode).toBe(200);
  });

  it('allows five resume-code tries from one client, however many arrive at once', async () => {
    const answers = await burst(12, '/api/leads/resume', () => ({ code: 'ABCD-2345', email: 'nobody@example.com' }), '192.0.2.9');
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });
});

/** Bodies of every kind: what a stranger might send to learn a route's schema. */
const BODIES: { name: string; payload?: string | Buffer; headers?: Record<string, string> }[] = [
  { name: 'none' },
  { name: 'an empty object', payload: '{}', headers: { 'content-type': 'application/json' } },
  { name: 'a wrong field', payload: '{"pricing":{"ESTA":"free"},"x":1}', headers: { 'content-type': 'application/json' } },
  { name: 'malformed JSON', payload: '{"pricing":', headers: { 'content-type': 'application/json' } },
  { name: 'plain text', payload: 'pricing=1', headers: { 'content-type': 'text/plain' } },
  { name: 'a body over the limit', payload: JSON.stringify({ x: 'y'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } },
  { name: 'a NUL character', payload: '{"pricing":"\\u0000"}', headers: { 'content-type': 'application/json' } },
];

describe('authorised before the body is read', () => {
  const admin = [
    ['PUT', '/api/admin/pricing'],
    ['PUT', '/api/admin/branding'],
  ] as const;
  for (const body of BODIES) {
    it(`anonymous admin writes answer 401 whatever the body: ${body.name}`, async () => {
      for (const [method, url] of admin) {
        const res = await t.app.inject({ method, url, ...(body.payload !== undefined ? { payload: body.payload } : {}), headers: body.headers ?? {} });
        expect([url, res.statusCode]).toEqual([url, 401]);
        expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sign in as an admin to continue.' });
      }
    });
  }

  it('admin reads with an unknown query answer 401 too, not a 400 about the query', async () => {
    for (const url of ['/api/admin/leads?nope=1', '/api/admin/analytics?timeRange=forever', '/api/admin/leads/export?x=%00']) {
      expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 401]);
    }
  });

  it('premium operations answer 403 to an unverified session whatever the body', async () => {
    for (const url of ['/api/premium/interview-prep', '/api/premium/evaluate-answer', '/api/premium/final-analysis', '/api/voice/text-to-speech', '/api/voice/speech-to-text']) {
      for (const body of BODIES) {
        const res = await t.app.inject({ method: 'POST', url, ...(body.payload !== undefined ? { payload: body.payload } : {}), headers: body.headers ?? {} });
        expect([url, body.name, res.statusCode]).toEqual([url, body.name, 403]);
      }
    }
  });

  it("another session's lead answers 403 to an update or a resume code whatever the body, an unknown lead 404", async () => {
    const owner = await post('/api/leads/immediate', { email: 'owner@example.com', formType: 'DS-160' }, '192.0.2.20');
    const leadId = owner.json().leadId as string;
    for (const body of BODIES) {
      const options = { ...(body.payload !== undefined ? { payload: body.payload } : {}), headers: body.headers ?? {} };
      expect([body.name, (await t.app.inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, ...options })).statusCode]).toEqual([body.name, 403]);
      expect([body.name, (await t.app.inject({ method: 'POST', url: `/api/leads/${leadId}/resume-code`, ...options })).statusCode]).toEqual([body.name, 403]);
      expect([body.name, (await t.app.inject({ method: 'PATCH', url: `/api/leads/${randomUUID()}/update`, ...options })).statusCode]).toEqual([body.name, 404]);
    }
    // The owner still gets validation's answer, naming the field.
    const cookie = sessionCookie(owner) as string;
    const mine = await t.app.inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, payload: { nope: 1 }, headers: { cookie } });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().message).toContain('nope');
  });

  it('the applications list answers 401 to a session not signed in, whatever the query', async () => {
    expect((await t.app.inject({ url: '/api/applications?x=%00' })).statusCode).toBe(401);
  });
});

describe('multipart limits', () => {
  const upload = (payload: Buffer, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/analyze-photo', payload, headers, remoteAddress: `192.0.2.${30 + Math.floor(Math.random() * 200)}` });
  const photo = { field: 'photo', name: 'photo.jpg', type: 'image/jpeg', bytes: new Uint8Array(2048) };

  it('refuses more text fields, a longer field or a second file with 413 in the error shape', async () => {
    const cases: [string, Awaited<ReturnType<typeof multipart>>, RegExp][] = [
      ['five fields', await multipart({ a: '1', b: '2', c: '3', d: '4', e: '5' }, photo), /too many parts/],
      ['a 2 KB field', await multipart({ note: 'x'.repeat(2048) }, photo), /body\.note: is over 1024 bytes/],
    ];
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(10)], { type: 'image/jpeg' }), 'a.jpg');
    form.append('photo', new Blob([new Uint8Array(10)], { type: 'image/jpeg' }), 'b.jpg');
    const twoFiles = new Response(form);
    cases.push(['two files', { payload: Buffer.from(await twoFiles.arrayBuffer()), headers: { 'content-type': twoFiles.headers.get('content-type') as string } }, /too many parts/]);
    for (const [name, body, message] of cases) {
      const res = await upload(body.payload, body.headers);
      expect([name, res.statusCode]).toEqual([name, 413]);
      expect(res.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: expect.stringMatching(message) });
    }
  });

  it('refuses a body over the route budget before reading it, and one that does not say its length', async () => {
    const big = await multipart({}, { ...photo, bytes: new Uint8Array(5 * 1024 * 1024) });
    const over = await upload(big.payload, big.headers);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/too large \(at most 4608 KB in all\)/);
    const body = await multipart({}, photo);
    const unmeasured = await t.app.inject({
      method: 'POST',
      url: '/api/analyze-photo',
      payload: Readable.from([body.payload]),
      headers: { ...body.headers, 'transfer-encoding': 'chunked' },
    });
    expect(unmeasured.statusCode).toBe(411);
  });

  it('still reads a photo sent as the browser sends it', async () => {
    const body = await multipart({}, photo);
    const res = await upload(body.payload, body.headers);
    // Zeros are not an image: the check itself answers, naming the field.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.photo: /);
  });
});

describe('one contract', () => {
  it('sends Set-Cookie once on every answer that makes or renews a session', async () => {
    const email = `cookie.${randomUUID().slice(0, 8)}@example.com`;
    const answers = {
      capture: await post('/api/leads/immediate', { email, formType: 'ESTA' }, '192.0.2.40'),
      signup: await post('/api/auth/signup', { email, password: 'a long passphrase' }, '192.0.2.41'),
      login: await post('/api/auth/user-login', { email, password: 'a long passphrase' }, '192.0.2.42'),
      guest: await post('/api/auth/guest-login', { email }, '192.0.2.43'),
      admin: await post('/api/auth/admin-login', TEST_ADMIN, '192.0.2.44'),
    };
    for (const [name, res] of Object.entries(answers)) {
      const header = res.headers['set-cookie'];
      expect([name, Array.isArray(header) ? header.length : 1]).toEqual([name, 1]);
      expect(String(header)).toMatch(/^rumbo\.sid=[^;]+; Path=\/api; Expires=[^;]+; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    }
  });

  it('sign-up answers the same to anyone for an e-mail that has an account, and signs nobody in', async () => {
    const email = `taken.${randomUUID().slice(0, 8)}@example.com`;
    expect((await post('/api/auth/signup', { email, password: 'the owner password' }, '192.0.2.50')).statusCode).toBe(201);
    const stranger = await post('/api/auth/signup', { email, password: 'a stranger password' }, '192.0.2.51');
    const owner = await post('/api/auth/signup', { email: email.toUpperCase(), password: 'the owner password' }, '192.0.2.52');
    for (const res of [stranger, owner]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'We could not create an account with these details. If you already have an account, sign in instead.', code: 'account_not_created' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe.skipIf(dialectUnderTest !== 'postgres')('two apps on one PostgreSQL database', () => {
  it('drop their cached prices when either changes them (LISTEN/NOTIFY), and after listening again', async () => {
    // The same data folder: its key file is the key ring the schema's values are sealed with (one key, as a second server of a deployment has).
    const other = await createTestApp({ pgSchema: t.config.pgSchema, dataDir: t.config.dataDir });
    try {
      const before = (await other.app.inject('/api/admin/pricing')).json();
      const cookie = await ownerCookie(t.app, '192.0.2.60');
      const pricing = { ...before, ESTA: before.ESTA + 3 };
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/pricing', payload: { pricing }, headers: { cookie } })).statusCode).toBe(200);
      const started = Date.now();
      let seen = before;
      while (seen.ESTA !== pricing.ESTA && Date.now() - started < 3_000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = (await other.app.inject('/api/admin/pricing')).json();
      }
      expect(seen.ESTA).toBe(pricing.ESTA);
      expect(Date.now() - started).toBeLessThan(1_000);

      // The listening connections are cut, and a change is made while they are down: its notice is lost, and each
      // app drops its copies once it listens again (a second later), well before the copies would age out (5 s).
      expect((await other.app.inject('/api/admin/pricing')).json().ESTA).toBe(pricing.ESTA);
      const cut = await withPg(process.env.DATABASE_URL as string, (c) =>
        c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [`LISTEN "rumbo_changes_${t.config.pgSchema}"`]),
      );
      expect(cut.rowCount).toBe(2);
      const later = { ...pricing, ESTA: pricing.ESTA + 1 };
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/pricing', payload: { pricing: later }, headers: { cookie } })).statusCode).toBe(200);
      const cutAt = Date.now();
      while (seen.ESTA !== later.ESTA && Date.now() - cutAt < 6_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = (await other.app.inject('/api/admin/pricing')).json();
      }
      expect(seen.ESTA).toBe(later.ESTA);
      expect(Date.now() - cutAt).toBeLessThan(4_000);
    } finally {
      await other.stop(); // the schema is t's, dropped when t closes
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('two apps on one database and one Redis', () => {
  it('drop their cached prices when either changes them (pub/sub), and after listening again', async () => {
    const keyPrefix = `rumbo-test:${randomUUID().slice(0, 8)}:`;
    const redis = { url: process.env.REDIS_URL as string, keyPrefix };
    // One database: the same SQLite folder, or the same PostgreSQL schema.
    const first = await createTestApp({ redis });
    const second = await createTestApp({ redis, dataDir: first.config.dataDir, ...(first.config.pgSchema ? { pgSchema: first.config.pgSchema } : {}) });
    const { Redis } = await import('ioredis');
    const admin = new Redis(redis.url);
    try {
      const read = async () => (await second.app.inject('/api/admin/pricing')).json() as { ESTA: number };
      const cookie = await ownerCookie(first.app);
      const change = async (ESTA: number) => {
        const res = await first.app.inject({ method: 'PUT', url: '/api/admin/pricing', payload: { pricing: { ...(await read()), ESTA } }, headers: { cookie } });
        expect(res.statusCode).toBe(200);
        return Date.now();
      };
      const until = async (ESTA: number, since: number, ms: number) => {
        while ((await read()).ESTA !== ESTA && Date.now() - since < ms) await new Promise((resolve) => setTimeout(resolve, 20));
        return Date.now() - since;
      };
      const base = (await read()).ESTA;
      expect(await until(base + 1, await change(base + 1), 3_000)).toBeLessThan(1_000);
      // The second app's listening connection is cut; a change made meanwhile is dropped once it listens again.
      const clients = String(await admin.client('LIST'));
      const id = new RegExp(`id=(\\d+) [^\\n]*name=${keyPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}notices`).exec(clients);
      expect(id).not.toBeNull();
      await read();
      await admin.client('KILL', 'ID', id?.[1] as string);
      const elapsed = await until(base + 2, await change(base + 2), 6_000);
      expect((await read()).ESTA).toBe(base + 2);
      expect(elapsed).toBeLessThan(4_000);
      // Listening again means subscribed again: both apps are on the channel once more.
      const subscribers = async () => Number(((await admin.pubsub('NUMSUB', `${keyPrefix}changes`)) as [string, number])[1]);
      const since = Date.now();
      while ((await subscribers()) < 2 && Date.now() - since < 3_000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await subscribers()).toBe(2);
    } finally {
      await second.stop(); // the first owns the shared database and drops it
      await first.close();
      const keys = await admin.keys(`${keyPrefix}*`);
      if (keys.length) await admin.del(...keys);
      admin.disconnect();
    }
  });
});
