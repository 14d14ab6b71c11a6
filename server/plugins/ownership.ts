import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Owner } from '../../db/queries/leads';
import type { LeadRow } from '../../db/schema';

declare module 'fastify' {
  interface Session {
    /** Opaque token naming what this browser session created; survives session id rotation. */
    ownerToken?: string;
    userId?: string;
    role?: 'admin' | 'user' | 'guest';
  }
  interface FastifyRequest {
    /** The owner identity of this request, made (and stored in the session) on first use. */
    owner(): Owner;
    canAccessLead(lead: LeadRow): boolean;
  }
}

/**
 * A lead is read or updated only by the session that created it, by the signed-in user it belongs to,
 * or by an admin (DECISIONS.md). Knowing a lead id or an e-mail address is never enough.
 */
export default fp(
  async (app) => {
    app.decorateRequest('owner', function owner(this: FastifyRequest): Owner {
      if (!this.session.ownerToken) this.session.set('ownerToken', randomBytes(24).toString('base64url'));
      return { ownerToken: this.session.ownerToken as string, userId: this.session.userId ?? null };
    });
    app.decorateRequest('canAccessLead', function canAccessLead(this: FastifyRequest, lead: LeadRow): boolean {
      const session = this.session;
      if (session.role === 'admin') return true;
      if (session.ownerToken && lead.owner_token === session.ownerToken) return true;
      return Boolean(session.userId && lead.user_id === session.userId);
    });
  },
  { name: 'ownership', dependencies: ['session'] },
);

export function refuseLead(reply: FastifyReply, found: boolean) {
  return found
    ? reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: 'This application belongs to another session. Sign in to continue it.' })
    : reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No application with this id.' });
}
