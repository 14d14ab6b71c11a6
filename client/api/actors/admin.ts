import { adminEmails, resendEmail } from '../../../openapi/routes/mail';
import type { EmailListQuery } from '../../../openapi/schemas/mail';
import { adminAnalytics, adminConversions, adminLead, adminLeads, adminLogin, adminStatus, adminTraffic, updateBranding, updatePricing } from '../../../openapi/routes/admin';
import { logout } from '../../../openapi/routes/auth';
import { getBranding } from '../../../openapi/routes/branding';
import { getPricing } from '../../../openapi/routes/pricing';
import {
  acceptInvitation,
  adminTotp,
  auditLog,
  changeOperator,
  confirmEnrolment,
  createOperator,
  listOperators,
  reinviteOperator,
  setOperatorEmail,
  setOwnEmail,
  startEnrolment,
} from '../../../openapi/routes/operators';
import type { OperatorChange } from '../../../machines/operators.machine';
import type { AuditQuery, StaffRole } from '../../../openapi/schemas/operators';
import type { LeadQuery } from '../../../machines/adminDashboard.machine';
import type { TimeRange } from '../../../openapi/schemas/admin';
import type { BrandingDto } from '../../../openapi/schemas/branding';
import type { PricingDto } from '../../../openapi/schemas/pricing';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The admin gate's calls: is this session an admin, sign in (and the second step), set up two-factor sign-in, sign out. */
export function adminGateCalls(http: Transport) {
  return {
    adminStatus: () => call(http, adminStatus, {}),
    adminLogin: (body: { username: string; password: string }) => call(http, adminLogin, { body }),
    verifyCode: (body: { code: string }) => call(http, adminTotp, { body }),
    acceptInvitation: (body: { token: string; password: string }) => call(http, acceptInvitation, { body }),
    startEnrolment: () => call(http, startEnrolment, {}),
    confirmEnrolment: (body: { code: string }) => call(http, confirmEnrolment, { body }),
    logout: () => call(http, logout, {}),
  };
}

/** The owners' operators tab. */
export function operatorsCalls(http: Transport) {
  return {
    listOperators: () => call(http, listOperators, {}),
    createOperator: (body: { username: string; role: StaffRole }) => call(http, createOperator, { body }),
    changeOperator: ({ id, change }: { id: string; change: OperatorChange }) => call(http, changeOperator, { params: { id }, body: change }),
    reinviteOperator: ({ id }: { id: string }) => call(http, reinviteOperator, { params: { id } }),
  };
}

/**
 * A staff address (issue 43): one's own (operatorId null: the account tab) or an operator's, set by an owner. What
 * the server holds is read from the gate's status or the operators' list, the same answers the tabs show.
 */
export function staffEmailCalls(http: Transport) {
  const missing = () => Object.assign(new Error('No such operator'), { status: 404 });
  return {
    loadEmail: async ({ operatorId }: { operatorId: string | null }) => {
      if (operatorId === null) {
        const { admin } = await call(http, adminStatus, {});
        // Signed out meanwhile: heard as the server's 401, so the gate shows its sign-in again.
        if (!admin) throw Object.assign(new Error('Not signed in'), { status: 401 });
        return { email: admin.email, verified: admin.emailVerified };
      }
      const operator = (await call(http, listOperators, {})).operators.find((o) => o.id === operatorId);
      if (!operator) throw missing();
      return { email: operator.email, verified: operator.emailVerified };
    },
    saveEmail: ({ operatorId, email }: { operatorId: string | null; email: string }) =>
      operatorId === null ? call(http, setOwnEmail, { body: { email } }) : call(http, setOperatorEmail, { params: { id: operatorId }, body: { email } }),
  };
}

/** The owners' audit log tab. */
export function auditLogCalls(http: Transport) {
  return {
    fetchAudit: (query: AuditQuery) => call(http, auditLog, { query }),
  };
}

/** The dashboard's calls. Filters go only when they are not 'all' (spec 1-core §7). */
export function adminDashboardCalls(http: Transport) {
  return {
    fetchAnalytics: ({ timeRange }: { timeRange: TimeRange }) => call(http, adminAnalytics, { query: { timeRange } }),
    fetchTraffic: ({ timeRange }: { timeRange: TimeRange }) => call(http, adminTraffic, { query: { timeRange } }),
    fetchConversions: ({ timeRange }: { timeRange: TimeRange }) => call(http, adminConversions, { query: { timeRange } }),
    fetchLeads: ({ status, plan, page }: LeadQuery) =>
      call(http, adminLeads, { query: { ...(status === 'all' ? {} : { status }), ...(plan === 'all' ? {} : { plan }), ...(page > 1 ? { page } : {}) } }),
    fetchLead: ({ id }: { id: string }) => call(http, adminLead, { params: { id } }),
    fetchPricing: () => call(http, getPricing, {}),
    savePricing: ({ pricing }: { pricing: PricingDto }) => call(http, updatePricing, { body: { pricing } }),
    fetchBranding: () => call(http, getBranding, {}),
    saveBranding: ({ branding }: { branding: BrandingDto }) => call(http, updateBranding, { body: { branding } }),
  };
}

export const makeAdminGateActors = (http: Transport) => actorsOf(adminGateCalls, http);
export const makeAdminDashboardActors = (http: Transport) => actorsOf(adminDashboardCalls, http);
export const makeOperatorsActors = (http: Transport) => actorsOf(operatorsCalls, http);
export const makeAuditLogActors = (http: Transport) => actorsOf(auditLogCalls, http);
export const makeStaffEmailActors = (http: Transport) => actorsOf(staffEmailCalls, http);

/** The e-mails tab (issue 43): the messages by state, and a resend. */
export function emailLogCalls(http: Transport) {
  return {
    fetchEmails: (query: EmailListQuery) => call(http, adminEmails, { query }),
    resendEmail: ({ emailId }: { emailId: string }) => call(http, resendEmail, { params: { emailId } }),
  };
}

export const makeEmailLogActors = (http: Transport) => actorsOf(emailLogCalls, http);
