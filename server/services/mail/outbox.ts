import { createHash, randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/index';
import { forgetRecipients, insertEmailOnce } from '../../../db/queries/emails';
import type { EmailKind, EmailRow } from '../../../db/schema';
import { isLanguage, type Language } from '../../../machines/domain/language';
import { isValidEmail } from '../../../machines/domain/validators';
import type { MailConfig } from '../../config';
import type { JobRunner } from '../jobs/runner';
import type { EmailLinks } from './links';

/** The job that sends one outbox message (its data: the message's id). */
export const MAIL_QUEUE = 'mail.send';

/** A message an event causes. */
export interface NewMessage {
  /**
   * The event's key (`receipt:<order id>`, `reset:<link id>`): one message per key, however often the event is
   * settled, retried or replayed. Its Message-ID derives from it.
   */
  key: string;
  kind: EmailKind;
  to: string;
  /** The interface language of the person who caused it. */
  language: string | null | undefined;
  /** What the message is about, by id; never an answer of the form. */
  data: Record<string, string | number | boolean | null>;
  /** The message an admin sends again. */
  resendOf?: string;
}

/** `<hash of the event key>@domain`: the same for every attempt of one event's message, different for any other. */
export function messageIdOf(eventKey: string, domain: string): string {
  return `<${createHash('sha256').update(eventKey).digest('hex').slice(0, 40)}@${domain}>`;
}

/** The address part of MAIL_FROM, or its whole. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The domain of the Message-IDs and of the default From: MAIL_FROM's, else the public address's, else a local one. */
export function mailDomain(config: { mail: Pick<MailConfig, 'from'>; publicUrl: string | undefined }): string {
  const from = config.mail.from ? addressOf(config.mail.from).split('@')[1] : undefined;
  if (from) return from.toLowerCase();
  if (config.publicUrl) return new URL(config.publicUrl).hostname;
  return 'rumbo.localhost';
}

/** The language a message is written in: the one recorded when it is one of ours, else English. */
export const languageOf = (value: string | null | undefined): Language => (isLanguage(value) ? value : 'en');

/**
 * The transactional outbox (issue 43). `enqueue` writes the message row and its send job in the caller's
 * transaction: both exist exactly when the event's own writes commit, and neither when they roll back. A second
 * event with the same key writes nothing.
 */
export class Outbox {
  constructor(
    private readonly jobs: JobRunner,
    /** The domain of the Message-IDs (MAIL_FROM's, else the public address's). */
    readonly domain: string,
    /** The links messages carry (a reset, a sign-in, an invitation), issued in the same transaction. */
    readonly links: EmailLinks,
  ) {}

  /** True when this call queued the message; false for a key already used, or an address nobody can write to. */
  async enqueue(trx: Executor, message: NewMessage): Promise<boolean> {
    const to = message.to.trim();
    if (!isValidEmail(to)) return false;
    const at = new Date().toISOString();
    const id = randomUUID();
    const inserted = await insertEmailOnce(trx, {
      id,
      event_key: message.key,
      kind: message.kind,
      recipient: to,
      language: languageOf(message.language),
      data: JSON.stringify(message.data),
      state: 'queued',
      attempts: 0,
      message_id: messageIdOf(message.key, this.domain),
      subject: null,
      transport: null,
      smtp_response: null,
      last_error: null,
      resend_of: message.resendOf ?? null,
      created_at: at,
      updated_at: at,
      claimed_at: null,
      sent_at: null,
    });
    if (!inserted) return false;
    await this.jobs.send(MAIL_QUEUE, { id }, { key: id, trx });
    return true;
  }

  /**
   * An erasure (issue 44) in the eraser's transaction: messages to these addresses not sent yet are dropped, the
   * sent ones lose their address and subject. Returns the messages as they were (the mail service removes the
   * development mailbox's files of them).
   */
  async forget(trx: Executor, addresses: readonly string[]): Promise<EmailRow[]> {
    return forgetRecipients(trx, addresses, new Date().toISOString());
  }
}
