import { randomUUID } from 'node:crypto';
import type { Db } from '../index';
import type { UserRow } from '../schema';

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
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
