import type { FastifyBaseLogger } from 'fastify';
import { transact } from '../../../db/groupCommit';
import type { Db } from '../../../db/index';
import { claimEmail, finishEmail, type EmailOutcome } from '../../../db/queries/emails';
import type { Job } from '../jobs/runner';
import { draft, Undrawable, type DraftSources } from './drafts';
import { languageOf } from './outbox';
import type { MailTransport } from './transport';

export interface DispatchOptions {
  /** Retries after the first attempt (the job runner's retry limit for the queue). */
  retries: number;
  /** Longer than any send takes (transport.ts's timeouts): a message `sending` for longer was left by a dead process. */
  leaseSeconds: number;
  /** The From header for the brand's current name. */
  from: (brand: string) => { name: string; address: string };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * Sends one outbox message per job (issue 43). The message is taken (`sending`) in one statement, so of two
 * workers that get the same job only one sends it; one already sent or given up on is left alone, which is what
 * makes a message go at most once per event key. It is drawn now, in its recorded language, sent with the
 * Message-ID derived from its key, and the transport's answer is recorded. A refusal that may pass later (the
 * server is down, a 4xx) puts it back in the queue and fails the job, so the runner retries it after a growing
 * wait; a permanent one (5xx), or the last retry, fails it for good.
 */
export class Dispatcher {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly sources: DraftSources,
    private readonly options: DispatchOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async handle(job: Job<{ id?: unknown }>): Promise<void> {
    const id = typeof job.data.id === 'string' ? job.data.id : '';
    const now = Date.now();
    const staleBefore = new Date(now - this.options.leaseSeconds * 1000).toISOString();
    const row = await transact(this.db, (trx) => claimEmail(trx, id, new Date(now).toISOString(), staleBefore));
    // Sent, failed for good, or gone: nothing to do, and nothing to retry.
    if (!row) return;
    const last = job.attempt > this.options.retries;
    const language = languageOf(row.language);

    let message;
    try {
      message = await draft(row, language, this.sources);
    } catch (err) {
      const final = err instanceof Undrawable || last;
      await this.finish(row.id, { state: final ? 'failed' : 'queued', error: `could not draw the message: ${errorText(err)}`, response: null, subject: null });
      if (final) return;
      throw err;
    }

    const brand = await this.sources.brand();
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
    if (delivery.accepted) {
      await this.finish(row.id, { state: 'sent', transport: this.transport.kind, response: delivery.response, subject: message.subject });
      this.log.info({ email: row.id, kind: row.kind, transport: this.transport.kind }, 'message sent');
      return;
    }
    const final = delivery.permanent || last;
    await this.finish(row.id, { state: final ? 'failed' : 'queued', error: delivery.error, response: delivery.response, subject: message.subject });
    this.log.warn({ email: row.id, kind: row.kind, attempt: job.attempt, final, error: delivery.error }, 'message not sent');
    if (!final) throw new Error(`not sent: ${delivery.error}`);
  }

  private async finish(id: string, outcome: EmailOutcome): Promise<void> {
    await transact(this.db, (trx) => finishEmail(trx, id, outcome, new Date().toISOString()));
  }
}
