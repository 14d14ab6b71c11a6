import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../index';
import type { NewUser, UserRow } from '../schema';

type StaffRole = NonNullable<UserRow['admin_role']>;

/** What an account that is not an operator holds in the operators' columns. */
export const NOT_STAFF = {
  admin_role: null,
  disabled_at: null,
  totp_secret: null,
  totp_enabled_at: null,
  totp_last_step: null,
  invite_hash: null,
  invite_expires_at: null,
} as const;

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates the first admin, an owner (issue 44), unless the username is taken; says whether this call made it
 * (several processes starting on one new database all try, and exactly one succeeds).
 */
export async function createAdmin(db: Db, username: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({ id: randomUUID(), username, email: null, password_hash: passwordHash, role: 'admin', admin_role: 'owner', created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A registered account by its e-mail (stored lower-case); guests and admins are never found this way. */
export async function findAccountByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).where('role', '=', 'user').executeTakeFirst();
}

/**
 * The account a forgotten password's link is for: an applicant's, or an operator's or owner's that is not disabled
 * whose address was verified (addresses are unique across both, so at most one row answers).
 */
export async function findResettableByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where((eb) => eb.or([eb('role', '=', 'user'), eb.and([eb('role', '=', 'admin'), eb('disabled_at', 'is', null), eb('email_verified_at', 'is not', null)])]))
    .executeTakeFirst();
}

/** A staff account's new address, not verified yet; false when another account has it. */
export async function setStaffAddress(db: Executor, userId: string, email: string): Promise<boolean> {
  const taken = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
  if (taken) return false;
  try {
    await db.updateTable('users').set({ email, email_verified_at: null }).where('id', '=', userId).execute();
  } catch (error) {
    // Another account took the address between the read and the write (two owners at once): the unique index says
    // so. Said as taken; the caller's transaction is refused with it (on PostgreSQL it cannot go on after the error).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

/** PostgreSQL's unique_violation (23505) or SQLite's SQLITE_CONSTRAINT_UNIQUE. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Inserts the account unless the e-mail is taken; says whether this call made it. */
export async function insertAccountOnce(db: Executor, row: NewUser): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertUser(db: Executor, row: NewUser): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

// Operators (issue 44 item 6).

/** Inserts an operator unless the username is taken; says whether this call made it. */
export async function insertOperatorOnce(db: Executor, row: NewUser): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('username').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listOperatorRows(db: Executor): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('role', '=', 'admin').orderBy('created_at').orderBy('username').execute();
}

export async function findUserByInvitation(db: Executor, inviteHash: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('invite_hash', '=', inviteHash).where('role', '=', 'admin').executeTakeFirst();
}

export async function updateOperator(
  db: Executor,
  id: string,
  change: Partial<Pick<UserRow, 'admin_role' | 'disabled_at' | 'password_hash' | 'totp_secret' | 'totp_enabled_at' | 'invite_hash' | 'invite_expires_at'>> & { totp_last_step?: number | null },
): Promise<void> {
  await db.updateTable('users').set(change).where('id', '=', id).where('role', '=', 'admin').execute();
}

/**
 * Takes the time step of a code just checked as used, unless a code of that step or a later one was taken
 * already (by a request that arrived together with this one): says whether this call took it.
 */
export async function takeTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Active owners other than this one. On PostgreSQL every active owner's row is locked for the transaction, always
 * in the same order, so two owners demoting each other at once are served one after the other and the second
 * sees the first's change.
 */
export async function otherActiveOwners(db: Executor, exceptId: string, lock: boolean): Promise<number> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('admin_role', '=', 'owner').where('disabled_at', 'is', null).orderBy('id');
  if (lock) query = query.forUpdate();
  return (await query.execute()).filter((row) => row.id !== exceptId).length;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: readonly string[], now: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length) await db.insertInto('recovery_codes').values(hashes.map((code_hash) => ({ code_hash, user_id: userId, used_at: null, created_at: now }))).execute();
}

/** Uses a recovery code of this operator once: says whether it was theirs and still unused. */
export async function useRecoveryCode(db: Executor, userId: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function unusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every session signed in as this user, or waiting for their second step (a role changed, an operator disabled). */
export async function endSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('data', 'like', `%"userId":"${userId}"%`).execute();
}

export type { StaffRole };
