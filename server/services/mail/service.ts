import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { transact } from '../../../db/groupCommit';
import type { Db, Executor } from '../../../db/index';
import { countResends, emailStateCounts, findEmail, latestEmailOfKey, listEmails, liveResendOf } from '../../../db/queries/emails';
import { findEmailLinkById } from '../../../db/queries/emailLinks';
import { findGroup, membersWithLeads } from '../../../db/queries/groups';
import { findLeadRow } from '../../../db/queries/leads';
import { findOrder, linesOf } from '../../../db/queries/orders';
import type { EmailRow, OrderRow } from '../../../db/schema';
import { nameOf, type TravellerAnswers } from '../../../machines/domain/sharedAnswers';
import type { EmailDto, EmailListDto, EmailListQuery, MailboxDto, MailboxMessageDto, MailNoticeDto } from '../../../openapi/schemas/mail';
import type { MailConfig } from '../../config';
import { conflict, notFound } from '../../lib/problems';
import type { DocumentService } from '../documents/service';
import { travellerName } from '../groups/service';
import type { JobRunner } from '../jobs/runner';
import type { ResumeService } from '../leads/resume';
import type { SiteService } from '../site/service';
import { Dispatcher } from './dispatch';
import type { DraftSources } from './drafts';
import { stepsOf } from './nextSteps';
import { addressOf, MAIL_QUEUE, type Outbox } from './outbox';
import { FileTransport, fileNameOf, SmtpTransport, type MailboxEntry, type MailTransport } from './transport';

const PAGE_SIZE = 50;
/**
 * How long a clean stop waits for the messages in hand: inside the 10 s a container is given after SIGTERM, and
 * well inside the 20 s the job runner then waits for their jobs.
 */
const CLOSE_WAIT_MS = 8_000;
/** The development mailbox shows the newest messages. */
const MAILBOX_SIZE = 100;

export const NO_SMTP_WARNING =
  'SMTP_URL is not set: no e-mail leaves this server. Messages are written as .eml files in the data folder (DATA_DIR/mail), and pages say that nothing was e-mailed.';

const toDto = (row: EmailRow): EmailDto => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  language: row.language,
  state: row.state,
  attempts: Number(row.attempts),
  subject: row.subject,
  transport: row.transport,
  smtpResponse: row.smtp_response,
  lastError: row.last_error,
  messageId: row.message_id,
  resendOf: row.resend_of,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

export interface MailServiceOptions {
  config: MailConfig;
  dataDir: string;
  production: boolean;
  domain: string;
  /** Where links in messages point: PUBLIC_URL, else where this server listens. */
  baseUrl: () => string;
  /** This process is the only one that dispatches (SQLite's job runner). */
  alone?: boolean;
}

/**
 * E-mail (issue 43): the transport (SMTP_URL through nodemailer, else .eml files), the dispatcher that sends each
 * outbox message as a job, what pages may say about a message, the admin's list and resend, and the development
 * mailbox.
 */
