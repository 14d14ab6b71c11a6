// `npm start`: build what is stale (in child processes), then run the compiled server in this process, so a
// SIGTERM to `npm start` reaches the server's own graceful shutdown.
import { buildClient, buildServer, SERVER_OUT } from './build.mjs';

if (buildClient()) console.log('Client built into dist/client');
if (buildServer()) console.log('Server built into dist/server');
await import(SERVER_OUT);
