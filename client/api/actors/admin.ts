import { adminAnalytics, adminConversions, adminLead, adminLeads, adminLogin, adminStatus, adminTraffic, updateBranding, updatePricing } from '../../../openapi/routes/admin';
import { logout } from '../../../openapi/routes/auth';
import { getBranding } from '../../../openapi/routes/branding';
import { getPricing } from '../../../openapi/routes/pricing';
import type { LeadQuery } from '../../../machines/adminDashboard.machine';
import type { TimeRange } from '../../../openapi/schemas/admin';
import type { BrandingDto } from '../../../openapi/schemas/branding';
import type { PricingDto } from '../../../openapi/schemas/pricing';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The admin gate's calls: is this session an admin, sign in, sign out. */
export function adminGateCalls(http: Transport) {
  return {
    adminStatus: () => call(http, adminStatus, {}),
    adminLogin: (body: { username: string; password: string }) => call(http, adminLogin, { body }),
    logout: () => call(http, logout, {}),
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
