// /apply/wizard's one door: the DS-160 question wizard (spec 2-wizards §3.2).
import { ds160Catalog } from './domain/catalogs/ds160';
import { questionWizardFlowFor } from './questionWizard.view';

export const applyWizardFlow = questionWizardFlowFor(ds160Catalog);
