import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import { messageIdOf } from '../../server/services/mail/outbox';
import { completeAnswers } from '../helpers/answers';
import { createTestApp, dialectUnderTest, type TestApp } from '../helpers/app';
import { PAYING_CARD as CARD } from '../helpers/card';
import { buildTestServer, SERVER_START_MS, startServer, type RunningServer } from '../helpers/servers';
import { TestSmtp } from '../helpers/smtp';

// Issue 43's crash clause: the server process that dispatches a payment's e-mail is killed with SIGKILL while the
// SMTP server holds the receipt's data unanswered (mid-send: the process cannot know whether it was taken). Started
// again on the same data folder, it sends every message of the payment, each exactly once, and the one it was
// sending carries the Message-ID it had (derived from the event key), so a receiving server can tell a copy.
// SQLite only: there one process dispatches, so a message it left `sending` is taken again at once; on PostgreSQL
// a dead process's message waits for its 120 s lease (pg-boss's expiry), too long for this suite.

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

async function waitFor<T>(read: () => T, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = read();
  }
  return value;
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
    smtp.holding = true;
    const created = await fetch(`${first.base}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kim Crash', email: to, formType: 'DS-160', nationality: 'Mexico', travelPurpose: 'Tourism/Vacation', formData: completeAnswers(ds160Catalog), completionStatus: 'completed', paymentStatus: 'pending', source: 'apply-wizard' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const paid = await fetch(`${first.base}/api/checkout/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ plan: 'basic', idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, email: to, paymentDetails: CARD }),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const order = (await paid.json()) as { id: string };

    // The first message's data is at the SMTP server, unanswered: the process is killed there.
    const held = await waitFor(() => smtp.held.filter((m) => m.to === to), (h) => h.length === 1, 20_000);
    expect(held, 'a message held mid-send').toHaveLength(1);
    process.kill(first.pid, 'SIGKILL');
    await first.stop();
    smtp.holding = false;
    expect(smtp.to(to)).toEqual([]);

    // Started again on the same data folder (in this process: a second child start costs CI seconds for nothing).
    restarted = await createTestApp({ dataDir, sessionSecret: SESSION_SECRET, mail: { smtpUrl: smtp.url, from: 'Rumbo <hello@rumbo.test>', dkim: undefined, retries: 6, retrySeconds: 1 } });
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
