import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../../server/app';
import { createTestApp, type TestApp } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Call = (method: Method, url: string, cookie?: string, payload?: object) => Promise<LightMyRequestResponse>;

/**
 * Each request from an address of its own under 10.`net`: a test of many requests meets the rule it tests, not the
 * per-client limits. Files take different nets so their requests stay apart in the logs.
 */
export function fromManyAddresses(app: () => FastifyInstance, net: number): Call {
  let client = 0;
  return (method, url, cookie, payload) => {
    client += 1;
    return app().inject({ method, url, remoteAddress: `10.${net}.${(client >> 8) & 255}.${client & 255}`, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  };
}

/**
 * The file's app, made before its tests with the request limit out of the way and closed after them (`t.app` is
 * read when a test runs), and a `call` from many addresses.
 */
export function appForFile(net: number, build: BuildOptions = { logger: false }): { t: Pick<TestApp, 'app'>; call: Call } {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp({ rateLimitPerMinute: 100_000 }, build);
  });
  afterAll(async () => current?.close());
  const app = () => {
    if (!current) throw new Error('the test app is made in beforeAll: use it inside a test or hook');
    return current.app;
  };
  return { t: { get app() { return app(); } }, call: fromManyAddresses(app, net) };
}
