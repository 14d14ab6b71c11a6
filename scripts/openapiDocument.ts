import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

/** The OpenAPI document as the running app describes it (a throwaway SQLite database, no client). */
export async function openapiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-openapi-'));
  const config = { ...loadConfig({}), dataDir, clientDir: path.join(dataDir, 'no-client'), adminPassword: 'openapi-only' };
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return document;
}

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../openapi/openapi.json');
