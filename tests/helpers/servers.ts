import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, START } from '../../scripts/build.mjs';
import { freePort } from './ports';

/** The tests' own build of the server (never the dist/ that `npm start` runs), inside the project so its packages resolve. */
export const TEST_SERVER_OUT = path.resolve(import.meta.dirname, '../../.test-build/server/main.js');

export interface RunningServer {
  base: string;
  pid: number;
  /** The process's resident memory now, in MB (Linux). */
  rssMb(): number;
  output(): string;
  stop(): Promise<void>;
}

/** Builds the server as `npm start` does, once per test file (esbuild: about a second). */
export function buildTestServer(): void {
  buildServer({ outFile: TEST_SERVER_OUT });
}

/** How long a server may take to answer /api/health: `SERVER_START_SECONDS` (default 60), longer on a loaded machine. */
export const SERVER_START_MS = Number(process.env.SERVER_START_SECONDS ?? 60) * 1000;

/**
 * A real server process, run as `npm start` runs the compiled server (its Node flags and allocator setting), with
 * only the environment given here: nothing leaks in from the test's own (DATABASE_URL, REDIS_URL …).
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...START.nodeFlags, TEST_SERVER_OUT], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...START.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}):\n${output}`);
    try {
      // Ready means the database and Redis answer, not only that the port is open; one poll may not hang the wait.
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    pid: child.pid as number,
    rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
