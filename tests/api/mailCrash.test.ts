import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import { messageIdOf } from '../../server/services/mail/outbox';
import { completeAnswers } from '../helpers/answers';
import { createTestApp, dialectUnderTest, withPg, type TestApp } from '../helpers/app';
import { PAYING_CARD as CARD } from '../helpers/card';
import { buildTestServer, SERVER_START_MS, startServer, type RunningServer } from '../helpers/servers';
import { TestSmtp } from '../helpers/smtp';
import { waitFor } from '../helpers/waitFor';

// Issue 43's crash clause: the server process that dispatches a payment's e-mail is killed with SIGKILL while the
// SMTP server holds the receipt's data unanswered (mid-send: the process cannot know whether it was taken). Started
// again on the same data folder, it sends every message of the payment, each exactly once, and the one it was
// sending carries the Message-ID it had (derived from the event key), so a receiving server can tell a copy.
// On SQLite one process dispatches, so a message it left `sending` is taken again at once. On PostgreSQL a dead
// process's message waits for its lease (MAIL_LEASE_SECONDS, 120 s) and pg-boss's upkeep (JOBS_SUPERVISE_SECONDS):
// both are cut short here, so the same kill is proved there too, through the job engine that shares the work.

const smtp = new TestSmtp();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-mail-crash-'));
const env = () => ({
  DATA_DIR: dataDir,
  SESSION_SECRET,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Rumbo <hello@rumbo.test>',
  MAIL_RETRIES: '6',
  MAIL_RETRY_SECONDS: '1',
  LOG_LEVEL: 'error',
});
const SESSION_SECRET = 'c'.repeat(64);
let child: RunningServer | undefined;
let restarted: TestApp | undefined;

