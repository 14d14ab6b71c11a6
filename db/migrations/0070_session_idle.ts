import type { Kysely } from 'kysely';

// Issue 41: a session that owns nothing (no sign-in, no code, nothing it made) is gone within hours, not 30 days.
// `idle_until` is when such a session lapses unless its owner token owns a row by then; a session with an identity
// has none. `owner_token` lets the sweep and the read ask "does it own anything?" on the owned tables' indexes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('owner_token', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('idle_until', 'bigint').execute();
  await db.schema.createIndex('sessions_idle_until_idx').on('sessions').column('idle_until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_idle_until_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('idle_until').execute();
  await db.schema.alterTable('sessions').dropColumn('owner_token').execute();
}
