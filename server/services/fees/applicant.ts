import type { Lead } from '../../../db/queries/leads';
import type { LeadRow } from '../../../db/schema';
import type { FeeApplicant } from '../../../machines/domain/governmentFees';
import { feeApplicantFor } from '../../../machines/domain/visaClass';
import { purposeOf } from '../applications/progress';

/**
 * Whom an application's government fees are for: the ESTA, or the visa class its purpose leads to (work → H,
 * study → F …; machines/domain/visaClass.ts). Every quote, order, PDF, chat and e-mail about a lead asks this.
 */
export function applicantOfLead(lead: Pick<LeadRow, 'form_type' | 'travel_purpose' | 'source' | 'form_data'>): FeeApplicant {
  return feeApplicantFor(lead.form_type === 'ESTA' ? 'ESTA' : 'DS-160', purposeOf(lead));
}

/** The same for a lead already read into its domain shape. */
export function applicantOf(lead: Pick<Lead, 'formType' | 'travelPurpose' | 'source' | 'formData'>): FeeApplicant {
  return applicantOfLead({ form_type: lead.formType, travel_purpose: lead.travelPurpose, source: lead.source, form_data: JSON.stringify(lead.formData) });
}
