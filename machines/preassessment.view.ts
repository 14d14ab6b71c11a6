// /wizard's one door: the pre-assessment question wizard (spec 1-core §2.3).
import { preassessmentCatalog } from './domain/catalogs/preassessment';
import { questionWizardFlowFor } from './questionWizard.view';

export const preassessmentFlow = questionWizardFlowFor(preassessmentCatalog);
