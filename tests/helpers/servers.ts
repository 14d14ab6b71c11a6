import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { buildServer, START } from '../../scripts/build.mjs';

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

/**
 * A real server process, run as `npm start` runs the compiled server (its Node flags and allocator setting), with
 * only the environment given here: nothing leaks in from the test's own (DATABASE_URL, REDIS_URL …).
 */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
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
