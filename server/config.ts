import fs from 'node:fs';
import { isIP } from 'node:net';
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
  /**
   * What several server processes share besides the database: request limits, the attempt counters of sign-ins,
   * codes and resume tries, and the notices that drop cached prices and branding. Unset: limits per process.
   */
  redis: { url: string; keyPrefix: string } | undefined;
  sessionSecret: string | undefined;
  /** DATA_KEYS: the key ring of the data encrypted at rest; unset, a key file in dataDir (README, "Data at rest"). */
  dataKeys: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** An operator who makes no request for this long is signed out (issue 44). */
  adminIdleMinutes: number;
  /** The model; `turnMs`, `timeoutMs` and `stallMs` (issue 32) are set only by tests that make a model slow. */
  openai: { apiKey: string | undefined; baseUrl: string | undefined; model: string; turnMs?: number; timeoutMs?: number; stallMs?: number };
  /**
   * An OpenAI-compatible transcription endpoint (issue 15): SPEECH_TO_TEXT_URL names one of its own (a local
   * server, say); otherwise OpenAI's when OPENAI_API_KEY is set; otherwise none, and speech to text answers 503.
   */
  speechToText: { baseUrl: string | undefined; apiKey: string | undefined; model: string };
  /** OpenAI speech for the questions when OPENAI_API_KEY is set; the embedded eSpeak NG otherwise. */
  textToSpeech: { model: string; voice: string };
  /** Folder of the built client; served when it exists. */
  clientDir: string;
  logLevel: string;
  /** Requests a minute per client before 429 (spec-level limits on logins come per route). */
  rateLimitPerMinute: number;
  /** Chat requests a minute from one address, all chats and sessions together, beside each session's own limit (issue 41). */
  chatPerAddressPerMinute: number;
  /** Writes an hour from one address by browsers without a session yet, each of which may make one (issue 41). */
  newSessionsPerAddressPerHour: number;
  /** Hours a session without sign-in, code or anything it made is kept (issue 41); one that owns something: 30 days. */
  anonymousSessionHours: number;
  /**
   * Which proxies stand between the client and the server: a hop count, or their addresses. The client is the
   * last X-Forwarded-For entry a trusted proxy added, never the leftmost one the client itself can write.
   */
  trustProxy: false | number | string[];
  /** The address the public reaches; an https URL makes the session cookie Secure. */
  publicUrl: string | undefined;
  timeouts: {
    /** A whole request (headers and body) must arrive within this. */
    requestMs: number;
    /** A connection with nothing moving is closed after this. */
    idleMs: number;
    /** An idle keep-alive connection is kept this long. */
    keepAliveMs: number;
  };
  /**
   * Reconciliation of payments: an order still pending after `graceMs` (longer than any charge takes) is settled
   * from the gateway's record; pending orders are looked for every `everyMs`, and when one's grace ends.
   */
  reconcile: { graceMs: number; everyMs: number };
  /**
   * Work that happens later (server/services/jobs/): on PostgreSQL, the schema pg-boss keeps its queue in; unset,
   * the app's own schema when PG_SCHEMA names one (one deployment, or one test app, in one schema), else `pgboss`.
   * `superviseSeconds`: how often pg-boss looks for jobs whose lease ran out (their process died) and makes them
   * due again (its maintenance interval), so a dead process's job runs again within lease + superviseSeconds.
   */
  jobs: { pgSchema: string | undefined; superviseSeconds: number };
  /**
   * Retention (issue 44): applications never paid are deleted `unpaidDays` after their last change; photos of
   * paid applications `paidPhotoDays` after upload. Jobs on the job runner, daily.
   */
  retention: { unpaidDays: number; paidPhotoDays: number };
  /** E-mail (issue 43, server/services/mail/). */
  mail: MailConfig;
  /** NODE_ENV=production: a deployment. The development mailbox is off, and a missing SMTP_URL is warned about. */
  production: boolean;
}

export interface MailConfig {
  /** smtp:// or smtps:// with any credentials; unset, messages are written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From header: `Name <address>`, or an address (the brand's name is put before it). */
  from: string | undefined;
  /** DKIM signing, when a private key is configured. */
  dkim: { domainName: string | undefined; keySelector: string; privateKey: string } | undefined;
  /** Retries of a message after its first attempt, and the wait before the first (each next one doubles). */
  retries: number;
  retrySeconds: number;
  /**
   * How long an attempt holds its message (`sending`) before it is taken for dead and the message sent again
   * (PostgreSQL, where several processes dispatch): the send job's pg-boss lease, and the bound the SMTP exchange's
   * timeouts are fitted inside (transport.ts), so a live send is never taken for dead.
   */
  leaseSeconds: number;
}

