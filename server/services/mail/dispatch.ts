import type { FastifyBaseLogger } from 'fastify';
import { transact } from '../../../db/groupCommit';
import type { Db } from '../../../db/index';
import type { EmailRow } from '../../../db/schema';
import { claimEmail, emailState, finishEmail, releaseEmail, renewEmailClaim, type EmailOutcome } from '../../../db/queries/emails';
import type { Job } from '../jobs/runner';
import { draft, Undrawable, type DraftSources } from './drafts';
import { languageOf } from './outbox';
import type { MailTransport } from './transport';

export interface DispatchOptions {
  /** Retries after the first attempt (the job runner's retry limit for the queue). */
  retries: number;
  /**
   * MAIL_LEASE_SECONDS: a message `sending` for longer was left by a dead process. The hold is renewed just before the
   * message goes on the wire, and the SMTP exchange's timeouts fit inside it (transport.ts), so a live send never
   * outlasts it however long the drawing took.
   */
  leaseSeconds: number;
  /**
   * When this process began to dispatch, where it is the only one that does (SQLite's runner): a message taken
   * (`sending`) before then was left by a process that died, and is taken again at once rather than after the lease.
   */
  aloneSince?: Date | undefined;
  /** The From header for the brand's current name. */
  from: (brand: string) => { name: string; address: string };
}

/** One message this process has taken: drawn until it is handed to the transport, then on the wire. */
interface InFlight {
  id: string;
  claimedAt: string;
  phase: 'drawing' | 'wire';
  /** Put back in the queue by `close`: the attempt must not send it. */
  released: boolean;
  done: Promise<void>;
}

/** Thrown by an attempt the stopping server will not make: the job is retried after its wait (here or elsewhere). */
export class Stopping extends Error {}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * Sends one outbox message per job (issue 43). The message is taken (`sending`) in one statement, so of two
 * workers that get the same job only one sends it; one already sent or given up on is left alone, which is what
 * makes a message go at most once per event key. It is drawn now, in its recorded language, sent with the
 * Message-ID derived from its key, and the transport's answer is recorded. A refusal that may pass later (the
 * server is down, a 4xx) puts it back in the queue and fails the job, so the runner retries it after a growing
 * wait; a permanent one (5xx), or the last retry, fails it for good.
 *
 * A clean stop (`close`) takes no new message, waits (bounded) for the ones in hand, and puts back in the queue
 * those still being drawn when the wait is over, so the next start sends them; one on the wire then is left
 * `sending` (whether the server took it is unknown), as a crash would leave it.
 */
export class Dispatcher {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly sources: DraftSources,
    private readonly options: DispatchOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  private readonly inFlight = new Set<InFlight>();
  private closing = false;

  async handle(job: Job<{ id?: unknown }>): Promise<void> {
    const id = typeof job.data.id === 'string' ? job.data.id : '';
    const last = job.attempt > this.options.retries;
    // A last attempt is made even while stopping (the stop waits for it): failed now, its message would stay queued
    // with no job left to send it.
    if (this.closing && !last) throw new Stopping('this server is stopping: the message is sent at a later attempt');
    const now = Date.now();
    const staleBefore = new Date(Math.max(now - this.options.leaseSeconds * 1000, this.options.aloneSince?.getTime() ?? 0)).toISOString();
    const row = await transact(this.db, (trx) => claimEmail(trx, id, new Date(now).toISOString(), staleBefore));
    if (!row) {
      // Sent, failed for good, or gone: nothing to do, and nothing to retry. Being sent by another attempt: that
      // attempt may be in a process that died mid-send, so this job comes back after a wait (the lease runs out
      // meanwhile); completing it now would leave the message `sending` for ever, lost.
      if ((await emailState(this.db, id)) === 'sending') throw new Error('the message is being sent by another attempt; tried again after a wait');
      return;
    }
    let settle = () => {};
    const attempt: InFlight = { id: row.id, claimedAt: row.claimed_at ?? '', phase: 'drawing', released: false, done: new Promise<void>((resolve) => (settle = resolve)) };
    this.inFlight.add(attempt);
    try {
      await this.send(row, attempt, last, job.attempt);
    } finally {
      this.inFlight.delete(attempt);
      settle();
    }
  }

