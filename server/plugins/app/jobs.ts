import fp from 'fastify-plugin';
import { jobsSchemaOf } from '../../config';
import { PgBossRunner } from '../../services/jobs/pgBossRunner';
import type { JobRunner } from '../../services/jobs/runner';
import { SqliteRunner } from '../../services/jobs/sqliteRunner';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * Work that happens later: pg-boss on PostgreSQL (every process shares the queue), a table worked by this process
 * on SQLite. Plugins declare their queues and schedules while the app is built; the runner starts when the app is
 * ready (before the plugins' own onReady hooks that follow it) and lets running jobs finish when it closes.
 */
export default fp(
  async (app, { config }: PluginOptions) => {
    const runner: JobRunner =
      app.dialect === 'postgres' && config.databaseUrl
        ? new PgBossRunner(app.db, app.log, { connectionString: config.databaseUrl, schema: jobsSchemaOf(config), appSchema: config.pgSchema, superviseSeconds: config.jobs.superviseSeconds })
        : new SqliteRunner(app.db, app.log);
    app.decorate('jobs', runner);
    app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
