import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Issue 44 item 5: migration 0035 sealed the answers in place, but SQLite leaves the pages they were on free, not
// erased, and WAL frames keep the old versions until a checkpoint: the plain passport numbers and answers written
// before it stayed readable in the file. VACUUM rebuilds the file from the live (sealed) rows only, and a TRUNCATE
// checkpoint empties the WAL. On PostgreSQL the old row versions are dead tuples that pg_dump never shows and
// autovacuum reclaims; a VACUUM FULL would lock every table, so it is not done here.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`VACUUM`.execute(db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: the file holds the same rows.
}
