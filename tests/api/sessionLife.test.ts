import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession } from '../../db/queries/sessions';
import { DbSessionStore } from '../../server/plugins/session/session';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

// Issue 41: sessions are free, so a browser that only knocks (a refused code, a chat turn) must not leave a row for
// 30 days. A session with no identity that owns nothing lapses after ANONYMOUS_SESSION_HOURS; one whose owner token
// owns a row (even one made in a later request that did not write the session again) keeps its 30 days. The clock
// is the sweep's `now`, not a sleep. CI runs this file on SQLite and again on PostgreSQL.

const HOURS = 3;
const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ anonymousSessionHours: HOURS, rateLimitPerMinute: 100_000, newSessionsPerAddressPerHour: 100_000 });
});
afterAll(async () => t.close());

const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] as string;
const rows = async () => (await t.app.db.selectFrom('sessions').select(['sid', 'idle_until']).execute()).map((r) => ({ sid: r.sid, idle: r.idle_until }));
const guess = (i: number, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/premium/verify-access',
    remoteAddress: `10.70.${Math.floor(i / 250)}.${i % 250}`,
    payload: { code: `WRONG${String(i).padStart(5, '0')}` },
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe(`sessions that own nothing, on ${dialectUnderTest}`, () => {
  it('300 refused guesses from new browsers leave rows for hours, none after the sweep; a guest with an application keeps hers', async () => {
    const before = (await rows()).length;
    const answers = [];
    for (let i = 0; i < 300; i += 1) answers.push(await guess(i));
    expect(new Set(answers.map((a) => a.json().valid))).toEqual(new Set([false]));
    const knocked = answers.map((a) => sessionCookie(a)).filter((c): c is string => Boolean(c));
    expect(knocked.length).toBe(300);
    expect((await rows()).length).toBe(before + 300);

    // A guest who saved an application (the capture writes the lead and its session in one transaction).
    const capture = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', remoteAddress: '10.70.9.1', payload: { email: 'guest@example.com', formType: 'ESTA' } });
    expect(capture.statusCode).toBe(201);
    const guest = sessionCookie(capture) as string;
    // A browser that first knocked, then made a lead in a request that did not write its session again.
    const later = sessionCookie(await guess(900)) as string;
    const laterToken = JSON.parse((await t.app.db.selectFrom('sessions').select('data').where('sid', '=', sidOf(later)).executeTakeFirstOrThrow()).data).ownerToken;
    expect(typeof laterToken).toBe('string');
    const made = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', remoteAddress: '10.70.9.2', payload: { email: 'later@example.com', formType: 'ESTA' }, headers: { cookie: later } });
    expect(made.statusCode).toBe(201);
    await t.app.db.updateTable('sessions').set({ idle_until: Date.now() + 60_000 }).where('sid', '=', sidOf(later)).execute();

    // Within the hours nothing is swept.
    await t.app.sweeps.sessions(Date.now() + (HOURS - 1) * HOUR_MS);
    expect((await rows()).length).toBe(before + 302);

    await t.app.sweeps.sessions(Date.now() + (HOURS + 1) * HOUR_MS);
    const left = new Set((await rows()).map((r) => r.sid));
    for (const cookie of knocked) expect(left.has(sidOf(cookie))).toBe(false);
    expect(left.has(sidOf(guest))).toBe(true);
    expect(left.has(sidOf(later))).toBe(true);
    // And they still read back, hours on, as the browser's session.
    expect(await readSession(t.app.db, sidOf(guest), Date.now() + (HOURS + 1) * HOUR_MS)).toBeDefined();
    expect(await readSession(t.app.db, sidOf(later), Date.now() + (HOURS + 1) * HOUR_MS)).toBeDefined();
    // 30 days on, the cookie's own expiry ends every one.
    await t.app.sweeps.sessions(Date.now() + 31 * 24 * HOUR_MS);
    expect((await rows()).length).toBe(0);
  });

  it('a session that lapsed unswept reads as none: the browser starts afresh rather than keeping a stale token', async () => {
    const cookie = sessionCookie(await guess(1000)) as string;
    expect(await readSession(t.app.db, sidOf(cookie), Date.now())).toBeDefined();
    expect(await readSession(t.app.db, sidOf(cookie), Date.now() + (HOURS + 1) * HOUR_MS)).toBeUndefined();
  });

  it('a session with an identity keeps the cookie’s 30 days though it owns nothing', async () => {
    const sid = 'identity-session-0001';
    const expires = new Date(Date.now() + 30 * 24 * HOUR_MS).toISOString();
    await new Promise<void>((resolve, reject) =>
      new DbSessionStore(t.app.db, HOURS * HOUR_MS).set(sid, { cookie: { expires }, ownerToken: 'identity-token', premium: { orderId: 'o-1' } } as never, (err) => (err ? reject(err) : resolve())),
    );
    await t.app.sweeps.sessions(Date.now() + (HOURS + 1) * HOUR_MS);
    expect((await rows()).some((r) => r.sid === sid && r.idle === null)).toBe(true);
  });
});