/** A buyer pays a complete DS-160 at a running server: its messages (receipt, next steps) go to `to`. */
async function pay(base: string, to: string): Promise<{ id: string }> {
  const created = await fetch(`${base}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kim Crash', email: to, formType: 'DS-160', nationality: 'Mexico', travelPurpose: 'Tourism/Vacation', formData: completeAnswers(ds160Catalog), completionStatus: 'completed', paymentStatus: 'pending', source: 'apply-wizard' }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const paid = await fetch(`${base}/api/checkout/process`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ plan: 'basic', idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, email: to, paymentDetails: CARD }),
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return (await paid.json()) as { id: string };
}

/** Pays at `server`, and kills it with SIGKILL once the first message's data is at the SMTP server, unanswered. */
async function payAndKillMidSend(server: RunningServer, to: string) {
  smtp.holding = true;
  const order = await pay(server.base, to);
  const held = await waitFor(() => smtp.held.filter((m) => m.to === to), (h) => h.length === 1, 30_000);
  expect(held, 'a message held mid-send').toHaveLength(1);
  process.kill(server.pid, 'SIGKILL');
  await server.stop();
  smtp.holding = false;
  expect(smtp.to(to)).toEqual([]);
  return { order, held };
}

describe.runIf(dialectUnderTest === 'sqlite')('e-mail across a SIGKILL mid-send', () => {
  beforeAll(async () => {
    await smtp.start();
    buildTestServer();
  });
  afterAll(async () => {
    await child?.stop();
    // Its close removes the data folder.
    if (restarted) await restarted.close();
    else fs.rmSync(dataDir, { recursive: true, force: true });
    await smtp.stop();
  });

  it('delivers every message of a payment exactly once, the one being sent with its own Message-ID', async () => {
    const first = await startServer(env());
    child = first;
    const to = `crash.${randomUUID().slice(0, 8)}@example.com`;
    const { order, held } = await payAndKillMidSend(first, to);

    // Started again on the same data folder (in this process: a second child start costs CI seconds for nothing).
    restarted = await createTestApp({ dataDir, sessionSecret: SESSION_SECRET, mail: { smtpUrl: smtp.url, from: 'Rumbo <hello@rumbo.test>', dkim: undefined, retries: 6, retrySeconds: 1, leaseSeconds: 120 } });
    const delivered = await waitFor(() => smtp.to(to), (r) => r.length >= 2, 30_000);
    // Anything sent twice would arrive within the retries' first waits.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.to(to).map((m) => m.mail.subject)).toHaveLength(2);
    const ids = delivered.map((m) => m.mail.messageId).sort();
    expect(ids).toEqual([messageIdOf(`receipt:${order.id}`, 'rumbo.test'), messageIdOf(`next-steps:${order.id}`, 'rumbo.test')].sort());
    expect(ids).toContain(held[0]?.mail.messageId);

    const db = new SQLite(path.join(dataDir, 'rumbo.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('select event_key, state, attempts from emails where recipient = ? order by event_key').all(to) as Array<{ event_key: string; state: string; attempts: number }>;
      expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
      // The held message was taken twice (before and after the kill), the other once.
      expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
    } finally {
      db.close();
    }
  }, 60_000 + 2 * SERVER_START_MS);
});

const PG_URL = process.env.DATABASE_URL as string;
/** Short enough for a test, long enough for a loaded machine's SMTP exchange on loopback (its timeouts are fitted inside). */
const LEASE_SECONDS = 6;

describe.runIf(dialectUnderTest === 'postgres')('e-mail across a SIGKILL mid-send on PostgreSQL', () => {
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-mail-crash-pg-'));
  let dead: RunningServer | undefined;
  let after: TestApp | undefined;
  beforeAll(async () => {
    await smtp.start();
    buildTestServer();
    await withPg(PG_URL, (c) => c.query(`CREATE SCHEMA ${pgSchema}`));
  });
  afterAll(async () => {
    await dead?.stop();
    // Its close drops the schema and removes the data folder.
    if (after) await after.close();
    else {
      await withPg(PG_URL, (c) => c.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`));
      fs.rmSync(pgDataDir, { recursive: true, force: true });
    }
    await smtp.stop();
  });

  it('sends the message a killed process held once its lease runs out, every message once, the held one with its Message-ID', async () => {
    const mail = { MAIL_RETRIES: '6', MAIL_RETRY_SECONDS: '1', MAIL_LEASE_SECONDS: String(LEASE_SECONDS), JOBS_SUPERVISE_SECONDS: '1' };
    const first = await startServer({ ...env(), ...mail, DATA_DIR: pgDataDir, DATABASE_URL: PG_URL, PG_SCHEMA: pgSchema });
    dead = first;
    const to = `crash.pg.${randomUUID().slice(0, 8)}@example.com`;
    const { order, held } = await payAndKillMidSend(first, to);
    const killedAt = Date.now();

    // Another process on the same database (pg-boss's queue in its schema): the dead one's jobs come back when their
    // lease has run out and the upkeep has seen it, and its messages are taken again.
    after = await createTestApp({
      dataDir: pgDataDir,
      sessionSecret: SESSION_SECRET,
      databaseUrl: PG_URL,
      pgSchema,
      jobs: { pgSchema: undefined, superviseSeconds: 1 },
      mail: { smtpUrl: smtp.url, from: 'Rumbo <hello@rumbo.test>', dkim: undefined, retries: 6, retrySeconds: 1, leaseSeconds: LEASE_SECONDS },
    });
    const delivered = await waitFor(() => smtp.to(to), (r) => r.length >= 2, 45_000);
    const recoveredMs = Math.max(...delivered.map((m) => m.at)) - killedAt;
    // A copy would come at the next lease's end: wait past it.
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 3) * 1000));
    expect(smtp.to(to).map((m) => m.mail.subject), `delivered ${recoveredMs} ms after the kill`).toHaveLength(2);
    const ids = delivered.map((m) => m.mail.messageId).sort();
    expect(ids).toEqual([messageIdOf(`receipt:${order.id}`, 'rumbo.test'), messageIdOf(`next-steps:${order.id}`, 'rumbo.test')].sort());
    expect(ids).toContain(held[0]?.mail.messageId);
    // Not before the lease: a live send is never taken for dead.
    expect(recoveredMs).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 1_000);
    const rows = await after.app.db.selectFrom('emails').select(['state', 'attempts']).where('recipient', '=', to).execute();
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    console.info(`mailCrash (PostgreSQL): both messages delivered once, the last ${recoveredMs} ms after the kill (lease ${LEASE_SECONDS} s, upkeep every 1 s)`);
  }, 90_000 + 2 * SERVER_START_MS);
});
