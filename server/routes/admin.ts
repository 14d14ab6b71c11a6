import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  adminAnalytics,
  adminConversions,
  adminLead,
  adminLeads,
  adminLeadsExport,
  adminLogin,
  adminStatus,
  adminTraffic,
  updateBranding,
  updatePricing,
} from '../../openapi/routes/admin';
import { adminJobs } from '../../openapi/routes/jobs';
import { clientOf, fromContract, perMinute } from '../lib/route';
import { forbidden, unauthorized } from '../lib/problems';
import type { JobsOverview } from '../services/jobs/runner';
import type { JobsOverviewDto } from '../../openapi/schemas/jobs';

/** An admin who has not made a request for this long is signed out (issue 14). */
export const ADMIN_IDLE_MS = 30 * 60 * 1000;
/** The last-seen time is written back at most this often, so reading the dashboard is not a session write per call. */
const SEEN_WRITE_MS = 60 * 1000;

/**
 * Whether this session is a signed-in admin who has not been idle too long; an idle one is signed out here.
 * Every admin operation and the status check go through it, so the rule lives in one place.
 */
async function adminOf(request: FastifyRequest): Promise<{ ok: true } | { ok: false; signedIn: boolean; idle: boolean }> {
  const session = request.session;
  if (session.role !== 'admin' || !session.userId) return { ok: false, signedIn: Boolean(session.userId), idle: false };
  const now = Date.now();
  if (now - (session.adminSeenAt ?? 0) > ADMIN_IDLE_MS) {
    await session.destroy();
    return { ok: false, signedIn: false, idle: true };
  }
  if (now - (session.adminSeenAt ?? 0) > SEEN_WRITE_MS) session.set('adminSeenAt', now);
  return { ok: true };
}

/** The runner's overview as the contract names it (rows in camelCase). */
function jobsDto(overview: JobsOverview): JobsOverviewDto {
  return {
    ...overview,
    recent: overview.recent.map((r) => ({
      jobId: r.job_id,
      name: r.name,
      key: r.key,
      attempt: r.attempt,
      worker: r.worker,
      outcome: r.outcome,
      error: r.error,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    })),
  };
}

const IDLE_MESSAGE = 'Your admin session ended after 30 minutes without activity. Sign in again.';

const admin: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(adminLogin),
    // Per client address; the account service counts each attempt per username and client, and per client.
    config: perMinute(10),
    handler: async (request) => {
      const user = await app.accounts.adminLogin(request.body.username, request.body.password, clientOf(request));
      // A new session id: whatever id this browser had before signing in is worth nothing after.
      await request.session.regenerate(['ownerToken']);
      request.session.set('userId', user.id);
      request.session.set('role', 'admin');
      request.session.set('adminSeenAt', Date.now());
      return { username: user.username ?? '' };
    },
  });

  app.route({
    ...fromContract(adminStatus),
    handler: async (request) => {
      // Not signed in (or signed out for idling) is the gate's answer to show, not a failed request.
      const verdict = await adminOf(request);
      if (!verdict.ok) return { admin: null };
      const user = await app.accounts.find(request.session.userId as string);
      if (!user || user.role !== 'admin') return { admin: null };
      return { admin: { username: user.username ?? '' } };
    },
  });

  // Everything under /api/admin that is not one of the two public reads: a signed-in admin only.
  const adminOnly: FastifyPluginAsyncTypebox = async (scope) => {
    // Before the body or query is validated: a stranger learns nothing about what these routes take.
    scope.addHook('onRequest', async (request) => {
      const verdict = await adminOf(request);
      if (verdict.ok) return;
      if (verdict.signedIn) throw forbidden('This area is for admins only.');
      throw unauthorized(verdict.idle ? IDLE_MESSAGE : 'Sign in as an admin to continue.');
    });

    scope.route({
      ...fromContract(adminLeads),
      handler: async (request) => app.adminLeads.list(request.query, request.query.page ?? 1),
    });

    scope.route({
      ...fromContract(adminLeadsExport),
      config: perMinute(10),
      handler: async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
          .header('cache-control', 'private, no-store');
        // A stream skips the response serializer; the contract documents it as the CSV text it is.
        return reply.send(app.adminLeads.exportCsv(request.query) as unknown as string);
      },
    });

    scope.route({
      ...fromContract(adminLead),
      handler: async (request) => app.adminLeads.detail(request.params.id),
    });

    scope.route({ ...fromContract(adminAnalytics), handler: async (request) => app.adminDashboard.analytics(request.query.timeRange ?? '7d') });
    scope.route({ ...fromContract(adminTraffic), handler: async (request) => app.adminDashboard.traffic(request.query.timeRange ?? '7d') });
    scope.route({ ...fromContract(adminConversions), handler: async (request) => app.adminDashboard.conversions(request.query.timeRange ?? '7d') });

    scope.route({ ...fromContract(adminJobs), handler: async () => jobsDto(await app.jobs.overview()) });

    scope.route({ ...fromContract(updatePricing), handler: async (request) => app.site.setPricing(request.body.pricing) });
    scope.route({ ...fromContract(updateBranding), handler: async (request) => app.site.setBranding(request.body.branding) });
  };
  await app.register(adminOnly);
};

export default admin;
