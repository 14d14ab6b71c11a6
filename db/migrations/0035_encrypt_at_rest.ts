import { sql, type Kysely } from 'kysely';
import { resealAll } from '../encryption/reseal';

// Issue 44 item 5: the answers already stored are sealed like new ones. The database a migration runs on carries
// the encryption plugin (db/index.ts), so writing a plain value back seals it; a database opened without it
// would write plain text again, and this says so instead of reporting success.
// The operators' TOTP secrets are not touched here: their column comes with 0037, which a new database runs after
// this one (the rotation command seals any left plain; server/services/operators/service.ts says what an older
// `s1` value means).
export async function up(db: Kysely<any>): Promise<void> {
  await resealAll(db, null, { tables: ['leads', 'assistant_sessions', 'chat_sessions', 'group_members', 'premium_interviews', 'photos'] });
  const probe = await sql<{ stored: string }>`select form_data as stored from leads where form_data not like 'enc:v1:%' limit 1`.execute(db);
  if (probe.rows.length > 0) throw new Error('Migration 0035 ran on a database without the encryption plugin: the answers are still plain (open it with createDb).');
}

export async function down(): Promise<void> {
  // Sealed values stay sealed: opening them is the plugin's work on every read, not a schema change.
}
