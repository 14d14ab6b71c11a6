// /apply/esta-wizard's one door: the ESTA question wizard (spec 2-wizards §3.3), opened for the applicant or for a
// traveller of their group once that traveller's answers are read (issue 36).
import { estaCatalog } from './domain/catalogs/esta';
import { questionWizardFlowFor } from './questionWizard.view';

export { handoverView, sameHandover, travellerHandoverFlow } from './travellerHandover.view';

export const estaWizardFlow = questionWizardFlowFor(estaCatalog);

/** Whose paid answers the read-only form shows (issue 45 item 20): their name as their answers give it, or ''. */
export const paidTravellerName = (formData: Record<string, unknown>) =>
  [formData['first-name'], formData['last-name']].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
