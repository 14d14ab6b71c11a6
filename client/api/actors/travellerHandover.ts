import { getLead } from '../../../openapi/routes/leads';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** A group traveller's answers as the server holds them (issue 36). */
export function travellerHandoverCalls(http: Transport) {
  return {
    fetchLead: async ({ leadId }: { leadId: string }) => {
      const lead = await call(http, getLead, { params: { leadId } });
      return { id: lead.id, formData: lead.formData };
    },
  };
}

export const makeTravellerHandoverActors = (http: Transport) => actorsOf(travellerHandoverCalls, http);
