import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every query text the app writes; lists of varying length (`in (?, ?)`) cycle out of it. */
const SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a small query: the same
 * SQL text reuses its statement here. A statement still being iterated (a streamed export) is busy, so the same
 * text meanwhile gets a statement of its own.
 */
export function withStatementCache(sqlite: SQLite.Database, size = SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Most recently used last, so the oldest is the one dropped.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit as unknown as SqliteStatement;
      }
      const statement = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}
