import fs from 'node:fs';
import path from 'node:path';
import { randomSecret } from './password';

interface StoredSecrets {
  sessionSecret: string;
}

/**
 * The session secret comes from the environment; without it the first start makes one and keeps it in
 * DATA_DIR (mode 600), so `npm start` works with no set-up and sessions survive restarts.
 */
export function resolveSessionSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    if (stored.sessionSecret && stored.sessionSecret.length >= 32) return stored.sessionSecret;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets: StoredSecrets = { sessionSecret: randomSecret(48) };
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets.sessionSecret;
}
