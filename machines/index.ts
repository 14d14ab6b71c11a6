// The registry of every flow. Path tests, coverage and the inspector all start from here.
import { adminDashboardMachine } from './adminDashboard.machine';
import { adminGateMachine } from './adminGate.machine';
import { auditLogMachine } from './auditLog.machine';
import { emailLogMachine } from './emailLog.machine';
import { operatorsMachine } from './operators.machine';
import { staffEmailMachine } from './staffEmail.machine';
import { agentChatMachine } from './agentChat.machine';
import { aiAssistantMachine } from './aiAssistant.machine';
import { aivisaChatMachine } from './aivisaChat.machine';
import { sectionsChatMachine } from './sectionsChat.machine';
import { applyStartMachine } from './applyStart.machine';
import { applySummaryMachine } from './applySummary.machine';
import { checkoutMachine } from './checkout.machine';
import { confirmationMachine } from './confirmation.machine';
import { dashboardMachine } from './dashboard.machine';
import { governmentFeesMachine } from './governmentFees.machine';
import { groupCheckoutMachine } from './groupCheckout.machine';
import { groupConfirmationMachine } from './groupConfirmation.machine';
import { formResumeMachine } from './formResume.machine';
import { ds160FormMachine } from './ds160Form.machine';
import { leadSyncMachine } from './leadSync.machine';
import { languageMachine } from './language.machine';
import { loginMachine } from './login.machine';
import { mailLinkMachine } from './mailLink.machine';
import { myDataMachine } from './myData.machine';
import { aiNoticeMachine } from './aiNotice.machine';
import { photoCheckMachine } from './photoCheck.machine';
import { pricingMachine } from './pricing.machine';
import { premiumInterviewMachine } from './premiumInterview.machine';
import { voiceControlsMachine } from './voiceControls.machine';
import { questionWizardMachine } from './questionWizard.machine';
import { resultsMachine } from './results.machine';
import { sessionMachine } from './session.machine';
import { toastMachine } from './toast.machine';
import { travellerGroupMachine } from './travellerGroup.machine';
import { travellerHandoverMachine } from './travellerHandover.machine';
import { visaWizardMachine } from './visaWizard.machine';

export const machines = {
  language: languageMachine,
  toast: toastMachine,
  session: sessionMachine,
  visaWizard: visaWizardMachine,
  applyStart: applyStartMachine,
  applySummary: applySummaryMachine,
  questionWizard: questionWizardMachine,
  pricing: pricingMachine,
  checkout: checkoutMachine,
  confirmation: confirmationMachine,
  login: loginMachine,
  mailLink: mailLinkMachine,
  dashboard: dashboardMachine,
  results: resultsMachine,
  ds160Form: ds160FormMachine,
  leadSync: leadSyncMachine,
  photoCheck: photoCheckMachine,
  formResume: formResumeMachine,
  aiAssistant: aiAssistantMachine,
  aivisaChat: aivisaChatMachine,
  sectionsChat: sectionsChatMachine,
  agentChat: agentChatMachine,
  adminGate: adminGateMachine,
  adminDashboard: adminDashboardMachine,
  operators: operatorsMachine,
  auditLog: auditLogMachine,
  emailLog: emailLogMachine,
  staffEmail: staffEmailMachine,
  governmentFees: governmentFeesMachine,
  premiumInterview: premiumInterviewMachine,
  voiceControls: voiceControlsMachine,
  travellerGroup: travellerGroupMachine,
  travellerHandover: travellerHandoverMachine,
  groupCheckout: groupCheckoutMachine,
  groupConfirmation: groupConfirmationMachine,
  myData: myDataMachine,
  aiNotice: aiNoticeMachine,
} as const;

export type MachineName = keyof typeof machines;

export {
  auditLogMachine,
  emailLogMachine,
  operatorsMachine,
  staffEmailMachine,
  premiumInterviewMachine,
  voiceControlsMachine,
  adminDashboardMachine,
  adminGateMachine,
  agentChatMachine,
  aiAssistantMachine,
  aivisaChatMachine,
  applyStartMachine,
  applySummaryMachine,
  checkoutMachine,
  confirmationMachine,
  dashboardMachine,
  myDataMachine,
  aiNoticeMachine,
  ds160FormMachine,
  formResumeMachine,
  governmentFeesMachine,
  groupCheckoutMachine,
  groupConfirmationMachine,
  languageMachine,
  leadSyncMachine,
  loginMachine,
  mailLinkMachine,
  photoCheckMachine,
  pricingMachine,
  questionWizardMachine,
  resultsMachine,
  sectionsChatMachine,
  sessionMachine,
  toastMachine,
  travellerGroupMachine,
  travellerHandoverMachine,
  visaWizardMachine,
};
