import path from 'node:path';
import autoload from '@fastify/autoload';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Db } from '../db/index';
import type { Config } from './config';
import type { PaymentGateway } from './services/payments';
import client from './plugins/client';
import errors, { clientErrorHandler } from './plugins/errors';
import type { PluginOptions } from './plugins/options';
import resume from './routes/resume';
import aiassistant from './routes/aiassistant';
import aivisa from './routes/aivisa';
import sections from './routes/sections';
import admin from './routes/admin';
import operators from './routes/operators';
import premium from './routes/premium';
import voice from './routes/voice';
import rights from './routes/rights';
import agent from './routes/agent';
import analytics from './routes/analytics';
import applications from './routes/applications';
import auth from './routes/auth';
import branding from './routes/branding';
import checkout from './routes/checkout';
import eligibility from './routes/eligibility';
import governmentFees from './routes/governmentFees';
import figures from './routes/figures';
import groups from './routes/groups';
import health from './routes/health';
import leads from './routes/leads';
import pdf from './routes/pdf';
import photo from './routes/photo';
import plans from './routes/plans';
import pricing from './routes/pricing';
import results from './routes/results';
import mail from './routes/mail';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The plugin folders, beside this file: server/plugins in the sources, dist/server/plugins in the build, where
 * scripts/build.mjs writes each plugin as its own module for autoload to find.
 */
const PLUGINS_DIR = path.join(import.meta.dirname, 'plugins');

export interface BuildOptions {
  /** An already open database (tests share one across apps). */
  db?: Db;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it to prove what is never logged). */
  logStream?: { write(line: string): void };
  /** The payment gateway, wrapped (tests make it fail between the charge and its settlement); the embedded one otherwise. */
  gateway?: (embedded: PaymentGateway) => PaymentGateway;
  /**
   * The operators' clock (codes, invitations, idle sessions) and where new TOTP secrets come from: tests move the
   * clock and fix the secret; Date.now and random secrets otherwise.
   */
  operators?: { now?: () => number; newSecret?: () => string };
}

/** Builds the app without listening, so tests call it through app.inject. Boot order: infrastructure, then routes. */
/**
 * A hop count trusts that many proxies in front of the server (the direct peer is the first), so the client is
 * the address the outermost trusted proxy saw; Fastify itself refuses a bare number, so it becomes that rule.
 * Addresses (or CIDR ranges) trust exactly those proxies.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * One log line a request, when it is answered, with what it was and how it went (Fastify writes a second as it
 * arrives). LOG_LEVEL=warn keeps only failures; silent, nothing.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : // Written a batch at a time while a write is under way, not a system call a line (pino flushes on exit).
          { level: config.logLevel, stream: options.logStream ?? pino.destination({ dest: 1, sync: false }) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // A request must arrive whole in time, and a connection where nothing moves is closed: a client that sends
    // headers and never the body cannot hold a connection open.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    clientErrorHandler,
    // Start-up runs the migrations and opens the stores inside plugins; Fastify's default 10 s per plugin was missed
    // on a loaded two-core machine (API test apps failed with "Plugin did not start in time: 'autoload'").
    pluginTimeout: 60_000,
    logController: new OneLinePerRequest(),
    // No removeAdditional: request schemas refuse unknown fields, so a misspelt field is a 400 that names it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // The rooms load in order: the error shape, then what wraps other packages (database, shared stores, security,
  // compression, the OpenAPI document), then the app's services, each a named plugin whose declared dependencies
  // decide the order within its folder (server/plugins/README.md).
  const pluginOptions: PluginOptions = { config, db: options.db, gateway: options.gateway, operators: options.operators };
  await app.register(errors);
  await app.register(autoload, { dir: path.join(PLUGINS_DIR, 'external'), options: pluginOptions });
  await app.register(autoload, { dir: path.join(PLUGINS_DIR, 'app'), options: pluginOptions });

  // Routes that do not need to know who is asking: no session is read, made or stored for them.
  await app.register(health);
  await app.register(branding);
  await app.register(eligibility);
  await app.register(governmentFees);
  await app.register(figures);
  await app.register(pricing);
  await app.register(plans);
  await app.register(analytics, { config });

  // Routes that act for a browser session: its leads, sign-in, orders, applications and results.
  await app.register(async (scope) => {
    await scope.register(autoload, { dir: path.join(PLUGINS_DIR, 'session'), options: pluginOptions });
    await scope.register(leads);
    await scope.register(groups);
    await scope.register(resume);
    await scope.register(aiassistant);
    await scope.register(aivisa);
    await scope.register(sections);
    await scope.register(agent);
    await scope.register(auth);
    await scope.register(checkout);
    await scope.register(applications);
    await scope.register(results);
    await scope.register(pdf);
    await scope.register(photo);
    await scope.register(admin);
    await scope.register(operators);
    await scope.register(premium);
    await scope.register(voice);
    await scope.register(rights);
    await scope.register(mail);
  });

  await app.register(client, { config });
  return app;
}