/** The environment the server reads, checked once at start-up so a typo stops it with the variable named. */
const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, description: 'a port number, 0 to 65535' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  PG_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,62}$', description: 'a PostgreSQL schema name' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', description: 'a redis:// or rediss:// URL' })),
  REDIS_KEY_PREFIX: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_:.-]{1,64}$', description: 'letters, digits and _ : . - (at most 64)' })),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'at least 32 characters' })),
  DATA_KEYS: Type.Optional(Type.String({ pattern: '^\\s*[A-Za-z0-9_-]{1,32}=', description: 'kid=base64 pairs (32-byte keys), the first encrypts' })),
  ADMIN_USERNAME: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 10, description: 'at least 10 characters' })),
  ADMIN_IDLE_MINUTES: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'whole minutes, 1 to 1440' })),
  OPENAI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  OPENAI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL' })),
  OPENAI_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  SPEECH_TO_TEXT_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL of an OpenAI-compatible API (ending in /v1)' })),
  SPEECH_TO_TEXT_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SPEECH_TO_TEXT_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  TEXT_TO_SPEECH_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  TEXT_TO_SPEECH_VOICE: Type.Optional(Type.String({ minLength: 1 })),
  CLIENT_DIR: Type.Optional(Type.String({ minLength: 1 })),
  LOG_LEVEL: Type.Optional(Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  RATE_LIMIT_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, description: 'a whole number of requests, at least 1' })),
  CHAT_PER_ADDRESS_PER_MINUTE: Type.Optional(Type.Integer({ minimum: 1, description: 'a whole number of requests, at least 1' })),
  NEW_SESSIONS_PER_ADDRESS_PER_HOUR: Type.Optional(Type.Integer({ minimum: 1, description: 'a whole number of sessions, at least 1' })),
  ANONYMOUS_SESSION_HOURS: Type.Optional(Type.Integer({ minimum: 1, maximum: 720, description: 'whole hours, 1 to 720' })),
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: '^(false|\\d{1,2}|[0-9a-fA-F.:/]+(\\s*,\\s*[0-9a-fA-F.:/]+)*)$',
      description: 'a hop count (1 behind one proxy) or a comma-separated list of proxy addresses or CIDR ranges',
    }),
  ),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s):// URL' })),
  REQUEST_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100, description: 'milliseconds, at least 100' })),
  IDLE_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100, description: 'milliseconds, at least 100' })),
  PAYMENT_GRACE_SECONDS: Type.Optional(Type.Integer({ minimum: 5, maximum: 50, description: 'seconds, from 5 to 50' })),
  RECONCILE_EVERY_SECONDS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600, description: 'seconds, from 1 to 3600' })),
  JOBS_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,62}$', description: 'a PostgreSQL schema name' })),
  RETENTION_UNPAID_DAYS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'days, from 1 to 3650' })),
  RETENTION_PAID_PHOTO_DAYS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'days, from 1 to 3650' })),
  NODE_ENV: Type.Optional(Type.String({ minLength: 1 })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$', description: 'an smtp:// or smtps:// URL (smtp://user:pass@host:587)' })),
  MAIL_FROM: Type.Optional(
    Type.String({ pattern: '^([^<>]*<[^@\\s<>]+@[^@\\s<>]+>|[^@\\s<>]+@[^@\\s<>]+)$', description: 'an address, or Name <address>' }),
  ),
  MAIL_DKIM_KEY: Type.Optional(Type.String({ pattern: '-----BEGIN', description: 'a PEM private key' })),
  MAIL_DKIM_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
  MAIL_DKIM_SELECTOR: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9._-]{1,63}$', description: 'a DKIM selector (letters, digits, . _ -)' })),
  MAIL_DKIM_DOMAIN: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.-]{1,253}$', description: 'a domain name' })),
  MAIL_RETRIES: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, description: 'a whole number from 0 to 20' })),
  MAIL_RETRY_SECONDS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600, description: 'seconds, from 1 to 3600' })),
  MAIL_LEASE_SECONDS: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600, description: 'seconds, from 5 to 3600' })),
  JOBS_SUPERVISE_SECONDS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600, description: 'seconds, from 1 to 3600' })),
});
type Env = Static<typeof EnvSchema>;

