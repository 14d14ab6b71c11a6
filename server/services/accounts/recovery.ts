import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Executor } from '../../../db/index';
import { expireLinks, useEmailLink } from '../../../db/queries/emailLinks';
import { adoptByReceiptEmail, hasOrdersFor, markVerified, setPassword } from '../../../db/queries/recovery';
import { findAccountByEmail, findResettableByEmail, findUser, insertAccountOnce, NOT_STAFF, setStaffAddress } from '../../../db/queries/users';
import type { EmailLinkRow, NewUser, UserRow } from '../../../db/schema';
import { normalizeEmail, validateGuest, validateNewPassword } from '../../../machines/domain/account';
import type { LinkStateDto } from '../../../openapi/schemas/mail';
import { englishMessage } from '../../lib/messages';
import { hashPassword } from '../../lib/password';
import { badRequest, conflict, notFound } from '../../lib/problems';
import { waitProblem, type AttemptCounters } from '../guard/counters';
import { linkProblem } from '../groups/invitations';
import type { Outbox } from '../mail/outbox';

const HOUR_MS = 60 * 60 * 1000;
/** Links asked for one address, and from one client, in an hour: enough for a person who lost one, too few to flood. */
const PER_ADDRESS_HOUR = 3;
const PER_CLIENT_HOUR = 10;

/** The one answer to a reset asked for, whether or not the address has an account (issue 43). */
export const RESET_REQUESTED = 'If an account uses this address, a link to choose a new password is on its way to it. The link works once, within an hour.';
/** The one answer to a sign-in link asked for, whether or not the address bought anything. */
export const SIGN_IN_LINK_REQUESTED = 'If this address has an account or paid for an order, a sign-in link is on its way to it. The link works once, within an hour.';

function firstProblem(errors: Partial<Record<string, { key: string; params?: Record<string, string | number> }>>): void {
  const [field, error] = Object.entries(errors)[0] ?? [];
  if (field && error) throw badRequest(field, englishMessage(error));
}

/** An account a reset link may set a password for: an applicant's, or a staff account that is not disabled. */
const resettable = (account: UserRow) => account.role === 'user' || (account.role === 'admin' && account.admin_role !== null && account.disabled_at === null);

/**
 * Getting back in by e-mail alone (issue 43): a forgotten password's reset link, a sign-in link for a guest who
 * bought with an address (their orders then open on any device), and the address verified on sign-up. Every
 * request answers the same words whether or not the address has an account or orders, and is counted per address
 * and per client (shared counters) before anything is looked up; the links are single-use, stored hashed, expire.
 */
export class AccountRecovery {
  constructor(
    private readonly db: Executor,
    private readonly outbox: Outbox,
    private readonly counters: AttemptCounters,
  ) {}

  /** POST /api/auth/password-reset. */
  async requestReset(email: string, client: string, language: string): Promise<{ message: string }> {
    const address = await this.admitRequest('reset', email, client);
    const account = await findResettableByEmail(this.db, address);
    if (account) {
      await transact(this.db, async (trx) => {
        const at = new Date().toISOString();
        // The newest link is the one that works: an older one, maybe in a forwarded message, does not.
        await expireLinks(trx, 'reset', { userId: account.id }, at);
        const link = await this.outbox.links.issue(trx, { purpose: 'reset', email: address, userId: account.id });
        await this.outbox.enqueue(trx, { key: `reset:${link.id}`, kind: 'passwordReset', to: address, language, data: { linkId: link.id } });
      });
    }
    return { message: RESET_REQUESTED };
  }

  /** GET /api/auth/password-reset/{token}: whether the link still works, before a password is typed. */
  async resetLinkState(token: string): Promise<LinkStateDto> {
    const found = await this.outbox.links.find(this.db, token, ['reset']);
    if ('problem' in found) return { valid: false, problem: found.problem };
    // The check says what the confirm will: a link whose account cannot take a password now opens nothing.
    const account = found.link.user_id ? await findUser(this.db, found.link.user_id) : undefined;
    return account && resettable(account) ? { valid: true, problem: null } : { valid: false, problem: 'unknown' };
  }

  /**
   * POST /api/auth/password-reset/confirm: the new password, once per link. The link is used in the same
   * transaction as the password is written (of two submits, one wins), and the account's other reset links end.
   * An operator's or owner's account takes a new password the same way (a disabled one does not); signing them in
   * is the route's, through their second step.
   */
  async resetPassword(token: string, password: string): Promise<UserRow> {
    firstProblem(validateNewPassword({ password, confirmPassword: password }));
    const link = await this.linkFor(token, ['reset']);
    const hash = await hashPassword(password);
    const user = await transact(this.db, async (trx) => {
      const at = new Date().toISOString();
      if (!(await useEmailLink(trx, link.id, at))) throw linkProblem('used');
      const account = link.user_id ? await findUser(trx, link.user_id) : undefined;
      if (!account || !resettable(account)) throw linkProblem('unknown');
      await setPassword(trx, account.id, hash, at);
      await expireLinks(trx, 'reset', { userId: account.id }, at);
      return { ...account, password_hash: hash };
    });
    return user;
  }

