import { createDb, migrateToLatest } from '../db/index';
import { loadConfig } from '../server/config';

const config = loadConfig();
const db = createDb(config);
const applied = await migrateToLatest(db, config.pgSchema);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
await db.destroy();
