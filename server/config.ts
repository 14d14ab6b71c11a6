import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema (tests isolate each app in its own). */
  pgSchema: string | undefined;
  sessionSecret: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string };
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  logLevel: string;
  /** Requests a minute per client before 429 (spec-level limits on logins come per route). */
  rateLimitPerMinute: number;
  /**
   * Whether X-Forwarded-For names the client. Only behind a proxy that sets it: trusted otherwise, anyone could
   * pick a new address per request and walk past the rate limits.
   */
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchema: env.PG_SCHEMA || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    openai: {
      apiKey: env.OPENAI_API_KEY || undefined,
      baseUrl: env.OPENAI_BASE_URL || undefined,
      model: env.OPENAI_MODEL || 'gpt-4o-mini',
    },
    clientDir: path.resolve(root, env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
  };
}
