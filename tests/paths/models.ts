import type { MachineName } from '../../machines/index';
import { applyStartPaths } from './applyStart.paths';
import { applySummaryPaths } from './applySummary.paths';
import { languagePaths } from './language.paths';
import type { PathModel } from './model';
import { questionWizardPaths } from './questionWizard.paths';
import { toastPaths } from './toast.paths';
import { visaWizardPaths } from './visaWizard.paths';

/** One bounded path model per registered machine (tests/paths/<flow>.paths.ts). */
export const pathModels: Record<MachineName, PathModel> = {
  language: languagePaths,
  toast: toastPaths,
  visaWizard: visaWizardPaths,
  applyStart: applyStartPaths,
  applySummary: applySummaryPaths,
  questionWizard: questionWizardPaths,
};
