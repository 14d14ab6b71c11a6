import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const SOURCES = ['client', 'locales', 'machines', 'openapi', 'vite.config.ts', 'package.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Builds the client only when a source is newer than the last build, so `npm start` stays quick. */
export async function buildClientIfStale(root = process.cwd()): Promise<boolean> {
  const index = path.join(root, 'dist/client/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built >= newest) return false;
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
