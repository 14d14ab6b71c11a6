import type { MachineName } from '../../machines/index';
import { adminDashboardPaths } from './adminDashboard.paths';
import { adminGatePaths } from './adminGate.paths';
import { auditLogPaths } from './auditLog.paths';
import { emailLogPaths } from './emailLog.paths';
import { operatorsPaths } from './operators.paths';
import { staffEmailPaths } from './staffEmail.paths';
import { agentChatPaths } from './agentChat.paths';
import { aiAssistantPaths } from './aiAssistant.paths';
import { aivisaChatPaths } from './aivisaChat.paths';
import { applyStartPaths } from './applyStart.paths';
import { applySummaryPaths } from './applySummary.paths';
import { checkoutPaths } from './checkout.paths';
import { confirmationPaths } from './confirmation.paths';
import { dashboardPaths } from './dashboard.paths';
import { ds160FormPaths } from './ds160Form.paths';
import { formResumePaths } from './formResume.paths';
import { governmentFeesPaths } from './governmentFees.paths';
import { groupCheckoutPaths } from './groupCheckout.paths';
import { groupConfirmationPaths } from './groupConfirmation.paths';
import { languagePaths } from './language.paths';
import { leadSyncPaths } from './leadSync.paths';
import { loginPaths } from './login.paths';
import { mailLinkPaths } from './mailLink.paths';
import { myDataPaths } from './myData.paths';
import { aiNoticePaths } from './aiNotice.paths';
import type { PathModel } from './model';
import { photoCheckPaths } from './photoCheck.paths';
import { pricingPaths } from './pricing.paths';
import { premiumInterviewPaths } from './premiumInterview.paths';
import { travellerGroupPaths } from './travellerGroup.paths';
import { travellerHandoverPaths } from './travellerHandover.paths';
import { voiceControlsPaths } from './voiceControls.paths';
import { questionWizardPaths } from './questionWizard.paths';
import { resultsPaths } from './results.paths';
import { sectionsChatPaths } from './sectionsChat.paths';
import { sessionPaths } from './session.paths';
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
  pricing: pricingPaths,
  checkout: checkoutPaths,
  confirmation: confirmationPaths,
  login: loginPaths,
  mailLink: mailLinkPaths,
  session: sessionPaths,
  dashboard: dashboardPaths,
  results: resultsPaths,
  ds160Form: ds160FormPaths,
  leadSync: leadSyncPaths,
  photoCheck: photoCheckPaths,
  formResume: formResumePaths,
  aiAssistant: aiAssistantPaths,
  aivisaChat: aivisaChatPaths,
  sectionsChat: sectionsChatPaths,
  agentChat: agentChatPaths,
  adminGate: adminGatePaths,
  adminDashboard: adminDashboardPaths,
  operators: operatorsPaths,
  staffEmail: staffEmailPaths,
  auditLog: auditLogPaths,
  emailLog: emailLogPaths,
  governmentFees: governmentFeesPaths,
  premiumInterview: premiumInterviewPaths,
  voiceControls: voiceControlsPaths,
  travellerGroup: travellerGroupPaths,
  travellerHandover: travellerHandoverPaths,
  groupCheckout: groupCheckoutPaths,
  groupConfirmation: groupConfirmationPaths,
  myData: myDataPaths,
  aiNotice: aiNoticePaths,
};
