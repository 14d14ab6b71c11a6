import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Executor } from '../../../db/index';
import { findLeadRow } from '../../../db/queries/leads';
import { deleteResumeCode, findResumeCode, findResumeCodeById, replaceResumeCode } from '../../../db/queries/resumeCodes';
import { formatResumeCode, isResumeCode, normalizeResumeCode, RESUME_ALPHABET, RESUME_CODE_DAYS, RESUME_CODE_LENGTH, resumeLink } from '../../../machines/domain/resumeCode';
import { isValidEmail } from '../../../machines/domain/validators';
import type { MailNoticeDto } from '../../../openapi/schemas/mail';
import type { ResumeCodeDto, ResumedDto } from '../../../openapi/schemas/resume';
import { badRequest, notFound, Problem } from '../../lib/problems';
import { canAccessLead, refusal, type Access } from '../access';
import { waitProblem, type AttemptCounters } from '../guard/counters';
import type { Outbox } from '../mail/outbox';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESUME_TRIES_PER_MINUTE = 5;
/** Resume links e-mailed to one address in an hour (issue 43): enough for a person, too few to flood a mailbox. */
const RESUME_MAILS_PER_HOUR = 5;

/** Where a resume link goes and in which language, and what the page may say about it once queued. */
export interface ResumeMail {
  email?: string | undefined;
  language: string;
  notice: (to: string) => MailNoticeDto;
}

/** One answer for a wrong code, a wrong e-mail or both: a guesser learns nothing from it. */
const noMatch = () => notFound('No saved application matches this code and e-mail.');

const sameEmail = (a: string, b: string) => {
  const left = Buffer.from(a.trim().toLowerCase());
  const right = Buffer.from(b.trim().toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Resume on any device (issue 11): a DS-160 lead's resume code, stored only as an HMAC under a key derived from the
 * server's secret, valid 30 days; the code with the lead's e-mail opens the lead to another browser session.
 */
export class ResumeService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Executor,
    secret: string,
    private readonly counters: AttemptCounters,
    private readonly outbox?: Outbox,
  ) {
    this.key = createHmac('sha256', secret).update('resume-codes').digest();
  }

  private hash(code: string): string {
    return createHmac('sha256', this.key).update(normalizeResumeCode(code)).digest('hex');
  }

  /**
   * A code is derived from its row's id under the server's key (issue 43): the message that carries it is drawn
   * when it is sent from the row's id alone, and the code itself is kept nowhere. Eight characters of the
   * alphabet from the HMAC read as one number (its bias is below 2^-200).
   */
  private codeOf(id: string): string {
    let value = BigInt(`0x${createHmac('sha256', this.key).update(`code:${id}`).digest('hex')}`);
    const base = BigInt(RESUME_ALPHABET.length);
    let code = '';
    for (let i = 0; i < RESUME_CODE_LENGTH; i++) {
      code += RESUME_ALPHABET[Number(value % base)];
      value /= base;
    }
    return code;
  }

  /** The code of a row still in force (the resume link's message), or undefined once a newer code replaced it. */
  async codeOfRow(id: string): Promise<{ code: string; expiresAt: string } | undefined> {
    const row = await findResumeCodeById(this.db, id);
    return row ? { code: this.codeOf(row.id), expiresAt: row.expires_at } : undefined;
  }

  async issue(access: Access, leadId: string, mail?: ResumeMail, now = new Date()): Promise<ResumeCodeDto> {
    const lead = await findLeadRow(this.db, leadId);
    if (!lead || !canAccessLead(access, lead)) throw refusal(Boolean(lead));
    if (lead.form_type !== 'DS-160') {
      throw badRequest('leadId', `is an ${lead.form_type} application; only a DS-160 application can be continued on another device`, 'params');
    }
    if (!lead.email.trim()) throw badRequest('leadId', 'has no e-mail address; give one before saving to continue on another device', 'params');
    if (mail?.email !== undefined && !isValidEmail(mail.email)) throw badRequest('email', 'is not an e-mail address');
    const id = randomUUID();
    const code = this.codeOf(id);
    const expiresAt = new Date(now.getTime() + RESUME_CODE_DAYS * DAY_MS).toISOString();
    // The link goes to the address the applicant gives, else the application's own (issue 43), a few an hour.
    const to = (mail?.email ?? lead.email).trim().toLowerCase();
    const mailed = mail && this.outbox && (await this.counters.hit(`mail:resume:to:${to}`, RESUME_MAILS_PER_HOUR, 60 * 60_000)) === 0;
    const queued = await transact(this.db, async (trx) => {
      await replaceResumeCode(trx, { id, lead_id: lead.id, code_hash: this.hash(code), expires_at: expiresAt, created_at: now.toISOString() });
      return mailed && this.outbox ? this.outbox.enqueue(trx, { key: `resume:${id}`, kind: 'resumeLink', to, language: mail.language, data: { resumeCodeId: id } }) : false;
    });
    return { code: formatResumeCode(code), link: resumeLink(code), expiresAt, email: queued && mail ? mail.notice(to) : null };
  }

  /**
   * The application the code and e-mail open; the caller grants its session access to it. Guesses are few: five
   * tries a minute per client whatever the answers, each counted (in Redis or the database, shared by every
   * process) before it is looked at.
   */
  async resume(code: string, email: string, client: string, now = new Date()): Promise<ResumedDto> {
    const wait = await this.counters.hit(`resume:client:${client}`, RESUME_TRIES_PER_MINUTE, 60_000);
    if (wait > 0) throw waitProblem((minutes) => `Too many tries. Try again in ${minutes}.`, wait);
    if (!isResumeCode(code)) throw noMatch();
    const row = await findResumeCode(this.db, this.hash(code));
    const lead = row ? await findLeadRow(this.db, row.lead_id) : undefined;
    if (!row || !lead || !sameEmail(lead.email, email)) throw noMatch();
    if (row.expires_at <= now.toISOString()) {
      await deleteResumeCode(this.db, row.id);
      throw new Problem(410, 'This resume code has expired. Save again from the browser where you started to get a new one.', {}, 'resume_code_expired');
    }
    return { leadId: lead.id, formType: lead.form_type, formData: JSON.parse(lead.form_data) as Record<string, unknown> };
  }
}
