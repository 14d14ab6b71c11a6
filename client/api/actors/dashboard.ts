import { listApplications } from '../../../openapi/routes/applications';
import { getLead } from '../../../openapi/routes/leads';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /dashboard: the account's applications, and one application's answers to continue it. */
export function dashboardCalls(http: Transport) {
  return {
    fetchApplications: () => call(http, listApplications, {}),
    fetchLead: async ({ leadId }: { leadId: string }) => (await call(http, getLead, { params: { leadId } })).formData,
    fetchAnswers: async ({ leadId }: { leadId: string }) => {
      const lead = await call(http, getLead, { params: { leadId } });
      // The question wizards keep answers flat by question id, as strings.
      return Object.fromEntries(Object.entries(lead.formData).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    },
  };
}

export const makeDashboardActors = (http: Transport) => actorsOf(dashboardCalls, http);
