// The admin area on real volumes (issue 14): a database seeded once with `scripts/demoData.ts` (100,000 leads,
// 10,000 orders, 1,000,000 page views; kept between runs in the system's temp folder, keyed by the generator's
// version), the real app over it, and each admin call timed through app.inject after a warm-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createDb, migrateToLatest } from '../../db/index';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hashPassword } from '../../server/lib/password';
import { FULL_VOLUMES, seedDemoData } from '../../scripts/demoData';

/** Bump when demoData.ts changes what it makes, so the cached database is made again. */
const DATA_VERSION = 2;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

async function seededDir(): Promise<string> {
  const dir = path.join(os.tmpdir(), `rumbo-bench-admin-v${DATA_VERSION}`);
  if (fs.existsSync(path.join(dir, 'seeded'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const db = createDb({ ...loadConfig({}), dataDir: dir, databaseUrl: undefined });
  await migrateToLatest(db);
  await seedDemoData(db, FULL_VOLUMES);
  await db.destroy();
  fs.writeFileSync(path.join(dir, 'seeded'), new Date().toISOString());
  return dir;
}

async function time(app: FastifyInstance, cookie: string, url: string, runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs + 2; i += 1) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (i >= 2) samples.push(ms);
  }
  return samples;
}

export interface AdminTimes {
  /** Every JSON admin call by its URL. */
  calls: Record<string, number[]>;
  /** The whole CSV of every lead. */
  exportMs: number;
  exportRows: number;
}

export async function adminTimes(runs = 10): Promise<AdminTimes> {
  const dataDir = await seededDir();
  const app = await buildApp({ ...loadConfig({}), dataDir, databaseUrl: undefined, adminUsername: ADMIN.username, adminPassword: ADMIN.password, logLevel: 'silent', rateLimitPerMinute: 1_000_000 }, { logger: false });
  await app.ready();
  try {
    // An operator (leads and analytics, no second step: issue 44), made afresh in the cached database each run.
    const operator = { username: 'bench-operator', password: ADMIN.password };
    await app.db.deleteFrom('users').where('username', '=', operator.username).execute();
    await app.db
      .insertInto('users')
      .values({ id: randomUUID(), username: operator.username, email: null, password_hash: await hashPassword(operator.password), role: 'admin', admin_role: 'operator', guest_email: null, created_at: new Date().toISOString() })
      .execute();
    const login = await app.inject({ method: 'POST', url: '/api/auth/admin-login', payload: operator });
    if (login.statusCode !== 200) throw new Error(`admin sign-in answered ${login.statusCode}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const someLead = (await app.db.selectFrom('leads').select('id').orderBy('updated_at', 'desc').limit(1).executeTakeFirstOrThrow()).id;
    const urls = [
      ...['1d', '7d', '30d', '90d'].flatMap((r) => [`/api/admin/analytics?timeRange=${r}`, `/api/admin/traffic?timeRange=${r}`, `/api/admin/conversions?timeRange=${r}`]),
      '/api/admin/leads',
      '/api/admin/leads?status=paid',
      '/api/admin/leads?status=incomplete&plan=pro',
      '/api/admin/leads?page=500',
      `/api/admin/leads/${someLead}`,
    ];
    const calls: Record<string, number[]> = {};
    for (const url of urls) calls[url] = await time(app, cookie, url, runs);
    const started = performance.now();
    const csv = await app.inject({ method: 'GET', url: '/api/admin/leads/export', headers: { cookie } });
    const exportMs = performance.now() - started;
    return { calls, exportMs, exportRows: csv.body.split('\r\n').length - 2 };
  } finally {
    await app.close();
  }
}
