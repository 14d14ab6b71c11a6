import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';

/** A wrong setting stops the server at once with the variable named, before or while it starts. */
function stopOnConfigError(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  stopOnConfigError(err);
}

const app = await buildApp(config).catch(stopOnConfigError);

// Graceful shutdown: stop accepting, finish in-flight requests, close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
// The first visitors in each language then get the entry pages at once, not after their render.
app.warmEntryPages().catch((err: unknown) => app.log.error({ err }, 'Rendering the entry pages ahead failed'));
