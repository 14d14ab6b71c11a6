import { randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Executor } from '../../../db/index';
import { adoptLeads } from '../../../db/queries/leads';
import { adoptOrders } from '../../../db/queries/orders';
import { adoptPhotos } from '../../../db/queries/photos';
import { clearFailures, findAccountByEmail, findUser, findUserByUsername, insertAccountOnce, insertUser, readFailures, recordFailure } from '../../../db/queries/users';
import type { UserRow } from '../../../db/schema';
import { normalizeEmail, validateGuest, validateLogin, validateSignup } from '../../../machines/domain/account';
import type { AccountDto } from '../../../openapi/schemas/auth';
import { englishMessage } from '../../lib/messages';
import { hashPassword, verifyPassword } from '../../lib/password';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/problems';
import { FAILURES_FORGOTTEN_MS, lockedFor } from './lockout';

/** The one failure message for every wrong sign-in, so it never says which part was wrong (spec 1-core §8). */
export const INVALID_CREDENTIALS = 'Invalid credentials';

/** Spec 1-core §8: 'Invalid admin credentials'. */
export const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';

export function toAccount(user: UserRow): AccountDto {
  return { id: user.id, email: user.email ?? user.guest_email ?? '', role: user.role };
}

function firstProblem(errors: Partial<Record<string, { key: string; params?: Record<string, string | number> }>>): void {
  const [field, error] = Object.entries(errors)[0] ?? [];
  if (field && error) throw badRequest(field, englishMessage(error));
}

/**
 * Accounts: sign-up, sign-in and guest access. Passwords are kept as scrypt hashes; each account counts its
 * failed sign-ins and makes the next attempt wait longer (the route adds a limit per client). The session itself
 * (new id, who is signed in) is the route's business; this service says who the person is.
 */
export class AccountService {
  /** Checked against when the e-mail has no account, so a wrong e-mail takes as long as a wrong password. */
  private readonly decoy = hashPassword(randomUUID());

  constructor(private readonly db: Executor) {}

  async signup(email: string, password: string): Promise<UserRow> {
    firstProblem(validateSignup({ email, password, confirmPassword: password }));
    const address = normalizeEmail(email);
    await this.refuseWhileLocked(`signup:${address}`);
    const user: UserRow = {
      id: randomUUID(),
      username: null,
      email: address,
      password_hash: await hashPassword(password),
      role: 'user',
      guest_email: null,
      created_at: new Date().toISOString(),
    };
    if (!(await insertAccountOnce(this.db, user))) {
      await this.countFailure(`signup:${address}`);
      throw conflict('An account with this e-mail already exists. Sign in instead.');
    }
    return user;
  }

  async login(email: string, password: string): Promise<UserRow> {
    firstProblem(validateLogin({ email, password }));
    const address = normalizeEmail(email);
    const key = `login:${address}`;
    await this.refuseWhileLocked(key);
    const user = await findAccountByEmail(this.db, address);
    const ok = await verifyPassword(password, user?.password_hash ?? (await this.decoy));
    if (!user || !ok) {
      await this.countFailure(key);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await clearFailures(this.db, key);
    return user;
  }

  /** An operator's sign-in: the same growing delays per username, the same one message for any wrong part. */
  async adminLogin(username: string, password: string): Promise<UserRow> {
    const key = `admin:${username.trim().toLowerCase()}`;
    await this.refuseWhileLocked(key);
    const user = await findUserByUsername(this.db, username.trim());
    const admin = user?.role === 'admin' ? user : undefined;
    const ok = await verifyPassword(password, admin?.password_hash ?? (await this.decoy));
    if (!admin || !ok) {
      await this.countFailure(key);
      throw unauthorized(INVALID_ADMIN_CREDENTIALS);
    }
    await clearFailures(this.db, key);
    return admin;
  }

  /** A new guest identity every time: an e-mail alone never opens anything someone else made (DECISIONS.md). */
  async guest(email: string): Promise<UserRow> {
    firstProblem(validateGuest({ email }));
    const user: UserRow = {
      id: randomUUID(),
      username: null,
      email: null,
      password_hash: null,
      role: 'guest',
      guest_email: normalizeEmail(email),
      created_at: new Date().toISOString(),
    };
    await insertUser(this.db, user);
    return user;
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

  private async refuseWhileLocked(key: string): Promise<void> {
    const failures = await readFailures(this.db, key);
    const wait = failures ? lockedFor(failures.count, failures.lastAt, Date.now()) : 0;
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      throw tooManyRequests(`Too many attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, Math.ceil(wait / 1000));
    }
  }

  private async countFailure(key: string): Promise<void> {
    const now = Date.now();
    await recordFailure(this.db, key, now, now - FAILURES_FORGOTTEN_MS);
  }
}
