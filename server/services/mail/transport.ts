import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter, type TransportOptions } from 'nodemailer';
import type { MailConfig } from '../../config';

/** A message as the transports take it: already drawn, in one language. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@domain>`, derived from the event key: the same on every attempt. */
  messageId: string;
  /** The message's own time, fixed when it was queued: an attempt again after a crash is the same message. */
  date: Date;
  language: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** What the transport said: accepted (with the server's answer), or refused, for now or for good. */
export type Delivery =
  | { accepted: true; response: string }
  | { accepted: false; permanent: boolean; response: string | null; error: string };

export interface MailTransport {
  /** 'smtp': a mail server took the message; 'file': it was written as a file, and nobody was e-mailed. */
  readonly kind: 'smtp' | 'file';
  /** Where messages go, for the log and the admin (no credentials). */
  readonly describe: string;
  send(mail: OutgoingMail): Promise<Delivery>;
  close(): void;
}

/**
 * How long each step of an SMTP exchange may wait: at most 10 s to connect, 10 s for the greeting and 20 s of
 * silence, and never more than a sixth, a sixth and a third of the lease (MAIL_LEASE_SECONDS), so the exchange ends
 * well inside it and a slow server is never taken for a dead sender (and sent to twice). The lease is renewed just
 * before the message goes on the wire (dispatch.ts), so drawing it counts for nothing here.
 */
export function smtpTimeouts(leaseSeconds: number): { connectionTimeout: number; greetingTimeout: number; socketTimeout: number } {
  const lease = leaseSeconds * 1000;
  return { connectionTimeout: Math.min(10_000, Math.floor(lease / 6)), greetingTimeout: Math.min(10_000, Math.floor(lease / 6)), socketTimeout: Math.min(20_000, Math.floor(lease / 3)) };
}

const headersOf = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: mail.messageId,
  date: mail.date,
  attachments: mail.attachments,
  headers: { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' },
});

interface SmtpError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** SMTP_URL through nodemailer, DKIM-signed when a key is configured. */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly describe: string;
  private readonly transporter: Transporter;

  constructor(url: string, dkim: MailConfig['dkim'], defaultDomain: string, leaseSeconds: number) {
    const parsed = new URL(url);
    this.describe = `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
    this.transporter = nodemailer.createTransport({
      url,
      ...smtpTimeouts(leaseSeconds),
      ...(dkim ? { dkim: { domainName: dkim.domainName ?? defaultDomain, keySelector: dkim.keySelector, privateKey: dkim.privateKey } } : {}),
    } as TransportOptions);
  }

  async send(mail: OutgoingMail): Promise<Delivery> {
    try {
      const info = (await this.transporter.sendMail(headersOf(mail))) as { response?: string; rejected?: unknown[] };
      if (Array.isArray(info.rejected) && info.rejected.length > 0) {
        return { accepted: false, permanent: true, response: info.response ?? null, error: `recipient refused: ${String(info.rejected[0])}` };
      }
      return { accepted: true, response: info.response ?? '250' };
    } catch (err) {
      const e = err as SmtpError;
      // A 5xx answer will be the same next time (no such mailbox, refused content); anything else may pass later.
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
      return { accepted: false, permanent, response: e.response ?? null, error: `${e.code ?? 'error'}: ${e.message ?? String(err)}`.slice(0, 2000) };
    }
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * The embedded default: each message is written as an .eml file under the data folder (the development mailbox
 * lists them). Nothing is e-mailed, and nothing says it was.
 */
export class FileTransport implements MailTransport {
  readonly kind = 'file' as const;
  readonly describe: string;
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(readonly dir: string) {
    this.describe = `.eml files in ${dir}`;
  }

  async send(mail: OutgoingMail): Promise<Delivery> {
    try {
      const info = (await this.composer.sendMail(headersOf(mail))) as { message: Buffer };
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const file = path.join(this.dir, fileNameOf(mail));
      // Written whole, then renamed: the mailbox never lists half a message.
      fs.writeFileSync(`${file}.tmp`, info.message, { mode: 0o600 });
      fs.renameSync(`${file}.tmp`, file);
      // Beside it, what the development mailbox lists (it reads no MIME): written last, so a listed message is whole.
      const summary: MailboxEntry = {
        to: mail.to,
        subject: mail.subject,
        date: mail.date.toISOString(),
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((a) => ({ filename: a.filename, size: a.content.length })),
      };
      fs.writeFileSync(`${file.replace(/\.eml$/, '')}.json.tmp`, JSON.stringify(summary), { mode: 0o600 });
      fs.renameSync(`${file.replace(/\.eml$/, '')}.json.tmp`, `${file.replace(/\.eml$/, '')}.json`);
      return { accepted: true, response: `written to ${path.basename(file)}` };
    } catch (err) {
      return { accepted: false, permanent: false, response: null, error: (err as Error).message };
    }
  }

  close(): void {}
}

/** What the development mailbox shows of a message written to a file. */
export interface MailboxEntry {
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; size: number }>;
}

/** `<time>-<message id>.eml`: sorted by when it was queued, and the same file again for the same message. */
export function fileNameOf(mail: Pick<OutgoingMail, 'date' | 'messageId'>): string {
  const id = mail.messageId.replace(/^<|>$/g, '').split('@')[0]?.replace(/[^A-Za-z0-9-]/g, '') ?? 'message';
  return `${mail.date.toISOString().replace(/[:.]/g, '-')}-${id}.eml`;
}
