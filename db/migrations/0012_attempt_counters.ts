import type { Kysely } from 'kysely';

// Issue 31: what limits guessing (sign-ins, premium codes, resume codes) is counted before an attempt is judged,
// per account and client together and per client, so a burst cannot slip past a count read before it was written
// and a stranger cannot lock the operator out. Without Redis the counters live here; the old per-account failure
// counts are dropped (at worst a lock ends early once, on upgrade).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_counters')
    .addColumn('counter', 'varchar(400)', (c) => c.primaryKey())
    // Attempts counted (failures, and attempts still being judged); for a window, hits in it.
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    // Until when further attempts wait (ms); for a window, when it ends.
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    // The attempt that set the lock, so its success can lift it again.
    .addColumn('locked_by', 'varchar(64)')
    // The attempt counted last: how an upsert tells whether it counted or met a lock.
    .addColumn('last_token', 'varchar(64)')
    .execute();
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt_counters').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('account', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .execute();
}
