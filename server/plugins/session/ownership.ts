import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Owner } from '../../../db/queries/leads';
import type { Access } from '../../services/access';

declare module 'fastify' {
  interface Session {
    /** Opaque token naming what this browser session created; survives session id rotation. */
    ownerToken?: string;
    userId?: string;
    role?: 'admin' | 'user' | 'guest';
    /** Leads brought back here with a resume code and their e-mail: this session may read and change them. */
    resumedLeads?: string[];
    /** An operator's last request (ms, the operators' clock): one idle for ADMIN_IDLE_MINUTES is signed out. */
    adminSeenAt?: number;
    /** The password was right and the app's code is awaited, until `until` (ms); nobody is signed in yet. */
    adminPending?: { userId: string; until: number };
    /** The paid Premium order whose access code this session entered, and its interview in progress (issue 15). */
    premium?: { orderId: string; interviewId?: string };
  }
  interface FastifyRequest {
    /** The owner identity of this request, made (and stored in the session) on first use. */
    owner(): Owner;
    /** Who is asking, without creating anything. */
    access(): Access;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('owner', function owner(this: FastifyRequest): Owner {
      if (!this.session.ownerToken) this.session.set('ownerToken', randomBytes(24).toString('base64url'));
      return { ownerToken: this.session.ownerToken as string, userId: this.session.userId ?? null };
    });
    app.decorateRequest('access', function access(this: FastifyRequest): Access {
      return { ownerToken: this.session.ownerToken, userId: this.session.userId, role: this.session.role, resumedLeads: this.session.resumedLeads ?? [] };
    });
  },
  { name: 'ownership', dependencies: ['session'] },
);
