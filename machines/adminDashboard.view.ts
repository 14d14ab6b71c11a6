// The admin dashboard (spec 1-core §2.10), a child of the gate while the session is an admin's: what its tabs show.
import type { SnapshotFrom } from 'xstate';
import { adminLeadsExport } from '../openapi/routes/admin';
import { ADMIN_TABS, BRANDING_FORM_ID, exportQuery, funnelShares, type adminDashboardMachine } from './adminDashboard.machine';
import { MAX_PRICE } from './domain/adminForms';

export { ANSWER_GROUPS, LEAD_PLAN_FILTERS, LEAD_STATUS_FILTERS, TIME_RANGES, type LeadPlanFilter, type LeadStatusFilter, type TimeRange } from '../openapi/schemas/admin';
export { ADMIN_TABS, BRANDING_FORM_ID, funnelShares, MAX_PRICE };
export type { AdminTab, PriceKey } from './adminDashboard.machine';

type Snapshot = SnapshotFrom<typeof adminDashboardMachine>;

/** The four prices the Pricing tab edits, in the spec's order. */
export const PRICE_KEYS = ['ESTA', 'DS160_BASIC', 'DS160_PRO', 'DS160_PREMIUM'] as const;

export function adminDashboardView(s: Snapshot) {
  return {
    timeRange: s.context.timeRange,
    analytics: s.context.analytics,
    summaryLoading: s.matches({ active: { summary: 'loading' } }),
    summaryFailed: s.matches({ active: { summary: 'failed' } }),
    tab: ADMIN_TABS.find((name) => s.matches({ active: { tab: name } })) ?? ('overview' as const),
    /** The CSV export of the leads, with the table's filters (a plain link: the browser downloads what the server streams). */
    exportHref: `${adminLeadsExport.url}${exportQuery(s.context.leadQuery)}`,
  };
}