  /**
   * A clean stop: no message is taken from now on; the ones in hand get up to `waitMs` to finish. Those still being
   * drawn then are queued again (their attempts, when they end, send nothing); those on the wire are left as they are.
   */
  async close(waitMs: number): Promise<void> {
    this.closing = true;
    const deadline = Date.now() + waitMs;
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
      await Promise.race([Promise.race([...this.inFlight].map((a) => a.done)), timeUp]);
      clearTimeout(timer);
    }
    for (const attempt of this.inFlight) {
      if (attempt.phase === 'wire') {
        this.log.warn({ email: attempt.id }, 'stopped while a message was on the wire: it stays `sending` until its lease runs out');
        continue;
      }
      attempt.released = true;
      const released = await transact(this.db, (trx) => releaseEmail(trx, attempt.id, attempt.claimedAt, new Date().toISOString()));
      this.log.info({ email: attempt.id, released }, 'stopped while drawing a message: queued again');
    }
  }

  private async send(row: EmailRow, attempt: InFlight, last: boolean, attemptNo: number): Promise<void> {
    const language = languageOf(row.language);

    let message;
    try {
      message = await draft(row, language, this.sources);
    } catch (err) {
      if (attempt.released) throw new Stopping('this server stopped while drawing the message: it is queued again');
      const final = err instanceof Undrawable || last;
      await this.finish(row.id, { state: final ? 'failed' : 'queued', error: `could not draw the message: ${errorText(err)}`, response: null, subject: null });
      if (final) return;
      throw err;
    }

    const brand = await this.sources.brand();
    if (attempt.released) throw new Stopping('this server stopped while drawing the message: it is queued again');
    // The lease starts again for the wire: a draw that took longer than the lease (a first receipt loads its PDF
    // fonts) may have let another attempt take the message, and then this one sends nothing.
    const renewedAt = new Date().toISOString();
    if (!(await transact(this.db, (trx) => renewEmailClaim(trx, row.id, attempt.claimedAt, renewedAt)))) {
      throw new Error('another attempt took this message while it was drawn here (the lease ran out): not sent here');
    }
    attempt.claimedAt = renewedAt;
    attempt.phase = 'wire';
    const delivery = await this.transport.send({
      from: this.options.from(brand),
      to: row.recipient,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: row.message_id,
      date: new Date(row.created_at),
      language,
      attachments: message.attachments.map((a) => ({ filename: a.fileName, content: a.bytes, contentType: 'application/pdf' })),
    });
    // What the server said is recorded even through a database that went away meanwhile (a dropped connection, a
    // restart): left `sending`, an accepted message would be sent again once its lease ran out.
    const recordBy = Date.parse(renewedAt) + this.options.leaseSeconds * 1000;
    if (delivery.accepted) {
      await this.finish(row.id, { state: 'sent', transport: this.transport.kind, response: delivery.response, subject: message.subject }, recordBy);
      this.log.info({ email: row.id, kind: row.kind, transport: this.transport.kind }, 'message sent');
      return;
    }
    const final = delivery.permanent || last;
    await this.finish(row.id, { state: final ? 'failed' : 'queued', error: delivery.error, response: delivery.response, subject: message.subject }, recordBy);
    this.log.warn({ email: row.id, kind: row.kind, attempt: attemptNo, final, error: delivery.error }, 'message not sent');
    if (!final) throw new Error(`not sent: ${delivery.error}`);
  }

  /**
   * Records an attempt's outcome. Given `retryUntil` (after the wire), a write the database refuses is tried again,
   * each wait twice the last (from 100 ms, at most 2 s), until then: the pool replaces a dropped connection at the
   * next try, and a database that comes back within the lease hears the answer.
   */
  private async finish(id: string, outcome: EmailOutcome, retryUntil = 0): Promise<void> {
    for (let wait = 100; ; wait = Math.min(2_000, wait * 2)) {
      try {
        await transact(this.db, (trx) => finishEmail(trx, id, outcome, new Date().toISOString()));
        return;
      } catch (err) {
        if (Date.now() + wait >= retryUntil) throw err;
        this.log.warn({ err, email: id, state: outcome.state }, 'could not record what the mail server said: trying again');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}
