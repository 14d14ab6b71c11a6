import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { getHealth } from '../../openapi/routes/health';
import { fromContract, NOT_LIMITED } from '../lib/route';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(getHealth),
    config: NOT_LIMITED,
    handler: async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.dialect };
    },
  });
};

export default health;
