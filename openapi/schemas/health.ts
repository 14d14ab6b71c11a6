import { Type } from 'typebox';

const Dialect = Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]);
const Check = Type.Union([Type.Literal('up'), Type.Literal('down')], { description: 'down: it did not answer within a second' });

/** Liveness: the process answers. A load balancer or supervisor restarts a process that stops answering this. */
export const LivenessSchema = Type.Object({ status: Type.Literal('ok') });

/**
 * Readiness: what requests need answers. 200 when it does, 503 (with Retry-After) while the database, or Redis when
 * the server uses it, cannot be reached: a load balancer sends such a process no requests until it is ready again.
 */
export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Dialect,
  checks: Type.Object({
    database: Check,
    redis: Type.Union([Check, Type.Literal('unused')], { description: 'unused: no REDIS_URL, the database holds what processes share' }),
  }),
});
