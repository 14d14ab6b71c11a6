import { getLead } from '../../../openapi/routes/leads';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** A group traveller's answers as the server holds them (issue 36). */
export function travellerHandoverCalls(http: Transport) {
  return {
    fetchLead: async ({ leadId }: { leadId: string }) => {
      const lead = await call(http, getLead, { params: { leadId } });
      // A paid traveller's form opens read-only (issue 45 item 20).
      return { id: lead.id, formData: lead.formData, paid: lead.paymentStatus === 'paid' };
    },
  };
}

export const makeTravellerHandoverActors = (http: Transport) => actorsOf(travellerHandoverCalls, http);
