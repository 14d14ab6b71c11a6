import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './problems';

// onRequest checks: who may call a route is decided before its body or query is validated, so a caller who may
// not use it learns nothing from it but that (issue 31). Services still enforce the same rules themselves.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session that entered a paid Premium order's code (403 otherwise, and once the order is refunded). */
export function premiumOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await app.premium.requireVerified(request.session.premium);
  };
}

/** A signed-in account or guest. */
export function signedInOnly(message: string) {
  return async (request: FastifyRequest) => {
    if (!request.session.userId) throw unauthorized(message);
  };
}

/**
 * The session, account or resumed session that owns the lead named in the path (403), or 404 for an unknown id.
 * A malformed id is left to validation, which names the parameter.
 */
export function leadOwnerOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const leadId = (request.params as { leadId?: string }).leadId;
    if (leadId && UUID.test(leadId)) await app.leads.authorize(request.access(), leadId);
  };
}
