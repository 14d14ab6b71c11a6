// `npm run seed:demo`: 100,000 leads, 10,000 orders and 1,000,000 page views over the last 90 days, for demos and
// for timing the admin area on real volumes. The database is the server's (DATA_DIR, or DATABASE_URL).
// It refuses a database that already holds more than 1,000 leads unless given --force: a demo must never be
// poured into a business's real data by mistake.
import { performance } from 'node:perf_hooks';
import { createDb, migrateToLatest } from '../db/index';
import { loadConfig } from '../server/config';
import { FULL_VOLUMES, seedDemoData } from './demoData';

const config = loadConfig();
const db = createDb(config);
try {
  await migrateToLatest(db, config.pgSchema);
  const existing = Number((await db.selectFrom('leads').select((eb) => eb.fn.countAll().as('c')).executeTakeFirst())?.c ?? 0);
  if (existing > 1000 && !process.argv.includes('--force')) {
    console.error(`This database already holds ${existing} leads. Seeding demo data here would mix it with real data; run with --force to do it anyway.`);
    process.exitCode = 1;
  } else {
    const started = performance.now();
    const result = await seedDemoData(db, FULL_VOLUMES, new Date(), (line) => console.log(line));
    console.log(`Seeded ${JSON.stringify(result)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await db.destroy();
}
