// /apply/esta-wizard's one door: the ESTA question wizard (spec 2-wizards §3.3), opened for the applicant or for a
// traveller of their group once that traveller's answers are read (issue 36).
import { estaCatalog } from './domain/catalogs/esta';
import { questionWizardFlowFor } from './questionWizard.view';

export { handoverView, sameHandover, travellerHandoverFlow } from './travellerHandover.view';

export const estaWizardFlow = questionWizardFlowFor(estaCatalog);
