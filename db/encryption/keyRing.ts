import fs from 'node:fs';
import path from 'node:path';
import { DataCodec, formatDataKeys, newDataKey, parseDataKeys, type DataKey } from './codec';

/** Where the generated key ring lives when DATA_KEYS is not set: beside the database, never in the repository. */
export const keyFileOf = (dataDir: string) => path.join(dataDir, 'data-keys');

/**
 * The data key ring: DATA_KEYS when set; otherwise the key file in the data folder, made on the first start
 * (mode 600, like the session secret), so `npm start` encrypts with no set-up and keeps reading after a restart.
 */
export function loadDataKeys(dataDir: string, fromEnv: string | undefined): DataKey[] {
  if (fromEnv !== undefined && fromEnv.trim() !== '') return parseDataKeys(fromEnv);
  const file = keyFileOf(dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': a second process starting at the same moment keeps the first one's key instead of writing its own.
      fs.writeFileSync(file, `${formatDataKeys([newDataKey('k1')])}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseDataKeys(fs.readFileSync(file, 'utf8'));
}

export const loadDataCodec = (dataDir: string, fromEnv: string | undefined) => new DataCodec(loadDataKeys(dataDir, fromEnv));

/**
 * Puts a new key in front of the key file's ring (the rotation command's `--new-key`); the old keys stay to read
 * what they sealed until the rotation is done. Refused when DATA_KEYS is set: the environment is then the ring.
 */
export function addKeyToFile(dataDir: string): DataKey {
  const ring = loadDataKeys(dataDir, undefined);
  const next = Math.max(0, ...ring.map((k) => Number(/^k(\d+)$/.exec(k.kid)?.[1] ?? 0))) + 1;
  const key = newDataKey(`k${next}`);
  fs.writeFileSync(keyFileOf(dataDir), `${formatDataKeys([key, ...ring])}\n`, { mode: 0o600 });
  return key;
}
