import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import { completeAnswers } from '../helpers/answers';
import { createTestApp, dialectUnderTest, sessionCookie, withPg, type TestApp } from '../helpers/app';
import { PAYING_CARD as CARD } from '../helpers/card';
import { relayTo, type Relay } from '../helpers/proxy';
import { TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/waitFor';

// Issue 43 with issue 41: the database goes away while a message is on the wire. The mail server takes it, and the
// dispatcher cannot record so (PostgreSQL cut through a relay this test owns; SQLite held locked by another
// connection). The answer is recorded once the database is back, and the message is delivered once: left `sending`,
// it would have gone again at its lease's end. Meanwhile requests answer 503 `service_unavailable`. Then, on
// PostgreSQL, every connection of the server (pool, LISTEN, pg-boss) is terminated (pg_terminate_backend): the mail
// worker and the jobs clock go on by themselves. CI runs this file on SQLite and again on PostgreSQL.

const PG_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
/** Short, so a copy sent at the lease's end would come within the test's wait. */
const LEASE_SECONDS = 6;
/** How long the database stays away: under the lease, over the SQLite busy timeout and the PostgreSQL connect timeout. */
const AWAY_MS = 2_500;

const smtp = new TestSmtp();
let t: TestApp;
let relay: Relay | undefined;
const pgSchema = `t_${randomBytes(6).toString('hex')}`;
/** The SQLite connection holding the write lock while the database is "away". */
let locker: Database.Database | undefined;

beforeAll(async () => {
  await smtp.start();
  const overrides = {
    rateLimitPerMinute: 100_000,
    // The clock of a recurring job, seen running after the connections are terminated.
    reconcile: { graceMs: 30_000, everyMs: 1_000 },
    jobs: { pgSchema: undefined, superviseSeconds: 1 },
    mail: { smtpUrl: smtp.url, from: 'Rumbo <hello@rumbo.test>', dkim: undefined, retries: 6, retrySeconds: 1, leaseSeconds: LEASE_SECONDS },
  };
  if (PG_URL) {
    relay = await relayTo(PG_URL);
    await withPg(PG_URL, (c) => c.query(`CREATE SCHEMA ${pgSchema}`));
    t = await createTestApp({ ...overrides, databaseUrl: relay.through(PG_URL), pgSchema });
  } else {
    t = await createTestApp(overrides);
  }
});
afterAll(async () => {
  locker?.close();
  await relay?.open().catch(() => {});
  await t?.close();
  await relay?.cut();
  await smtp.stop();
});

async function goAway(): Promise<void> {
  if (relay) return relay.cut();
  locker = new Database(path.join(t.config.dataDir, 'rumbo.sqlite'));
  locker.pragma('busy_timeout = 0');
  locker.exec('BEGIN IMMEDIATE');
}

async function comeBack(): Promise<void> {
  if (relay) {
    await relay.open();
    return;
  }
  locker?.exec('ROLLBACK');
  locker?.close();
  locker = undefined;
}

let client = 0;
/** A buyer pays a complete DS-160: its messages (receipt, next steps) go to `to`. */
async function pay(to: string): Promise<{ id: string }> {
  client += 1;
  const remoteAddress = `10.43.77.${client}`;
  const created = await t.app.inject({
    method: 'POST', url: '/api/leads', remoteAddress,
    payload: { name: 'Kim Away', email: to, formType: 'DS-160', nationality: 'Mexico', travelPurpose: 'Tourism/Vacation', formData: completeAnswers(ds160Catalog), completionStatus: 'completed', paymentStatus: 'pending', source: 'apply-wizard' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const paid = await t.app.inject({
    method: 'POST', url: '/api/checkout/process', remoteAddress, headers: { cookie: sessionCookie(created) as string },
    payload: { plan: 'basic', idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, email: to, paymentDetails: CARD },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json() as { id: string };
}

const rowsOf = (to: string) => t.app.db.selectFrom('emails').select(['event_key', 'state', 'attempts']).where('recipient', '=', to).orderBy('event_key').execute();

function expectUnavailable(answer: LightMyRequestResponse): void {
  expect(answer.statusCode, answer.body).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.json()).toMatchObject({ code: 'service_unavailable' });
}

describe(`e-mail while the database goes away on ${dialectUnderTest}`, () => {
  it('records a message the mail server took while the database was away, and delivers it once', async () => {
    const to = `away.${randomUUID().slice(0, 8)}@example.com`;
    smtp.pausing = true;
    await pay(to);
    const paused = await waitFor(() => smtp.paused.filter((m) => m.to === to), (p) => p.length === 1, 30_000);
    expect(paused, 'a message on the wire').toHaveLength(1);

    await goAway();
    // The mail server takes it now: the dispatcher cannot say so to the database.
    smtp.resume();
    const cameBackAt = Date.now() + AWAY_MS;
    // While away, a request is answered 503 with its code, not a hang or a 500.
    expectUnavailable(await t.app.inject({ method: 'POST', url: '/api/leads/immediate', remoteAddress: '10.43.78.1', payload: { email: `w.${randomUUID().slice(0, 6)}@example.com`, formType: 'ESTA' } }));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cameBackAt - Date.now())));
    await comeBack();

    const rows = await waitFor(() => rowsOf(to), (r) => r.length === 2 && r.every((row) => row.state === 'sent'), 30_000);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    // A copy would be sent once the held message's lease ran out (and pg-boss's upkeep saw it): wait past that.
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 3) * 1000));
    expect(smtp.to(to).map((m) => m.mail.messageId).sort()).toEqual([...new Set(smtp.to(to).map((m) => m.mail.messageId))].sort());
    expect(smtp.to(to)).toHaveLength(2);
    // The message that was on the wire among them, once.
    expect(smtp.to(to).filter((m) => m.mail.messageId === paused[0]?.mail.messageId)).toHaveLength(1);
  }, 90_000);

  it.runIf(PG_URL)('keeps sending e-mail and running scheduled jobs after every connection is terminated', async () => {
    const terminated = await withPg(PG_URL as string, (c) =>
      c.query<{ n: number; names: string[] }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n, array_agg(DISTINCT split_part(application_name, ':', 1)) AS names FROM pg_stat_activity WHERE application_name LIKE $1`,
        [`%:${pgSchema}`],
      ),
    );
    const since = new Date().toISOString();
    // The pool, the LISTEN connection and pg-boss's: all of them went.
    expect(terminated.rows[0]?.names.sort()).toEqual(['rumbo', 'rumbo-jobs', 'rumbo-notices']);
    const to = `terminated.${randomUUID().slice(0, 8)}@example.com`;
    // Requests go on at once: a connection not yet known dead may answer 503, never a 500.
    const statuses: number[] = [];
    await waitFor(
      async () => {
        const answer = await t.app.inject({ method: 'POST', url: '/api/leads/immediate', remoteAddress: '10.43.78.2', payload: { email: `w.${randomUUID().slice(0, 6)}@example.com`, formType: 'ESTA' } });
        statuses.push(answer.statusCode);
        return answer.statusCode;
      },
      (status) => status === 201,
      5_000,
    );
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(statuses.at(-1)).toBe(201);
    await pay(to);
    const delivered = await smtp.until((r) => r.filter((m) => m.to === to).length >= 2, 30_000);
    expect(delivered.filter((m) => m.to === to)).toHaveLength(2);
    // The jobs clock (every second here) and pg-boss's worker: a scheduled run finished after the termination.
    const runs = await waitFor(
      () => t.app.db.selectFrom('job_runs').select(['name', 'outcome']).where('name', '=', 'orders.reconcile').where('finished_at', '>', since).execute(),
      (r) => r.some((run) => run.outcome === 'completed'),
      15_000,
    );
    expect(runs.map((r) => r.outcome)).toContain('completed');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);
});
