import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const exec = promisify(execFile);

// A PostgreSQL cluster of one test run's own (initdb into a temporary directory, pg_ctl on a free port), so the
// chaos run can restart a database without touching the shared one on 5432 that other tests and people use.
// As root the cluster belongs to the `postgres` user (PostgreSQL refuses to run as root); otherwise to whoever runs.
// Every step is asynchronous so the load a test keeps running goes on while the database stops and starts.

const IS_ROOT = process.getuid?.() === 0;

/** The directory holding initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((x, y) => Number(y) - Number(x));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  /** postgres://rumbo@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  get url(): string {
    return `postgres://rumbo@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<PrivatePostgres> {
    const bin = postgresBin();
    if (!bin) throw new Error('no PostgreSQL binaries (set PG_BIN)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-chaos-pg-'));
    if (IS_ROOT) await exec('chown', ['postgres:postgres', dir]);
    const cluster = new PrivatePostgres(bin, dir, await freePort());
    await cluster.run('initdb', ['-D', path.join(dir, 'data'), '-U', 'rumbo', '--auth=trust', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  /** Stops the server at once (`-m fast`: every connection is cut), as a crash or a maintenance restart does. */
  stop(): Promise<void> {
    return this.pgCtl(['stop', '-m', 'fast']);
  }

  start(): Promise<void> {
    return this.pgCtl(['start']);
  }

  /** Stops the cluster and deletes its files. */
  async remove(): Promise<void> {
    try {
      await this.pgCtl(['stop', '-m', 'immediate']);
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private pgCtl(args: string[]): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    return this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'log'), '-w', '-t', '30', '-o', options, ...args]);
  }

  private async run(tool: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, tool);
    if (IS_ROOT) await exec('su', ['postgres', '-c', [command, ...args].map(quote).join(' ')], { cwd: '/' });
    else await exec(command, args);
  }
}
