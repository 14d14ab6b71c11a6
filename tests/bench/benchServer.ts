// The server beside bare baselines (issue 16): each figure is a ratio to what bare Fastify does on this machine
// in the same run, so a slower or busier machine moves both sides. Every process is a child of this one: the
// production server as `npm start` runs it (compiled JavaScript on plain Node), a Fastify hello with a response
// schema, and a Fastify route inserting one row into better-sqlite3 with the app's pragmas.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { completeAnswers } from '../helpers/answers';
import { buildClient, buildServer, ROOT, SERVER_OUT, START } from '../../scripts/build.mjs';

/** autocannon's load, per the issue: 50 connections for 10 s after 3 s of warm-up. */
const LOAD = { connections: 50, warmupSeconds: 3, seconds: Number(process.env.BENCH_SECONDS ?? 10) };

const BARE_HELLO = `
import Fastify from 'fastify';
const app = Fastify();
const schema = { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } };
app.get('/', { schema }, async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('port ' + app.server.address().port);
`;

const BARE_INSERT = `
import Fastify from 'fastify';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
const db = new Database(process.env.BENCH_DB);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.exec('create table if not exists leads (id text primary key, email text not null, form_data text not null, created_at integer not null)');
const insert = db.prepare('insert into leads (id, email, form_data, created_at) values (?, ?, ?, ?)');
const app = Fastify();
const schema = { body: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } }, response: { 201: { type: 'object', properties: { id: { type: 'string' } } } } };
app.post('/leads', { schema }, async (request, reply) => {
  const id = randomUUID();
  insert.run(id, request.body.email, JSON.stringify(request.body), Date.now());
  return reply.code(201).send({ id });
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('port ' + app.server.address().port);
`;

interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** Lines the process wrote to stdout so far. */
  lines: () => number;
  stop: () => Promise<void>;
}

