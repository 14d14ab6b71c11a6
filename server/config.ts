import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

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

/** The environment the server reads, checked once at start-up so a typo stops it with the variable named. */
const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, description: 'a port number, 0 to 65535' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  PG_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,62}$', description: 'a PostgreSQL schema name' })),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  ADMIN_USERNAME: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 10, description: 'at least 10 characters' })),
  OPENAI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  OPENAI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL' })),
  OPENAI_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  CLIENT_DIR: Type.Optional(Type.String({ minLength: 1 })),
  LOG_LEVEL: Type.Optional(Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  RATE_LIMIT_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, description: 'a whole number of requests, at least 1' })),
  TRUST_PROXY: Type.Optional(Type.Enum(['true', 'false', '1', '0'])),
});
type Env = Static<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Only the variables the server knows, with empty ones treated as unset. */
function known(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = Object.keys(EnvSchema.properties);
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name] as string]] : [])));
}

function parseEnv(env: NodeJS.ProcessEnv): Env {
  const raw = known(env);
  const value = Value.Convert(EnvSchema, raw) as Record<string, unknown>;
  const problems = [...Value.Errors(EnvSchema, value)].map((error) => {
    const name = error.instancePath.replace(/^\//, '');
    const schema = (EnvSchema.properties as Record<string, { description?: string }>)[name];
    return `${name}=${JSON.stringify(raw[name])}: ${schema?.description ? `must be ${schema.description}` : error.message}`;
  });
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return value as Env;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = process.cwd();
  const e = parseEnv(env);
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(root, e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    pgSchema: e.PG_SCHEMA,
    sessionSecret: e.SESSION_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL ?? 'gpt-4o-mini' },
    clientDir: path.resolve(root, e.CLIENT_DIR ?? 'dist/client'),
    logLevel: e.LOG_LEVEL ?? 'info',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
  };
}
