import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteAdapter, SqliteDialect, type Transaction } from 'kysely';
import type { DataCodec } from './encryption/codec';
import { loadDataCodec } from './encryption/keyRing';
import { EncryptionPlugin } from './encryption/plugin';
import { useGroupCommit } from './groupCommit';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { withStatementCache } from './statementCache';

export type Db = Kysely<Database>;
/** What every query takes: the database, or a transaction a service opened, so several writes can be one. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  /** postgres://… switches to PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** DATA_KEYS (`kid=base64` pairs, the first seals); unset, the key file in dataDir (db/encryption/keyRing.ts). */
  dataKeys?: string | undefined;
  /** PostgreSQL schema to use (tests give each app its own). */
  pgSchema?: string | undefined;
  /**
   * Told of a PostgreSQL connection that failed outside a query (terminated by the server, a restart, the network):
   * the pool drops it and makes a new one when next needed. Without a listener such an error ends the process.
   */
  onConnectionError?: (err: Error) => void;
}

export function dialectOf(options: DbOptions): Dialect {
  return options.databaseUrl?.startsWith('postgres') ? 'postgres' : 'sqlite';
}

/**
 * FULL: each commit is on disk before the client hears it was saved, so an acknowledged lead survives a crash of
 * the process and of the machine. (NORMAL would survive the process dying but not a power cut.)
 */
export const SQLITE_SYNCHRONOUS = 'FULL';

/**
 * How long a SQLite statement waits for another process's write lock (a migration, a backup) before it fails and
 * the request answers 503. better-sqlite3 waits on the event loop, so every request waits with it: a second, not 5.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 1000;

/**
 * How long a request waits for a PostgreSQL connection (a new one, or one of the pool's ten) before it answers 503:
 * while the database is down a request fails at once (connection refused) or within this, never hangs.
 */
export const PG_CONNECT_TIMEOUT_MS = 1500;

/** The name PostgreSQL shows for this server's connections (pg_stat_activity), with its schema when it has one. */
export const pgApplicationName = (pgSchema: string | undefined, part = 'rumbo') => (pgSchema ? `${part}:${pgSchema}` : part).slice(0, 63);

/**
 * The database every query runs on. Its encryption plugin seals the encrypted columns on the way in and opens
 * them on the way out (db/encryption/), under the key ring read once here.
 */
export function createDb(options: DbOptions, codec: DataCodec = loadDataCodec(options.dataDir, options.dataKeys)): Db {
  const plugins = [new EncryptionPlugin(codec)];
  if (dialectOf(options) === 'postgres') {
    // pg loads when PostgreSQL is used, not on SQLite (about 15 MB the server would hold for nothing).
    const onError = options.onConnectionError ?? (() => {});
    const pool = async () => {
      const made = new (await import('pg')).default.Pool({
        connectionString: options.databaseUrl,
        max: 10,
        connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
        // A connection the network dropped silently is noticed, not waited on.
        keepAlive: true,
        application_name: pgApplicationName(options.pgSchema),
        ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
      });
      // An idle connection that dies is reported by the pool; one in use (between a transaction's statements) by
      // the connection itself. Either way it is not used again: the pool drops it and connects afresh.
      made.on('error', onError);
      made.on('connect', (client) => client.on('error', onError));
      return made;
    };
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, 'rumbo.sqlite');
  // Readable by the owner only. SQLite gives the WAL and shared-memory files the database file's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // Issue 44 (erasure): a deleted row's bytes are overwritten with zeros, not left in a free page until a VACUUM.
  sqlite.pragma('secure_delete = ON');
  return useGroupCommit(new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins }));
}

/**
 * After an erasure (issue 44): on SQLite the WAL still holds the pages as they were before the delete, values and
 * all, until it is checkpointed and overwritten. A TRUNCATE checkpoint moves the zeroed pages home and empties it.
 * PostgreSQL's dead tuples are never in a pg_dump and autovacuum reclaims them.
 */
export async function forgetErased(db: Executor): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

export async function migrateToLatest(db: Db, pgSchema?: string): Promise<string[]> {
  // Kysely looks for its bookkeeping tables across schemas; pin them to ours when we have one.
  // Branches are given number ranges (0023 e-mail, 0027 fees, 0037 operators) and land in any order: a database
  // that already ran a higher number still runs a lower one that arrived later.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
