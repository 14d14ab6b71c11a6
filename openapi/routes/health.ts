import { defineRoute } from '../contract';
import { HealthSchema } from '../schemas/health';

export const getHealth = defineRoute({
  method: 'GET',
  url: '/api/health',
  tags: ['health'],
  summary: 'Liveness and database reachability',
  responses: { 200: HealthSchema },
});
