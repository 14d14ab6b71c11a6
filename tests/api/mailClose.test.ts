import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../db/groupCommit';
import { findEmail, insertEmailOnce } from '../../db/queries/emails';
import { Dispatcher, Stopping } from '../../server/services/mail/dispatch';
import type { DraftSources } from '../../server/services/mail/drafts';
import { messageIdOf } from '../../server/services/mail/outbox';
import type { Delivery, MailTransport, OutgoingMail } from '../../server/services/mail/transport';
import { createTestApp, type TestApp } from '../helpers/app';

// Issue 43's restart clause on a clean stop (the race mailui3 saw on PostgreSQL under load: a stop that ended while
// a message was still being drawn left it `sending` until pg-boss's 120 s lease ran out). The dispatcher runs here
// over the app's real database (SQLite, or PostgreSQL with DATABASE_URL) with a transport and a draw the test holds,
// so each moment of a stop is reached on purpose rather than by luck.

/** A promise the test settles itself. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

class HeldTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly describe = 'held';
  readonly sent: OutgoingMail[] = [];
  hold: Promise<void> = Promise.resolve();
  async send(mail: OutgoingMail): Promise<Delivery> {
    await this.hold;
    this.sent.push(mail);
    return { accepted: true, response: '250 taken' };
  }
  close(): void {}
}

const log = pino({ level: 'silent' });
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A process's dispatcher over the app's database: its draw waits for `drawing` (a resume link's code). */
function dispatcher(transport: MailTransport, drawing: Promise<void> = Promise.resolve(), leaseSeconds = 120): Dispatcher {
  const sources = {
    brand: async () => 'Rumbo',
    baseUrl: () => 'http://localhost:1',
    resumeCode: async () => {
      await drawing;
      return { code: 'ABCD2345', expiresAt: '2030-01-01T00:00:00.000Z' };
    },
  } as Partial<DraftSources> as DraftSources;
  return new Dispatcher(t.app.db, transport, sources, { retries: 3, leaseSeconds, from: () => ({ name: 'Rumbo', address: 'hello@rumbo.test' }) }, log);
}

async function queued(): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  const key = `resume:${id}`;
  await transact(t.app.db, (trx) =>
    insertEmailOnce(trx, {
      id, event_key: key, kind: 'resumeLink', recipient: `close-${id.slice(0, 8)}@example.com`, language: 'en', data: JSON.stringify({ resumeCodeId: id }),
      state: 'queued', attempts: 0, message_id: messageIdOf(key, 'rumbo.test'), subject: null, transport: null, smtp_response: null, last_error: null,
      resend_of: null, created_at: at, updated_at: at, claimed_at: null, sent_at: null,
    }),
  );
  return id;
}

const job = (id: string, attempt = 1) => ({ id: randomUUID(), name: 'mail.send', key: id, data: { id }, attempt });
const state = async (id: string) => (await findEmail(t.app.db, id))?.state;

