import { createDb, migrateToLatest } from '../db/index';
import { addKeyToFile, loadDataCodec } from '../db/encryption/keyRing';
import { resealAll } from '../db/encryption/reseal';
import { loadConfig } from '../server/config';

// `npm run keys:rotate`: every encrypted value sealed again under the ring's first key (README, "Data at rest").
// `-- --new-key` first puts a new key in front of the key file's ring (without DATA_KEYS).
const config = loadConfig();
if (process.argv.includes('--new-key')) {
  if (config.dataKeys) throw new Error('DATA_KEYS is set: put the new kid=base64 pair first in it (and on every server), then run this again without --new-key.');
  console.log(`New key ${addKeyToFile(config.dataDir).kid} added in front of the key file; restart the servers so they seal under it.`);
}
const codec = loadDataCodec(config.dataDir, config.dataKeys);
const db = createDb(config, codec);
try {
  await migrateToLatest(db, config.pgSchema);
  const counts = await resealAll(db, codec, { onBatch: (table, n) => n > 0 && console.log(`${table}: ${n} re-sealed`) });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Done: ${total} values re-sealed under ${codec.currentKid}; the ring still opens ${codec.kids.join(', ')}.`);
} finally {
  await db.destroy();
}
