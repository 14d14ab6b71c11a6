import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { getHealth, getLiveness } from '../../openapi/routes/health';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../lib/outage';
import { fromContract, NOT_LIMITED } from '../lib/route';

/** A dependency that has not answered in this long is down, as far as a load balancer is concerned. */
const CHECK_MS = 1000;

/** Whether `probe` answers within CHECK_MS. */
async function answers(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_MS);
  });
  try {
    return await Promise.race([probe().then(() => 'up' as const, () => 'down' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness, apart (issue 41): a process whose database is away is alive and waits, it is not restarted. */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(getLiveness), config: NOT_LIMITED, handler: async () => ({ status: 'ok' as const }) });

  app.route({
    ...fromContract(getHealth),
    config: NOT_LIMITED,
    handler: async (_request, reply) => {
      const redis = app.redis;
      const [database, shared] = await Promise.all([
        answers(() => sql`select 1`.execute(app.db)),
        redis ? answers(() => redis.ping()) : Promise.resolve('unused' as const),
      ]);
      const ready = database === 'up' && shared !== 'down';
      if (!ready) reply.status(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return { status: ready ? ('ok' as const) : ('unavailable' as const), database: app.dialect, checks: { database, redis: shared } };
    },
  });
};

export default health;
