import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { allowedFor } from '../../openapi/adminAccess';
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
import { adminRetention } from '../../openapi/routes/rights';
import { adminEmails, resendEmail } from '../../openapi/routes/mail';
import type { AdminStatusDto } from '../../openapi/schemas/admin';
import type { Actor } from '../services/audit/service';
import { mustEnrol, SECOND_STEP_MS, type SignInStep, type Staff } from '../services/operators/service';
import { adminGovernmentFees, checkGovernmentFee, scheduleGovernmentFee } from '../../openapi/routes/governmentFees';
import { clientOf, fromContract, perMinute } from '../lib/route';
import type { JobsOverview } from '../services/jobs/runner';
import type { JobsOverviewDto } from '../../openapi/schemas/jobs';

/** What the gate and the dashboard know of the signed-in operator: who, their role, and what it may call. */
export function statusOf(user: Staff): AdminStatusDto {
  const enrol = mustEnrol(user);
  return { username: user.username ?? '', role: user.admin_role, totp: Boolean(user.totp_enabled_at), mustEnrol: enrol, email: user.email, emailVerified: Boolean(user.email && user.email_verified_at), allowed: allowedFor(user.admin_role, enrol) };
}

/**
 * Signs the session in as this operator: a new session id (whatever id the browser had before is worth nothing
 * after), the same owner token, and the idle clock started.
 */
export async function signInStaff(request: FastifyRequest, user: Staff, step: SignInStep) {
  await request.session.regenerate(['ownerToken']);
  request.session.set('userId', user.id);
  request.session.set('role', 'admin');
  request.session.set('adminSeenAt', request.server.operators.now());
  return { username: user.username ?? '', step, admin: statusOf(user) };
}

/**
 * An operator's password is proved (typed at sign-in, or just chosen from a reset link): signed in, or, with
 * two-factor sign-in set up, waiting for the app's code. Nobody is signed in until the code is right: the session
 * only remembers whose code it waits for.
 */
export async function afterPassword(request: FastifyRequest, user: Staff, step: SignInStep) {
  if (step !== 'totp') return signInStaff(request, user, step);
  await request.session.regenerate(['ownerToken']);
  request.session.set('adminPending', { userId: user.id, until: request.server.operators.now() + SECOND_STEP_MS });
  return { username: user.username ?? '', step, admin: null };
}

/** The operator the access table let through (set by server/plugins/session/adminAccess.ts on every /api/admin route). */
const actorOf = (request: FastifyRequest): Actor => (request.staff as NonNullable<FastifyRequest['staff']>).actor;

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

const admin: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(adminLogin),
    // Per client address; the operators service counts each attempt per username and client, and per client.
    config: perMinute(10),
    handler: async (request) => {
      const { user, step } = await app.operators.passwordSignIn(request.body.username, request.body.password, clientOf(request));
      return afterPassword(request, user, step);
    },
  });

  app.route({
    ...fromContract(adminStatus),
    handler: async (request) => {
      // Not signed in (or signed out for idling) is the gate's answer to show, not a failed request.
      const verdict = await app.staffOf(request);
      if (verdict.ok) return { admin: statusOf(verdict.user), pending: null };
      const pending = request.session.adminPending;
      return { admin: null, pending: pending && pending.until > app.operators.now() ? ('totp' as const) : null };
    },
  });

  // Everything under /api/admin that is not one of the two public reads: the access table decided who may call it.
  app.route({
    ...fromContract(adminLeads),
    handler: async (request) => app.adminLeads.list(request.query, request.query.page ?? 1),
  });

  app.route({
    ...fromContract(adminLeadsExport),
    config: perMinute(10),
    handler: async (request, reply) => {
      // Logged before the first row leaves.
      await app.audit.record(actorOf(request), 'leads.export', 'leads', { status: request.query.status ?? 'all', plan: request.query.plan ?? 'all' });
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
        .header('cache-control', 'private, no-store');
      // A stream skips the response serializer; the contract documents it as the CSV text it is.
      return reply.send(app.adminLeads.exportCsv(request.query) as unknown as string);
    },
  });

  app.route({
    ...fromContract(adminLead),
    handler: async (request) => {
      const detail = await app.adminLeads.detail(request.params.id);
      // Logged before the answer leaves: no lead's details are shown that the log does not hold.
      await app.audit.record(actorOf(request), 'lead.view', request.params.id);
      return detail;
    },
  });

  app.route({ ...fromContract(adminAnalytics), handler: async (request) => app.adminDashboard.analytics(request.query.timeRange ?? '7d') });
  app.route({ ...fromContract(adminTraffic), handler: async (request) => app.adminDashboard.traffic(request.query.timeRange ?? '7d') });
  app.route({ ...fromContract(adminConversions), handler: async (request) => app.adminDashboard.conversions(request.query.timeRange ?? '7d') });

  app.route({ ...fromContract(adminJobs), handler: async () => jobsDto(await app.jobs.overview()) });

  app.route({ ...fromContract(adminRetention), handler: async () => app.retention.overview() });
  app.route({ ...fromContract(adminEmails), handler: async (request) => app.mail.list(request.query) });
  app.route({
    ...fromContract(resendEmail),
    handler: async (request, reply) => {
      const sent = await app.mail.resend(request.params.emailId);
      await app.audit.record(actorOf(request), 'email.resend', request.params.emailId, { resent: sent.id });
      return reply.status(201).send(sent);
    },
  });

  app.route({
    ...fromContract(updatePricing),
    handler: async (request) => app.site.setPricing(request.body.pricing, (trx, saved) => app.audit.record(actorOf(request), 'pricing.update', 'pricing', { ...saved }, trx)),
  });
  app.route({
    ...fromContract(updateBranding),
    handler: async (request) => app.site.setBranding(request.body.branding, (trx, saved) => app.audit.record(actorOf(request), 'branding.update', 'branding', { ...saved }, trx)),
  });

  // The government fees' tab (issue 44): every change and check goes into the audit log.
  app.route({ ...fromContract(adminGovernmentFees), handler: async () => app.governmentFees.list() });
  app.route({
    ...fromContract(scheduleGovernmentFee),
    handler: async (request) => {
      const { code, subject } = request.params;
      const saved = await app.governmentFees.schedule(code, subject, request.body, request.session.userId ?? null);
      await app.audit.record(actorOf(request), 'governmentFee.schedule', `${code}/${subject}`, { ...request.body });
      return saved;
    },
  });
  app.route({
    ...fromContract(checkGovernmentFee),
    handler: async (request) => {
      const { code, subject } = request.params;
      const saved = await app.governmentFees.markChecked(code, subject);
      await app.audit.record(actorOf(request), 'governmentFee.check', `${code}/${subject}`);
      return saved;
    },
  });
};

export default admin;
