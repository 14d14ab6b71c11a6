import { buildClientIfStale } from './clientBuild';

if (await buildClientIfStale()) console.log('Client built into dist/client');
// The server migrates and seeds the database as it starts.
await import('../server/main');
