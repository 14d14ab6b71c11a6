// Builds what `npm start` runs: the client (Vite, production mode) and the server (ES modules for plain Node: main.js
// and each autoloaded plugin, packages left to node_modules). Plain JavaScript, so starting the server needs neither
// tsx nor Vite in the server's process: both builds run as child processes, and only when a source is newer.
import { spawnSync } from 'node:child_process';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_OUT = path.join(ROOT, 'dist/client');
export const SERVER_OUT = path.join(ROOT, 'dist/server/main.js');

/**
 * How `npm start` runs Node (package.json), for scripts that run the server the way it ships; both are part of the
 * memory budget (issue 16). `--max-semi-space-size=8`: an 8 MB young generation instead of 16; at 4, requests'
 * short-lived objects were promoted early and the old generation swelled under load (peak 225 MB against 150-165 at
 * 8). `MALLOC_MMAP_THRESHOLD_`: a freed block of 128 KB or more goes back to the system, where glibc would otherwise
 * raise the threshold and keep, for instance, the 16 MB an scrypt hash works in. Together: idle RSS 146 -> 112 MB.
 */
export const START = (() => {
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const match = /^((?:\w+=\S+\s+)*)exec node((?:\s+--\S+)*)\s+scripts\/start\.mjs$/.exec(start);
  if (!match) throw new Error(`package.json's start script is not "[VAR=value ...] exec node [flags] scripts/start.mjs": ${start}`);
  const words = (text) => text.trim().split(/\s+/).filter(Boolean);
  return { env: Object.fromEntries(words(match[1]).map((w) => w.split('='))), nodeFlags: words(match[2]) };
})();

const CLIENT_SOURCES = ['client', 'locales', 'machines', 'openapi', 'vite.config.ts', 'package.json'];
const SERVER_SOURCES = ['server', 'db', 'machines', 'openapi', 'locales', 'package.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

function isStale(output, sources) {
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return built < Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (exit ${result.status})`);
}

/** The client into `outDir` (dist/client for `npm start`; tests use their own folder). */
export function buildClient({ outDir = CLIENT_OUT, force = false } = {}) {
  if (!force && !isStale(path.join(outDir, 'index.html'), CLIENT_SOURCES)) return false;
  // NODE_ENV decides which React build is bundled: always the production one, whoever runs the build.
  run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    NODE_ENV: 'production',
  });
  run(process.execPath, [path.join(ROOT, 'scripts/prerender.mjs'), outDir]);
  precompress(outDir);
  return true;
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Beside each text file, its brotli (best quality) and gzip forms: compressed once here, sent as they are by the
 * server to a browser that accepts them (@fastify/static preCompressed), instead of once per request or never.
 */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The prerendered pages are filled in per request (server/plugins/landing.ts) and compressed then.
      if (entry.name !== 'prerendered') precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}

/** The plugin folders server/app.ts hands to @fastify/autoload, which reads them at start: each plugin is its own module. */
const PLUGIN_DIRS = ['server/plugins/external', 'server/plugins/app', 'server/plugins/session'];

/**
 * The server into `outFile`'s folder (dist/server/main.js for `npm start`; tests use their own, inside the project so
 * its packages resolve): main.js, and each autoloaded plugin at its own path under plugins/, with the code they
 * share split into chunks beside main.js (so a module and its decorators exist once). Built into a fresh folder
 * and swapped in whole, so a plugin deleted from the sources is not loaded from an old build.
 */
export function buildServer({ force = false, outFile = SERVER_OUT } = {}) {
  if (path.basename(outFile) !== 'main.js') throw new Error(`the server's entry is built as main.js, not ${outFile}`);
  if (!force && !isStale(outFile, SERVER_SOURCES)) return false;
  const outDir = path.dirname(outFile);
  const fresh = `${outDir}.building-${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  const plugins = PLUGIN_DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${dir}/${name}`),
  );
  // The esbuild package installs its native binary here; no Node in between.
  run(path.join(ROOT, 'node_modules/esbuild/bin/esbuild'), [
    'server/main.ts',
    ...plugins,
    '--bundle',
    '--splitting',
    '--outbase=server',
    '--platform=node',
    '--format=esm',
    '--target=node20',
    '--packages=external',
    '--log-level=warning',
    `--outdir=${fresh}`,
  ]);
  const old = `${outDir}.old-${process.pid}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(fresh, outDir);
  fs.rmSync(old, { recursive: true, force: true });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  buildClient({ force });
  buildServer({ force });
}