describe('a clean stop of the e-mail dispatcher', () => {
  it('puts back a message still being drawn when its wait is over, sends nothing of it, and the next start sends it once', async () => {
    const id = await queued();
    const transport = new HeldTransport();
    const draw = gate();
    const first = dispatcher(transport, draw.wait);
    const attempt = first.handle(job(id));
    attempt.catch(() => {});
    await expect.poll(() => state(id)).toBe('sending');
    const started = Date.now();
    await first.close(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Queued again at once: without it, the message stayed `sending` for the lease (120 s) after a restart.
    expect(await state(id)).toBe('queued');
    // The draw ends after the stop: that attempt sends nothing, and fails (its job is retried).
    draw.open();
    await expect(attempt).rejects.toBeInstanceOf(Stopping);
    expect(transport.sent).toHaveLength(0);
    expect(await state(id)).toBe('queued');
    // The next process sends it, once.
    await dispatcher(transport).handle(job(id, 2));
    expect(await state(id)).toBe('sent');
    expect(transport.sent.map((m) => m.to)).toHaveLength(1);
  });

  it('waits for a message on the wire, whose answer is recorded before the stop ends', async () => {
    const id = await queued();
    const transport = new HeldTransport();
    const wire = gate();
    transport.hold = wire.wait;
    const first = dispatcher(transport);
    const attempt = first.handle(job(id));
    await expect.poll(() => state(id)).toBe('sending');
    const closed = first.close(10_000);
    setTimeout(wire.open, 300);
    await closed;
    await attempt;
    expect(await state(id)).toBe('sent');
    expect(transport.sent).toHaveLength(1);
  });

  it('takes no new message once stopping, except on its last attempt', async () => {
    const [later, last] = [await queued(), await queued()];
    const transport = new HeldTransport();
    const first = dispatcher(transport);
    await first.close(1_000);
    // An ordinary attempt is refused untouched: the job is retried, here or in another process.
    await expect(first.handle(job(later))).rejects.toBeInstanceOf(Stopping);
    expect(await findEmail(t.app.db, later)).toMatchObject({ state: 'queued', attempts: 0 });
    // The last one is made (refused, its message would stay queued with no job left to send it).
    await first.handle(job(last, 4));
    expect(await state(last)).toBe('sent');
  });

  it('does not queue again a message another process has taken since (a lease that ran out)', async () => {
    const id = await queued();
    const draw = gate();
    const first = dispatcher(new HeldTransport(), draw.wait);
    const attempt = first.handle(job(id));
    attempt.catch(() => {});
    await expect.poll(() => state(id)).toBe('sending');
    // Another process takes it over (as after the lease): its own claim time.
    const later = new Date(Date.now() + 1000).toISOString();
    await t.app.db.updateTable('emails').set({ claimed_at: later }).where('id', '=', id).execute();
    await first.close(100);
    expect(await findEmail(t.app.db, id)).toMatchObject({ state: 'sending', claimed_at: later });
    draw.open();
    await expect(attempt).rejects.toBeInstanceOf(Stopping);
  });
});

// MAIL_LEASE_SECONDS may be short (a test's, a deployment's choice): a draw can outlast it (a process's first
// receipt loads its PDF fonts), and pg-boss then gives the job to another attempt while this one still runs.
describe('a lease that runs out while a message is drawn', () => {
  it('sends nothing from the attempt that drew too long once another has taken the message: one delivery', async () => {
    const id = await queued();
    const transport = new HeldTransport();
    const draw = gate();
    const slow = dispatcher(transport, draw.wait, 1);
    const attempt = slow.handle(job(id));
    attempt.catch(() => {});
    await expect.poll(() => state(id)).toBe('sending');
    // Within the lease, another attempt leaves it to this one (and is retried after its wait).
    await expect(dispatcher(transport, Promise.resolve(), 1).handle(job(id, 2))).rejects.toThrow(/being sent by another attempt/);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Past it, another attempt takes it and sends it.
    await dispatcher(transport, Promise.resolve(), 1).handle(job(id, 3));
    expect(transport.sent).toHaveLength(1);
    // The first draw ends: its hold is gone, and it sends nothing.
    draw.open();
    await expect(attempt).rejects.toThrow(/another attempt took this message/);
    expect(transport.sent).toHaveLength(1);
    expect(await findEmail(t.app.db, id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('renews the hold as the message goes on the wire: a slow server is not taken for a dead sender', async () => {
    const id = await queued();
    const transport = new HeldTransport();
    const draw = gate();
    const wire = gate();
    transport.hold = wire.wait;
    const first = dispatcher(transport, draw.wait, 3).handle(job(id));
    await expect.poll(() => state(id)).toBe('sending');
    const claimedAt = (await findEmail(t.app.db, id))?.claimed_at;
    // Drawn for most of the lease, then on the wire: the lease starts again there.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    draw.open();
    await expect.poll(async () => (await findEmail(t.app.db, id))?.claimed_at).not.toBe(claimedAt);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // Over the lease since the claim, inside it since the renewal: still this attempt's.
    await expect(dispatcher(transport, Promise.resolve(), 3).handle(job(id, 2))).rejects.toThrow(/being sent by another attempt/);
    wire.open();
    await first;
    expect(transport.sent).toHaveLength(1);
    expect(await findEmail(t.app.db, id)).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
