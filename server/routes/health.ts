import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthSchema } from '../../openapi/schemas/health';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: HealthSchema } } },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.dialect };
    },
  );
};

export default health;
