import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ACCESS, accessKey } from '../../../openapi/adminAccess';
import type { RouteContract } from '../../../openapi/contract';
import { forbidden, unauthorized } from '../../lib/problems';
import { clientOf } from '../../lib/route';
import type { Actor } from '../../services/audit/service';
import { mustEnrol, type Staff } from '../../services/operators/service';
import type { PluginOptions } from '../options';

/** The last-seen time is written back at most this often, so reading the dashboard is not a session write per call. */
const SEEN_WRITE_MS = 60 * 1000;

export type StaffVerdict = { ok: true; user: Staff; mustEnrol: boolean } | { ok: false; signedIn: boolean; idle: boolean };

/** The operator a request acts as, once its role was checked against the access table. */
export interface StaffRequest {
  user: Staff;
  actor: Actor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this session is an active operator who has not been idle too long; an idle or disabled one is signed out. */
    staffOf(request: FastifyRequest): Promise<StaffVerdict>;
    /** The operator acting, when their role may call this admin operation (and two-factor set-up is not awaited). */
    staffMay(request: FastifyRequest, contract: Pick<RouteContract, 'method' | 'url'>): Promise<Actor | null>;
  }
  interface FastifyRequest {
    /** Set on /api/admin routes once the access table let the operator through. */
    staff: StaffRequest | null;
  }
}

/**
 * Every /api/admin route registered beside this plugin is checked against the access table (openapi/adminAccess.ts)
 * before its body or query is read: 401 to a session not signed in (or signed out for idling), 403 to an
 * applicant, to a role the table does not name, to an operation missing from the table, and to an owner who has
 * not set up two-factor sign-in (only its set-up answers them).
 */
export default fp(
  async (app: FastifyInstance, { config }: PluginOptions) => {
    const idleMs = config.adminIdleMinutes * 60_000;
    const idleMessage = `Your admin session ended after ${config.adminIdleMinutes} minutes without activity. Sign in again.`;

    app.decorate('staffOf', async (request: FastifyRequest): Promise<StaffVerdict> => {
      const session = request.session;
      if (session.role !== 'admin' || !session.userId) return { ok: false, signedIn: Boolean(session.userId), idle: false };
      const now = app.operators.now();
      if (now - (session.adminSeenAt ?? 0) > idleMs) {
        await session.destroy();
        return { ok: false, signedIn: false, idle: true };
      }
      // Read each time: a role changed or an operator disabled holds from the next request.
      const user = await app.operators.active(session.userId);
      if (!user) {
        await session.destroy();
        return { ok: false, signedIn: false, idle: false };
      }
      if (now - (session.adminSeenAt ?? 0) > SEEN_WRITE_MS) session.set('adminSeenAt', now);
      return { ok: true, user, mustEnrol: mustEnrol(user) };
    });

    app.decorate('staffMay', async (request: FastifyRequest, contract: Pick<RouteContract, 'method' | 'url'>): Promise<Actor | null> => {
      if (request.session.role !== 'admin') return null;
      const verdict = await app.staffOf(request);
      const rule = ADMIN_ACCESS.get(accessKey(contract));
      if (!verdict.ok || !rule || (verdict.mustEnrol && !rule.beforeEnrolment) || !rule.roles.includes(verdict.user.admin_role)) return null;
      return { id: verdict.user.id, username: verdict.user.username ?? '', client: clientOf(request) };
    });

    app.decorateRequest('staff', null);

    const check = async (request: FastifyRequest) => {
      const verdict = await app.staffOf(request);
      if (!verdict.ok) {
        if (verdict.signedIn) throw forbidden('This area is for admins only.');
        throw unauthorized(verdict.idle ? idleMessage : 'Sign in as an admin to continue.');
      }
      // Fastify answers HEAD with the GET route.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const rule = ADMIN_ACCESS.get(`${method} ${request.routeOptions.url}`);
      if (!rule) throw forbidden('No role may use this operation yet.', 'role_forbidden');
      if (verdict.mustEnrol && !rule.beforeEnrolment) throw forbidden('Set up two-factor sign-in first.', 'totp_enrolment_required');
      if (!rule.roles.includes(verdict.user.admin_role)) throw forbidden('Your role does not allow this.', 'role_forbidden');
      request.staff = { user: verdict.user, actor: { id: verdict.user.id, username: verdict.user.username ?? '', client: clientOf(request) } };
    };

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/admin')) return;
      const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [check, ...own] as typeof route.onRequest;
    });
  },
  { name: 'adminAccess', dependencies: ['session', 'operators'] },
);