function start(args: string[], env: Record<string, string>, portFrom: (line: string) => number | null): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let lines = 0;
  return new Promise((resolve, reject) => {
    let found = false;
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      lines += parts.length;
      for (const line of found ? [] : parts) {
        const port = portFrom(line);
        if (port === null) continue;
        found = true;
        resolve({
          child,
          baseUrl: `http://127.0.0.1:${port}`,
          lines: () => lines,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => !found && reject(new Error(`${args.join(' ')} exited with ${code} before listening`)));
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

interface Load {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Requests a second under the load; any failure or non-2xx answer stops the bench. */
async function requestsPerSecond(baseUrl: string, load: Load): Promise<number> {
  let client = 0;
  const options = {
    url: baseUrl + load.path,
    connections: LOAD.connections,
    method: load.method ?? 'GET',
    headers: load.headers ?? {},
    body: load.body,
    // Each request from an address of its own (the server trusts one proxy here): the routes' own per-address
    // limits are for people, not for a load test.
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          client += 1;
          return { ...request, headers: { ...(request.headers as Record<string, string>), 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` } };
        },
      },
    ],
  };
  await autocannon({ ...options, duration: LOAD.warmupSeconds });
  const result = await autocannon({ ...options, duration: LOAD.seconds });
  if (result.errors > 0 || result.non2xx > 0) {
    const sample = await fetch(options.url, { method: options.method, headers: options.headers, body: options.body ?? null });
    throw new Error(`${options.method} ${load.path}: ${result.errors} errors, ${result.non2xx} non-2xx answers, such as ${sample.status} ${await sample.text()}`);
  }
  return result.requests.average;
}

export interface Ratio {
  measure: string;
  value: number;
  goal: number;
  /** 'at least' for ratios and throughput, 'at most' for sizes. */
  direction: 'min' | 'max';
  unit: string;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export async function serverRatios(): Promise<Ratio[]> {
  buildClient();
  buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-server-'));
  const listening = (line: string) => {
    const match = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(line);
    return match ? Number(match[1]) : null;
  };
  const app = await start([...START.nodeFlags, SERVER_OUT], { ...START.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', TRUST_PROXY: '1' }, listening);
  const fromPortLine = (line: string) => (line.startsWith('port ') ? Number(line.slice(5)) : null);
  const hello = await start(['--input-type=module', '-e', BARE_HELLO], {}, fromPortLine);
  const insert = await start(['--input-type=module', '-e', BARE_INSERT], { BENCH_DB: path.join(dataDir, 'bare.sqlite') }, fromPortLine);
  const idleRss = rssMb(app.child.pid as number);
  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(app.child.pid as number))), 100);
  try {
    // A session, as a visitor who has started a lead has.
    const captured = await fetch(`${app.baseUrl}/api/leads/immediate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench.server@example.com', formType: 'ESTA', firstName: 'Bench' }),
    });
    const cookie = captured.headers.get('set-cookie')?.split(';')[0] ?? '';
    if (!cookie) throw new Error(`no session from /api/leads/immediate (${captured.status})`);

    // Log lines per request, counted on a quiet server (the session request's line has arrived first).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = app.lines();
    for (let i = 0; i < 100; i += 1) await (await fetch(`${app.baseUrl}/api/health`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logLines = (app.lines() - before) / 100;

    // Baselines and the app alternate, and each figure is divided by the bare runs either side of it: the machine's
    // speed drifts over a run (the first and last bare runs of one run differed by 15%), and touches both sides.
    const bare = [await requestsPerSecond(hello.baseUrl, { path: '/' })];
    const flanked = async (load: Load) => {
      const value = await requestsPerSecond(app.baseUrl, load);
      bare.push(await requestsPerSecond(hello.baseUrl, { path: '/' }));
      return { value, base: (bare.at(-1)! + bare.at(-2)!) / 2 };
    };
    const health = await flanked({ path: '/api/health' });
    // Between two runs without the cookie, for the same reason.
    const healthWithSession = await requestsPerSecond(app.baseUrl, { path: '/api/health', headers: { cookie } });
    const healthAround = (health.value + (await requestsPerSecond(app.baseUrl, { path: '/api/health' }))) / 2;
    const pricing = await flanked({ path: '/api/admin/pricing' });
    const branding = await flanked({ path: '/api/admin/branding' });
    const plans = await flanked({ path: '/api/subscription/plans' });

    // A finished ESTA wizard's lead, as the page sends it; the baseline stores the same body.
    const lead = JSON.stringify({
      name: 'Bench Lead',
      email: 'bench.lead@example.com',
      formType: 'ESTA',
      nationality: 'Spain',
      travelPurpose: 'Tourism/Vacation',
      formData: completeAnswers(estaCatalog),
      completionStatus: 'completed',
      paymentStatus: 'pending',
      source: 'esta-wizard',
    });
    const json = { 'content-type': 'application/json' };
    const bareLead = () => requestsPerSecond(insert.baseUrl, { path: '/leads', method: 'POST', headers: json, body: lead });
    const bareInsertBefore = await bareLead();
    const leads = await requestsPerSecond(app.baseUrl, { path: '/api/leads', method: 'POST', headers: json, body: lead });
    const bareInsert = (bareInsertBefore + (await bareLead())) / 2;

    const ratio = (measure: string, value: number, base: number, goal: number): Ratio => ({
      measure: `${measure} (${Math.round(value)} / ${Math.round(base)} req/s)`,
      value: round(value / base),
      goal,
      direction: 'min',
      unit: 'x',
    });
    return [
      ratio('GET /api/health / bare Fastify hello', health.value, health.base, 0.6),
      ratio('GET /api/admin/pricing / bare hello', pricing.value, pricing.base, 0.6),
      ratio('GET /api/admin/branding / bare hello', branding.value, branding.base, 0.6),
      ratio('GET /api/subscription/plans / bare hello', plans.value, plans.base, 0.6),
      ratio('/api/health with a session cookie / without', healthWithSession, healthAround, 0.9),
      ratio('POST /api/leads / bare Fastify + better-sqlite3 insert', leads, bareInsert, 0.5),
      { measure: 'server RSS idle', value: idleRss, goal: 120, direction: 'max', unit: 'MB' },
      { measure: 'server RSS under load (peak)', value: peakRss, goal: 200, direction: 'max', unit: 'MB' },
      { measure: 'request log lines per request', value: round(logLines), goal: 1, direction: 'max', unit: '' },
    ];
  } finally {
    clearInterval(sampler);
    await Promise.all([app.stop(), hello.stop(), insert.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
