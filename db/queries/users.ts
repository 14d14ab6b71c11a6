import { randomUUID } from 'node:crypto';
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

/**
 * Creates the first admin unless the username is taken; says whether this call made it (several processes starting
 * on one new database all try, and exactly one succeeds).
 */
export async function createAdmin(db: Db, username: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({ id: randomUUID(), username, email: null, password_hash: passwordHash, role: 'admin', created_at: new Date().toISOString() })
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
