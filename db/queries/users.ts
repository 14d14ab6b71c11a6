import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor } from '../index';
import type { UserRow } from '../schema';

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

export async function createAdmin(db: Db, username: string, passwordHash: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({ id, username, email: null, password_hash: passwordHash, role: 'admin', created_at: new Date().toISOString() })
    .execute();
  return id;
}

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A registered account by its e-mail (stored lower-case); guests and admins are never found this way. */
export async function findAccountByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).where('role', '=', 'user').executeTakeFirst();
}

/** Inserts the account unless the e-mail is taken; says whether this call made it. */
export async function insertAccountOnce(db: Executor, row: UserRow): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertUser(db: Executor, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export interface FailureCount {
  count: number;
  lastAt: number;
}

export async function readFailures(db: Executor, account: string): Promise<FailureCount | undefined> {
  const row = await db.selectFrom('login_failures').select(['count', 'last_at']).where('account', '=', account).executeTakeFirst();
  return row ? { count: Number(row.count), lastAt: Number(row.last_at) } : undefined;
}

/** Counts one more failure in one statement, so concurrent wrong guesses each count. A stale count starts over. */
export async function recordFailure(db: Executor, account: string, now: number, staleBefore: number): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ account, count: 1, last_at: now })
    .onConflict((oc) =>
      oc.column('account').doUpdateSet({
        count: sql<number>`case when login_failures.last_at < ${staleBefore} then 1 else login_failures.count + 1 end`,
        last_at: now,
      }),
    )
    .execute();
}

export async function clearFailures(db: Executor, account: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', account).execute();
}