export class MailService {
  readonly transport: MailTransport;
  readonly dispatcher: Dispatcher;
  readonly mailboxDir: string;

  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly documents: DocumentService,
    private readonly site: SiteService,
    private readonly resumeCodes: ResumeService,
    private readonly options: MailServiceOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mailboxDir = path.join(options.dataDir, 'mail');
    this.transport = options.config.smtpUrl ? new SmtpTransport(options.config.smtpUrl, options.config.dkim, options.domain, options.config.leaseSeconds) : new FileTransport(this.mailboxDir);
    const from = options.config.from;
    this.dispatcher = new Dispatcher(
      db,
      this.transport,
      this.sources(),
      {
        retries: options.config.retries,
        leaseSeconds: options.config.leaseSeconds,
        aloneSince: options.alone ? new Date() : undefined,
        from: (brand) => ({ name: from && /</.test(from) ? from.slice(0, from.indexOf('<')).trim().replace(/^"|"$/g, '') || brand : brand, address: from ? addressOf(from) : `no-reply@${options.domain}` }),
      },
      log,
    );
  }

  /** Declares the send queue on the job runner: retries with a growing wait, the lease (MAIL_LEASE_SECONDS) longer than any send. */
  declare(jobs: JobRunner): void {
    jobs.work(MAIL_QUEUE, (job) => this.dispatcher.handle(job), {
      retryLimit: this.options.config.retries,
      retryDelaySeconds: this.options.config.retrySeconds,
      expireSeconds: this.options.config.leaseSeconds,
    });
  }

  /** Said in the log at start and in the admin area: a deployment that e-mails nobody. */
  warning(): string | null {
    return this.options.production && this.transport.kind === 'file' ? NO_SMTP_WARNING : null;
  }

  /** The development mailbox is served only outside production, and only while messages go to files. */
  mailboxOpen(): boolean {
    return !this.options.production && this.transport.kind === 'file';
  }

  /** What a page may say about the message of an event (a receipt): sent only when a mail server accepted it. */
  async notice(eventKey: string): Promise<MailNoticeDto | null> {
    const row = await latestEmailOfKey(this.db, [eventKey]);
    return row ? noticeOf(row, this.transport.kind) : null;
  }

  /** What a page says right after queuing a message: it is queued, or it will only reach the development mailbox. */
  queuedNotice(to: string): MailNoticeDto {
    return { to, state: this.transport.kind === 'file' ? 'notSent' : 'queued' };
  }

  async list(query: EmailListQuery): Promise<EmailListDto> {
    const page = query.page ?? 1;
    const [{ rows, total }, counts] = await Promise.all([
      listEmails(this.db, { state: query.state, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
      emailStateCounts(this.db),
    ]);
    const count = (state: EmailRow['state']) => counts.find((c) => c.state === state)?.count ?? 0;
    return {
      emails: rows.map(toDto),
      total,
      page,
      pageSize: PAGE_SIZE,
      counts: { queued: count('queued'), sending: count('sending'), sent: count('sent'), failed: count('failed') },
      transport: { kind: this.transport.kind, describe: this.transport.describe, warning: this.warning() },
    };
  }

  /**
   * An admin sends a message again: a new message of its own (its own event key, so its own Message-ID), drawn
   * afresh from the same event, to the same address, in the same language. Only a failed message (its retries
   * over) is sent again, and only while no other copy of it is queued, being sent or sent: 409 naming which.
   */
  async resend(id: string): Promise<EmailDto> {
    const original = await findEmail(this.db, id);
    if (!original) throw notFound('No e-mail with this id.');
    const source = original.resend_of ? ((await findEmail(this.db, original.resend_of)) ?? original) : original;
    const created = await transact(this.db, async (trx) => {
      // Read again inside the transaction: two admins pressing at once queue one copy (SQLite serialises writers).
      const now = await findEmail(trx, id);
      if (now?.state !== 'failed') throw conflict(`This message is ${now?.state ?? 'gone'}: only a failed message is sent again.`, 'email_not_failed');
      if (source.state !== 'failed' || (await liveResendOf(trx, source.id))) throw conflict('This message was sent again already, and that copy is queued, being sent or sent.', 'email_resent');
      const n = (await countResends(trx, source.id)) + 1;
      const key = `${source.event_key}#resend-${n}`;
      await this.outbox.enqueue(trx, { key, kind: source.kind, to: source.recipient, language: source.language, data: JSON.parse(source.data) as Record<string, string>, resendOf: source.id });
      return key;
    });
    const row = await latestEmailOfKey(this.db, [created]);
    if (!row) throw new Error('The resent message was not written');
    return toDto(row);
  }

  /** The development mailbox: the newest messages written to files, newest first. */
  mailbox(): MailboxDto {
    let names: string[] = [];
    try {
      names = fs.readdirSync(this.mailboxDir).filter((n) => n.endsWith('.json'));
    } catch {
      // No message yet.
    }
    const messages = names
      .sort()
      .reverse()
      .slice(0, MAILBOX_SIZE)
      .flatMap((name): MailboxMessageDto[] => {
        try {
          const entry = JSON.parse(fs.readFileSync(path.join(this.mailboxDir, name), 'utf8')) as MailboxEntry;
          return [{ id: name.replace(/\.json$/, ''), to: entry.to, subject: entry.subject, date: entry.date, text: entry.text, attachments: entry.attachments }];
        } catch {
          return [];
        }
      });
    return { messages };
  }

  /** One mailbox message's HTML part. */
  mailboxHtml(id: string): string {
    return this.mailboxRead(() => (JSON.parse(fs.readFileSync(path.join(this.mailboxDir, `${id}.json`), 'utf8')) as MailboxEntry).html);
  }

  /** One mailbox message as its .eml file. */
  mailboxEml(id: string): Buffer {
    return this.mailboxRead(() => fs.readFileSync(path.join(this.mailboxDir, `${id}.eml`)));
  }

  private mailboxRead<T>(read: () => T): T {
    try {
      return read();
    } catch {
      throw notFound('No message with this id in the mailbox.');
    }
  }

  /**
   * A clean stop, before the job runner's (plugins close in reverse order): the sends in hand finish, or, still
   * being drawn after CLOSE_WAIT_MS, go back to the queue for the next start; then the transport closes.
   */
  async close(): Promise<void> {
    await this.dispatcher.close(CLOSE_WAIT_MS);
    this.transport.close();
  }

  /**
   * An erasure (issue 44, the rights service's onErase hook): the outbox forgets these addresses in the eraser's
   * transaction, and the development mailbox's copies of their messages (the .eml and its summary) are removed.
   */
  async forget(trx: Executor, addresses: readonly string[]): Promise<void> {
    const rows = await this.outbox.forget(trx, addresses);
    if (!(this.transport instanceof FileTransport)) return;
    for (const row of rows) {
      const eml = path.join(this.transport.dir, fileNameOf({ date: new Date(row.created_at), messageId: row.message_id }));
      fs.rmSync(eml, { force: true });
      fs.rmSync(eml.replace(/\.eml$/, '.json'), { force: true });
    }
  }

  private sources(): DraftSources {
    const db = this.db;
    const name = async (order: OrderRow) => {
      if (!order.lead_id) return '';
      const lead = await findLeadRow(db, order.lead_id);
      if (!lead) return '';
      if (lead.name.trim()) return lead.name.trim();
      const answers: TravellerAnswers = { leadId: lead.id, role: 'leader', form: lead.form_type === 'ESTA' ? 'ESTA' : 'DS-160', answers: JSON.parse(lead.form_data) as Record<string, unknown> };
      return nameOf(answers);
    };
    const lines = async (orderId: string) => {
      const parent = await findOrder(db, orderId);
      const rows = await linesOf(db, orderId);
      const members = parent?.group_id ? await membersWithLeads(db, parent.group_id) : [];
      const byLead = new Map(members.map((m) => [m.lead_id, m]));
      return Promise.all(
        rows.map(async (order) => {
          const member = order.lead_id ? byLead.get(order.lead_id) : undefined;
          return { order, name: member ? travellerName(member) : await name(order) };
        }),
      );
    };
    return {
      brand: async () => (await this.site.branding()).brandName,
      baseUrl: () => this.options.baseUrl(),
      order: (id) => findOrder(db, id),
      lead: (id) => findLeadRow(db, id),
      lines,
      travellerName: name,
      group: (id) => findGroup(db, id),
      link: (id) => findEmailLinkById(db, id),
      linkUrl: (link) => `${this.options.baseUrl()}${this.outbox.links.pathOf(link)}`,
      resumeCode: (id) => this.resumeCodes.codeOfRow(id),
      receiptPdf: (order) => this.documents.receiptOf(order),
      formPdf: (order) => this.documents.formOf(order),
      groupReceiptPdf: (order) => this.documents.receiptOf(order),
      nextSteps: async (order) => stepsOf(order.plan === 'group' ? await lines(order.id) : [{ order, name: await name(order) }]),
    };
  }
}

/**
 * What a page may say about one message: `sent` only when a mail server accepted it. Without a mail server, one
 * waiting will only be written to a file: `notSent` already.
 */
export function noticeOf(row: Pick<EmailRow, 'recipient' | 'state' | 'transport'>, transport: MailTransport['kind']): MailNoticeDto {
  if (row.state === 'sent') return { to: row.recipient, state: row.transport === 'smtp' ? 'sent' : 'notSent' };
  if (row.state === 'failed') return { to: row.recipient, state: 'failed' };
  return { to: row.recipient, state: transport === 'file' ? 'notSent' : 'queued' };
}

