// The registry of every flow. Path tests, coverage and the inspector all start from here.
import { applyStartMachine } from './applyStart.machine';
import { applySummaryMachine } from './applySummary.machine';
import { languageMachine } from './language.machine';
import { questionWizardMachine } from './questionWizard.machine';
import { toastMachine } from './toast.machine';
import { visaWizardMachine } from './visaWizard.machine';

export const machines = {
  language: languageMachine,
  toast: toastMachine,
  visaWizard: visaWizardMachine,
  applyStart: applyStartMachine,
  applySummary: applySummaryMachine,
  questionWizard: questionWizardMachine,
} as const;

export type MachineName = keyof typeof machines;

export { applyStartMachine, applySummaryMachine, languageMachine, questionWizardMachine, toastMachine, visaWizardMachine };
