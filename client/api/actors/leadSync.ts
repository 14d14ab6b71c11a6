import type { LeadCapture, LeadSave } from '../../../machines/leadSync.machine';
import { captureLead, updateLead } from '../../../openapi/routes/leads';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The lead kept in the background (spec 2-wizards §4.3, §4.4): captured early, then saved with what changed. */
export function leadSyncCalls(http: Transport) {
  return {
    capture: (input: LeadCapture) => call(http, captureLead, { body: { ...input, formType: input.formType === 'ESTA' ? 'ESTA' : 'DS-160' } }),
    save: async ({ leadId, changes }: LeadSave): Promise<unknown> => {
      await call(http, updateLead, { params: { leadId }, body: { formData: changes } });
      return null;
    },
  };
}

export const makeLeadSyncActors = (http: Transport) => actorsOf(leadSyncCalls, http);
