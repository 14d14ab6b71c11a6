import { createDb, migrateToLatest } from '../db/index';
import { loadConfig } from '../server/config';

const db = createDb(loadConfig());
const applied = await migrateToLatest(db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
await db.destroy();