export class ConfigError extends Error {}

/** The schema pg-boss keeps its queue in (Config.jobs). */
export function jobsSchemaOf(config: Pick<Config, 'jobs' | 'pgSchema'>): string {
  return config.jobs.pgSchema ?? config.pgSchema ?? 'pgboss';
}

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

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((address) => address.trim());
  const wrong = addresses.find((entry) => {
    const [ip, bits] = entry.split('/');
    return !isIP(ip ?? '') || (bits !== undefined && !/^\d{1,3}$/.test(bits));
  });
  if (wrong !== undefined) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: "${wrong}" is neither an IP address nor a CIDR range`);
  return addresses;
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
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX ?? 'rumbo:' } : undefined,
    sessionSecret: e.SESSION_SECRET,
    dataKeys: e.DATA_KEYS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminIdleMinutes: e.ADMIN_IDLE_MINUTES ?? 30,
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL ?? 'gpt-4o-mini' },
    speechToText: {
      baseUrl: e.SPEECH_TO_TEXT_URL ?? (e.OPENAI_API_KEY ? (e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1') : undefined),
      apiKey: e.SPEECH_TO_TEXT_KEY ?? e.OPENAI_API_KEY,
      model: e.SPEECH_TO_TEXT_MODEL ?? 'whisper-1',
    },
    textToSpeech: { model: e.TEXT_TO_SPEECH_MODEL ?? 'gpt-4o-mini-tts', voice: e.TEXT_TO_SPEECH_VOICE ?? 'alloy' },
    clientDir: path.resolve(root, e.CLIENT_DIR ?? 'dist/client'),
    logLevel: e.LOG_LEVEL ?? 'info',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
    chatPerAddressPerMinute: e.CHAT_PER_ADDRESS_PER_MINUTE ?? 240,
    newSessionsPerAddressPerHour: e.NEW_SESSIONS_PER_ADDRESS_PER_HOUR ?? 200,
    anonymousSessionHours: e.ANONYMOUS_SESSION_HOURS ?? 6,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_MS ?? 30_000, idleMs: e.IDLE_TIMEOUT_MS ?? 15_000, keepAliveMs: 5_000 },
    reconcile: { graceMs: (e.PAYMENT_GRACE_SECONDS ?? 30) * 1000, everyMs: (e.RECONCILE_EVERY_SECONDS ?? 60) * 1000 },
    jobs: { pgSchema: e.JOBS_SCHEMA, superviseSeconds: e.JOBS_SUPERVISE_SECONDS ?? 120 },
    retention: { unpaidDays: e.RETENTION_UNPAID_DAYS ?? 30, paidPhotoDays: e.RETENTION_PAID_PHOTO_DAYS ?? 90 },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      dkim: dkimOf(e),
      retries: e.MAIL_RETRIES ?? 10,
      retrySeconds: e.MAIL_RETRY_SECONDS ?? 10,
      leaseSeconds: e.MAIL_LEASE_SECONDS ?? 120,
    },
    production: e.NODE_ENV === 'production',
  };
}

/** DKIM when a key is given (the text, or a file holding it); the domain defaults to MAIL_FROM's. */
function dkimOf(e: Env): MailConfig['dkim'] {
  let privateKey = e.MAIL_DKIM_KEY;
  if (!privateKey && e.MAIL_DKIM_KEY_FILE) {
    try {
      privateKey = fs.readFileSync(path.resolve(process.cwd(), e.MAIL_DKIM_KEY_FILE), 'utf8');
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  MAIL_DKIM_KEY_FILE: cannot read ${e.MAIL_DKIM_KEY_FILE} (${(err as Error).message})`);
    }
    if (!privateKey.includes('-----BEGIN')) throw new ConfigError(`Invalid configuration:\n  MAIL_DKIM_KEY_FILE: ${e.MAIL_DKIM_KEY_FILE} holds no PEM private key`);
  }
  if (!privateKey) return undefined;
  return { domainName: e.MAIL_DKIM_DOMAIN, keySelector: e.MAIL_DKIM_SELECTOR ?? 'rumbo', privateKey };
}
