import { defineRoute } from '../contract';
import { HealthSchema, LivenessSchema } from '../schemas/health';

export const getHealth = defineRoute({
  method: 'GET',
  url: '/api/health',
  tags: ['health'],
  summary: "Readiness: whether the database (and Redis, when used) answer; 503 while they do not, for a load balancer's readiness check",
  responses: { 200: HealthSchema, 503: HealthSchema },
});

export const getLiveness = defineRoute({
  method: 'GET',
  url: '/api/health/live',
  tags: ['health'],
  summary: "Liveness: the process answers, whatever the database and Redis are doing; for a supervisor's or load balancer's liveness check",
  responses: { 200: LivenessSchema },
});
