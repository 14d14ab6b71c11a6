// The admin dashboard's tabs read what they show from here, already derived (issue 46, one door): the funnel's
// shares, the lead filters and answer groups the server's contract names, the highest price the form takes.
import type { SnapshotFrom } from 'xstate';
import { adminLeadsExport } from '../openapi/routes/admin';
import { ANSWER_GROUPS, LEAD_PLAN_FILTERS, LEAD_STATUS_FILTERS, TIME_RANGES } from '../openapi/schemas/admin';
import { ADMIN_TABS, adminDashboardMachine, BRANDING_FORM_ID, exportQuery, funnelShares, type AdminTab } from './adminDashboard.machine';
import { MAX_PRICE } from './domain/adminForms';
import { pageCount } from './domain/paging';
import { defineFlow, type FlowActor } from './flow';

export { BRANDING_FORM_ID, LEAD_PLAN_FILTERS, LEAD_STATUS_FILTERS, MAX_PRICE, TIME_RANGES };
export type { AdminTab };

/** The dashboard, opened by the gate once an operator is in, with the tabs their role shows. */
export const adminDashboardFlow = defineFlow({
  name: 'adminDashboard',
  machine: adminDashboardMachine,
  input: (_world, props: { tabs: readonly AdminTab[] }) => ({ tabs: props.tabs }),
});
export type DashboardRef = FlowActor<typeof adminDashboardFlow>;

/** The answer groups a lead's details show, in order: 'other' holds answers no section claims and is not shown. */
export const SHOWN_ANSWER_GROUPS = ANSWER_GROUPS.filter((group) => group !== 'other');

type DashboardSnapshot = SnapshotFrom<typeof adminDashboardMachine>;

/** The dashboard's frame: the range, the summary cards, the open tab and the export link with the table's filters. */
export function dashboardView(s: DashboardSnapshot) {
  return {
    timeRange: s.context.timeRange,
    analytics: s.context.analytics,
    summaryLoading: s.matches({ active: { summary: 'loading' } }),
    summaryFailed: s.matches({ active: { summary: 'failed' } }),
    tab: ADMIN_TABS.find((name) => s.matches({ active: { tab: name } })) ?? ('overview' as AdminTab),
    /** A plain link: the browser downloads the CSV the server streams, with the table's filters. */
    exportHref: `${adminLeadsExport.url}${exportQuery(s.context.leadQuery)}`,
  };
}

/** The conversions tab: the figures, the funnel with each stage's share of the visitors, loading and failure. */
export function conversionsView(s: DashboardSnapshot) {
  const data = s.context.conversions;
  return {
    data,
    funnel: data ? funnelShares(data) : [],
    loading: s.matches({ active: { tab: { conversions: 'loading' } } }),
    failed: s.matches({ active: { tab: { conversions: 'failed' } } }),
  };
}

/**
 * The leads tab: the server's page of leads, the filters, and the pager (shown once there is more than one page; a
 * page is asked for only between loads, and only one the list has).
 */
export function leadsView(s: DashboardSnapshot) {
  const { leads, leadQuery } = s.context;
  const loading = s.matches({ active: { tab: { leads: 'loading' } } });
  const page = leadQuery.page;
  return {
    leads,
    query: leadQuery,
    loading,
    failed: s.matches({ active: { tab: { leads: 'failed' } } }),
    page,
    pages: pageCount(leads),
    paged: pageCount(leads) > 1,
    canPrevious: !loading && s.can({ type: 'PAGE', page: page - 1 }),
    canNext: !loading && s.can({ type: 'PAGE', page: page + 1 }),
  };
}
