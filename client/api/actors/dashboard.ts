import { listApplications } from '../../../openapi/routes/applications';
import { listOrders } from '../../../openapi/routes/checkout';
import { listGroupPayments } from '../../../openapi/routes/groups';
import { getLead } from '../../../openapi/routes/leads';
import type { DashboardData } from '../../../machines/dashboard.machine';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';
import { confirmationCalls } from './confirmation';

/** /dashboard: the account's applications, orders and group payments, one application's answers to continue it, an order's PDFs. */
export function dashboardCalls(http: Transport) {
  const { downloadReceipt, downloadForm } = confirmationCalls(http);
  return {
    // The applications first: a visitor not signed in gets their 401 before anything else is asked.
    fetchDashboard: async (): Promise<DashboardData> => {
      const applications = await call(http, listApplications, {});
      const [orders, groupPayments] = await Promise.all([call(http, listOrders, {}), call(http, listGroupPayments, {})]);
      return { applications, orders, groupPayments };
    },
    fetchLead: async ({ leadId }: { leadId: string }) => (await call(http, getLead, { params: { leadId } })).formData,
    fetchAnswers: async ({ leadId }: { leadId: string }) => {
      const lead = await call(http, getLead, { params: { leadId } });
      // The question wizards keep answers flat by question id, as strings.
      return Object.fromEntries(Object.entries(lead.formData).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    },
    downloadReceipt,
    downloadForm,
  };
}

export const makeDashboardActors = (http: Transport) => actorsOf(dashboardCalls, http);
