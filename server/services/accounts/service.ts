import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db, Executor } from '../../../db/index';
import { adoptLeads } from '../../../db/queries/leads';
import { adoptOrders } from '../../../db/queries/orders';
import { adoptPhotos } from '../../../db/queries/photos';
import { findAccountByEmail, findUser, insertAccountOnce, insertUser, NOT_STAFF } from '../../../db/queries/users';
import type { NewUser, UserRow } from '../../../db/schema';
import { normalizeEmail, validateGuest, validateLogin, validateSignup } from '../../../machines/domain/account';
import type { AccountDto } from '../../../openapi/schemas/auth';
import { englishMessage } from '../../lib/messages';
import { hashPassword, verifyPassword } from '../../lib/password';
import { badRequest, conflict, unauthorized } from '../../lib/problems';
import { admit, FREE_FAILURES, type AttemptCounters, type Tally } from '../guard/counters';

/** The one failure message for every wrong sign-in, so it never says which part was wrong (spec 1-core §8). */
export const INVALID_CREDENTIALS = 'Invalid credentials';

export function toAccount(user: UserRow): AccountDto {
  return { id: user.id, email: user.email ?? user.guest_email ?? '', role: user.role };
}

/** Failures one client may make across accounts (an office shares an address) before its attempts wait too. */
export const CLIENT_FREE_FAILURES = 20;

/**
 * What a sign-in is counted against: the account from this client (five failures, then growing waits; a success
 * starts it over) and the client across accounts. Never the account alone, so failures made elsewhere never keep
 * the owner out: the operator signs in from a clean client while a guesser waits.
 */
export function signInTallies(kind: 'login' | 'admin', account: string, client: string): Tally[] {
  return [
    { key: `${kind}:account:${account}:client:${client}`, free: FREE_FAILURES, onSuccess: 'forget' },
    { key: `${kind}:client:${client}`, free: CLIENT_FREE_FAILURES, onSuccess: 'refund' },
  ];
}

export const tooManyAttempts = (minutes: string) => `Too many attempts. Try again in ${minutes}.`;

/**
 * Sign-up's one answer for an e-mail that has an account, whatever the password: it neither says the account
 * exists nor signs anyone in (issue 31), and sends the owner to sign in. That the sign-up is refused still tells
 * a stranger something; only a confirmation e-mail, which the product does not send yet, would hide it.
 */
export const SIGNUP_REFUSED = 'We could not create an account with these details. If you already have an account, sign in instead.';

function firstProblem(errors: Partial<Record<string, { key: string; params?: Record<string, string | number> }>>): void {
  const [field, error] = Object.entries(errors)[0] ?? [];
  if (field && error) throw badRequest(field, englishMessage(error));
}

/**
 * Accounts: sign-up, sign-in and guest access. Passwords are kept as scrypt hashes; every sign-in is counted before
 * the password is checked (signInTallies). The session itself (new id, who is signed in) is the route's business;
 * this service says who the person is.
 */
export class AccountService {
  /** Checked against when the e-mail has no account, so a wrong e-mail takes as long as a wrong password. */
  private readonly decoy = hashPassword(randomUUID());

  constructor(
    private readonly db: Db,
    private readonly counters: AttemptCounters,
    /** What a new account causes beyond itself (the message verifying its address), in the same transaction. */
    private readonly onSignedUp?: (trx: Executor, user: UserRow, language: string) => Promise<void>,
  ) {}

  async signup(email: string, password: string, language = 'en'): Promise<UserRow> {
    firstProblem(validateSignup({ email, password, confirmPassword: password }));
    const address = normalizeEmail(email);
    const user: NewUser = {
      id: randomUUID(),
      username: null,
      email: address,
      password_hash: await hashPassword(password),
      role: 'user',
      guest_email: null,
      created_at: new Date().toISOString(),
      email_verified_at: null,
    };
    const created = await transact(this.db, async (trx) => {
      if (!(await insertAccountOnce(trx, user))) return false;
      await this.onSignedUp?.(trx, { ...user, ...NOT_STAFF } as UserRow, language);
      return true;
    });
    if (!created) throw conflict(SIGNUP_REFUSED, 'account_not_created');
    return { ...user, ...NOT_STAFF } as UserRow;
  }

  /** An applicant's sign-in from `client` (the request's address). */
  async login(email: string, password: string, client: string): Promise<UserRow> {
    firstProblem(validateLogin({ email, password }));
    const address = normalizeEmail(email);
    const ticket = await admit(this.counters, signInTallies('login', address, client), tooManyAttempts);
    const user = await findAccountByEmail(this.db, address);
    const ok = await verifyPassword(password, user?.password_hash ?? (await this.decoy));
    if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
    await ticket.succeeded();
    return user;
  }

  /** A new guest identity every time: an e-mail alone never opens anything someone else made (docs/DECISIONS.md). */
  async guest(email: string): Promise<UserRow> {
    firstProblem(validateGuest({ email }));
    const user: NewUser = {
      id: randomUUID(),
      username: null,
      email: null,
      password_hash: null,
      role: 'guest',
      guest_email: normalizeEmail(email),
      created_at: new Date().toISOString(),
      email_verified_at: null,
    };
    await insertUser(this.db, user);
    return { ...user, ...NOT_STAFF } as UserRow;
  }

  async find(id: string): Promise<UserRow | undefined> {
    return findUser(this.db, id);
  }

  /** What this browser session made before signing in becomes the account's. */
  async adopt(ownerToken: string, userId: string): Promise<void> {
    await transact(this.db, async (trx) => {
      await adoptLeads(trx, ownerToken, userId);
      await adoptOrders(trx, ownerToken, userId);
      await adoptPhotos(trx, ownerToken, userId);
    });
  }
}