  /** POST /api/auth/sign-in-link. */
  async requestSignInLink(email: string, client: string, language: string): Promise<{ message: string }> {
    const address = await this.admitRequest('signin', email, client);
    const known = (await findAccountByEmail(this.db, address)) !== undefined || (await hasOrdersFor(this.db, address));
    if (known) {
      await transact(this.db, async (trx) => {
        await expireLinks(trx, 'signin', { email: address }, new Date().toISOString());
        const link = await this.outbox.links.issue(trx, { purpose: 'signin', email: address });
        await this.outbox.enqueue(trx, { key: `signin:${link.id}`, kind: 'signInLink', to: address, language, data: { linkId: link.id } });
      });
    }
    return { message: SIGN_IN_LINK_REQUESTED };
  }

  /**
   * POST /api/auth/sign-in-link/use: a sign-in or verification link, once. Either proves the address is the
   * reader's: the account of the address (made, without a password, for a guest who bought with it) is signed in
   * and verified, and takes what was bought with the address and is no account's. The caller signs the session in.
   */
  async useLink(token: string): Promise<UserRow> {
    const link = await this.linkFor(token, ['signin', 'verify']);
    return transact(this.db, async (trx) => {
      const at = new Date().toISOString();
      if (!(await useEmailLink(trx, link.id, at))) throw linkProblem('used');
      const account = link.purpose === 'verify' ? (link.user_id ? await findUser(trx, link.user_id) : undefined) : await this.accountOf(trx, link, at);
      // A staff account's address is verified by its own link (never signed in by it: that is the admin sign-in's).
      const staff = link.purpose === 'verify' && account !== undefined && account.role === 'admin' && resettable(account);
      // A staff link verifies only the address it was sent to: not one an owner has set since.
      if (!account || (account.role !== 'user' && !staff) || (staff && account.email !== link.email)) throw linkProblem('unknown');
      await markVerified(trx, account.id, at);
      if (account.email && !staff) await adoptByReceiptEmail(trx, account.email, account.id);
      return { ...account, email_verified_at: account.email_verified_at ?? at };
    });
  }

  /** In the sign-up's transaction: the link that verifies the new account's address. */
  async queueVerification(trx: Executor, user: UserRow, language: string): Promise<void> {
    if (!user.email) return;
    const link = await this.outbox.links.issue(trx, { purpose: 'verify', email: user.email, userId: user.id });
    await this.outbox.enqueue(trx, { key: `verify:${link.id}`, kind: 'verifyEmail', to: user.email, language, data: { linkId: link.id } });
  }

  /**
   * A staff account's address (its owner's own, or an operator's set by an owner): kept unverified, and a link to
   * verify it sent to it; a forgotten password's link goes to it only once that link was followed. The same address
   * again, verified, changes nothing. 409 when another account uses it.
   */
  async setStaffEmail(userId: string, email: string, language: string): Promise<{ email: string; verified: boolean }> {
    firstProblem(validateGuest({ email }));
    const address = normalizeEmail(email);
    return transact(this.db, async (trx) => {
      const user = await findUser(trx, userId);
      if (!user || user.role !== 'admin' || user.admin_role === null) throw notFound('No operator with this id.');
      if (user.email === address && user.email_verified_at) return { email: address, verified: true };
      if (!(await setStaffAddress(trx, user.id, address))) throw conflict('Another account uses this address.', 'email_taken');
      const at = new Date().toISOString();
      await expireLinks(trx, 'verify', { userId: user.id }, at);
      await expireLinks(trx, 'reset', { userId: user.id }, at);
      const link = await this.outbox.links.issue(trx, { purpose: 'verify', email: address, userId: user.id });
      await this.outbox.enqueue(trx, { key: `verify:${link.id}`, kind: 'verifyEmail', to: address, language, data: { linkId: link.id } });
      return { email: address, verified: false };
    });
  }

  /** The address's account, made without a password for a guest who proves it (a reset link sets one later). */
  private async accountOf(trx: Executor, link: EmailLinkRow, at: string): Promise<UserRow | undefined> {
    const existing = await findAccountByEmail(trx, link.email);
    if (existing) return existing;
    const user: NewUser = { id: randomUUID(), username: null, email: link.email, password_hash: null, role: 'user', guest_email: null, created_at: at, email_verified_at: at };
    if (await insertAccountOnce(trx, user)) return { ...user, ...NOT_STAFF } as UserRow;
    return findAccountByEmail(trx, link.email);
  }

  private async linkFor(token: string, purposes: Array<EmailLinkRow['purpose']>): Promise<EmailLinkRow> {
    const found = await this.outbox.links.find(this.db, token, purposes);
    if ('problem' in found) throw linkProblem(found.problem);
    return found.link;
  }

  /** The address, checked and counted (against it and against the client) before anything is looked up. */
  private async admitRequest(kind: 'reset' | 'signin', email: string, client: string): Promise<string> {
    firstProblem(validateGuest({ email }));
    const address = normalizeEmail(email);
    const waits = await Promise.all([
      this.counters.hit(`mail:${kind}:to:${address}`, PER_ADDRESS_HOUR, HOUR_MS),
      this.counters.hit(`mail:${kind}:client:${client}`, PER_CLIENT_HOUR, HOUR_MS),
    ]);
    const wait = Math.max(...waits);
    if (wait > 0) throw waitProblem((minutes) => `Too many requests. Try again in ${minutes}.`, wait);
    return address;
  }
}
