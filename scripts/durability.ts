// `npm run durability`: kills the server with SIGKILL in the middle of a write load, starts it again, and counts
// the leads it had acknowledged (201) that are missing. Goal: 0. Runs the compiled server, as `npm start` does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SQLITE_SYNCHRONOUS } from '../db/index';
import { buildServer, SERVER_OUT, START } from './build.mjs';

const SECONDS_OF_LOAD = Number(process.env.DURABILITY_SECONDS ?? 4);
const CONCURRENCY = 32;

function start(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...START.nodeFlags, SERVER_OUT], {
    env: {
      ...process.env,
      ...START.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'durability-check',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // Each load client writes its own X-Forwarded-For, as clients behind one proxy would appear.
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 20_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error('the server did not start'));
      setTimeout(poll, 100);
    };
    void poll();
  });
}

async function main() {
  buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-durability-'));
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const server = await start(dataDir, port);
  const acknowledged: string[] = [];
  let stop = false;
  let client = 0;
  const worker = async () => {
    while (!stop) {
      client += 1;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/leads/immediate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` },
          body: JSON.stringify({ email: `load${client}@example.com`, formType: 'ESTA' }),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { leadId: string }).leadId);
      } catch {
        // The kill cuts requests in flight; those were never acknowledged.
      }
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);
  await new Promise((resolve) => setTimeout(resolve, SECONDS_OF_LOAD * 1000));
  server.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);

  const restarted = await start(dataDir, port);
  const db = new SQLite(path.join(dataDir, 'rumbo.sqlite'), { readonly: true });
  const stored = new Set((db.prepare('select id from leads').all() as { id: string }[]).map((r) => r.id));
  db.close();
  restarted.kill('SIGTERM');
  const missing = acknowledged.filter((id) => !stored.has(id));
  console.table([
    { measure: 'leads acknowledged before SIGKILL', value: acknowledged.length },
    { measure: 'acknowledged leads missing after restart', value: missing.length },
    { measure: 'journal mode', value: 'WAL' },
    { measure: 'synchronous (the server sets it on open)', value: SQLITE_SYNCHRONOUS },
  ]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (missing.length > 0 || acknowledged.length === 0) process.exitCode = 1;
}

await main();
