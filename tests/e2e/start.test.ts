import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// What ships is what runs: `npm start` builds if needed and serves a production build on plain Node, checks
// its configuration first, and stops on SIGTERM.

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function npmStart(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until<T>(read: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start', () => {
  it('refuses a bad setting, naming the variable', async () => {
    const run = npmStart({ PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT="abc": must be a port number');
  });

  it('serves the production build on plain Node and stops on SIGTERM', async () => {
    const run = npmStart({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const base = await until(() => run.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1], 100_000);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const html = await (await fetch(`${base}/`)).text();
    // Rendered by React on the server (the entry pages are rendered as it starts), with the app's entry module listed.
    expect(html).toContain('data-prerendered="en"');
    const entry = html.match(/"entry":"(\/assets\/[^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    const js = await (await fetch(`${base}${entry}`)).text();
    // React's development build warns through these; the production build has none of them.
    expect(js).not.toContain('jsxDEV');
    expect(js).not.toMatch(/react-dom\.development/);
    // The server runs compiled JavaScript: no tsx, no Vite in its process.
    expect(fs.existsSync(path.join(ROOT, 'dist/server/main.js'))).toBe(true);

    run.child.kill('SIGTERM');
    expect(await run.exited).not.toBeNull();
    expect(run.output()).toContain('SIGTERM received, closing');
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 150_000);
});
