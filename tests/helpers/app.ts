import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';

export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' };

/** Which database the API tests run on: SQLite by default, PostgreSQL when DATABASE_URL is set. */
export const dialectUnderTest = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app and drops its database. */
  close: () => Promise<void>;
  /** Closes the app and leaves its database, for `restartTestApp` (as a crash or a restart would). */
  stop: () => Promise<void>;
}

/**
 * A real app on a fresh database: a temporary SQLite file, or a new PostgreSQL schema dropped afterwards.
 * `clientDir` lets browser tests serve the built client.
 */
export async function createTestApp(overrides: Partial<Config> = {}, build: BuildOptions = { logger: false }): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-test-'));
  let pgSchema: string | undefined;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (dialectUnderTest === 'postgres' && databaseUrl && !overrides.pgSchema) {
    pgSchema = `t_${randomBytes(6).toString('hex')}`;
    await withPg(databaseUrl, (client) => client.query(`CREATE SCHEMA ${pgSchema}`));
  }
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    pgSchema,
    clientDir: path.join(dataDir, 'no-client'),
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    logLevel: 'silent',
    // Tests send hundreds of chats and session-less writes from one address; bounds.test.ts tests the real limits.
    chatPerAddressPerMinute: 100_000,
    newSessionsPerAddressPerHour: 100_000,
    ...overrides,
  };
  return start(config, build);
}

/** A new app on the database a stopped one left, as the server is after a restart. */
export async function restartTestApp(previous: TestApp, build: BuildOptions = { logger: false }, overrides: Partial<Config> = {}): Promise<TestApp> {
  return start({ ...previous.config, ...overrides }, build);
}

async function start(config: Config, build: BuildOptions): Promise<TestApp> {
  const app = await buildApp(config, build);
  await app.ready();
  const { databaseUrl, pgSchema, dataDir } = config;
  return {
    app,
    config,
    stop: async () => {
      await app.close();
    },
    close: async () => {
      await app.close();
      if (pgSchema && databaseUrl) await withPg(databaseUrl, (client) => client.query(`DROP SCHEMA ${pgSchema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function withPg<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The session cookie from a response, ready to send back. */
export function sessionCookie(response: { cookies: Array<{ name: string; value: string }> }): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'rumbo.sid');
  return cookie ? `rumbo.sid=${cookie.value}` : undefined;
}
