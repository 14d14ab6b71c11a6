import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db/index';
import type { Config } from './config';
import client from './plugins/client';
import db from './plugins/db';
import errors from './plugins/errors';
import ownership from './plugins/ownership';
import openapi from './plugins/openapi';
import security from './plugins/security';
import services from './plugins/services';
import session from './plugins/session';
import branding from './routes/branding';
import eligibility from './routes/eligibility';
import health from './routes/health';
import leads from './routes/leads';
import pricing from './routes/pricing';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** An already open database (tests share one across apps). */
  db?: Db;
  logger?: boolean;
}

/** Builds the app without listening, so tests call it through app.inject. Boot order: infrastructure, then routes. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // No removeAdditional: request schemas refuse unknown fields, so a misspelt field is a 400 that names it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errors);
  await app.register(db, { config, ...(options.db ? { db: options.db } : {}) });
  await app.register(security, { config });
  await app.register(session, { config });
  await app.register(ownership);
  await app.register(services);
  await app.register(openapi);

  await app.register(health);
  await app.register(branding);
  await app.register(eligibility);
  await app.register(pricing);
  await app.register(leads);

  await app.register(client, { config });
  return app;
}
