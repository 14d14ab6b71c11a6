// Each flow's calls over the transport (client/api/actors/<flow>.ts), by the flow's registered name: the door
// (client/app/useFlow.ts) gives them to the flow's machine, so no page imports a call, a contract or fetch. They
// load beside the page that uses them (client/router.tsx, PAGE_FILES' `flows`), not in the app's first chunk.
import type { AnyActorLogic } from 'xstate';
import type { MachineName } from '../../machines/index';
import { afterNextPaint } from './afterPaint';
import { fetchTransport, type Transport } from '../api/transport';

export interface Door {
  /** The machine's actors over the transport; a flow whose calls depend on its input (a wizard's catalog) gets it. */
  actors: (input: unknown) => Record<string, AnyActorLogic>;
  /** What the door adds to the flow's input from the page it arrived in (the API answers an entry page came with). */
  input?: () => Record<string, unknown>;
}

/**
 * The ten-section form's requests leave after the next frame: Next starts the section's save at once, and the new
 * section is painted first, without the request's work or its answer's in between (issue 16).
 */
const paintFirst: Transport = (request) => afterNextPaint().then(() => fetchTransport(request));

const DOORS: Partial<Record<MachineName, () => Promise<Door>>> = {
  visaWizard: () => import('../api/actors/eligibility').then((m) => ({ actors: () => m.makeEligibilityActors(fetchTransport) })),
  applySummary: () => import('../api/actors/eligibility').then((m) => ({ actors: () => m.makeEligibilityActors(fetchTransport) })),
  pricing: () =>
    import('../api/actors/pricing').then((m) => ({
      actors: () => m.makePricingActors(fetchTransport),
      // An entry page: the server rendered it with the plans, and its first render here shows the same.
      input: () => ({ data: m.preloadedPricing() }),
    })),
  checkout: () => import('../api/actors/checkout').then((m) => ({ actors: () => m.makeCheckoutActors(fetchTransport) })),
  groupCheckout: () => import('../api/actors/groupCheckout').then((m) => ({ actors: () => m.makeGroupCheckoutActors(fetchTransport) })),
  confirmation: () => import('../api/actors/confirmation').then((m) => ({ actors: () => m.makeConfirmationActors(fetchTransport) })),
  groupConfirmation: () => import('../api/actors/groupCheckout').then((m) => ({ actors: () => m.makeGroupConfirmationActors(fetchTransport) })),
  results: () => import('../api/actors/results').then((m) => ({ actors: () => m.makeResultsActors(fetchTransport) })),
  login: () => import('../api/actors/account').then((m) => ({ actors: () => m.makeLoginActors(fetchTransport) })),
  mailLink: () => import('../api/actors/mailLink').then((m) => ({ actors: () => m.makeMailLinkActors(fetchTransport) })),
  dashboard: () => import('../api/actors/dashboard').then((m) => ({ actors: () => m.makeDashboardActors(fetchTransport) })),
  myData: () => import('../api/actors/myData').then((m) => ({ actors: () => m.makeMyDataActors(fetchTransport) })),
  aiNotice: () => import('../api/actors/aiNotice').then((m) => ({ actors: () => m.makeAiNoticeActors(fetchTransport) })),
  travellerGroup: () => import('../api/actors/travellerGroup').then((m) => ({ actors: () => m.makeTravellerGroupActors(fetchTransport) })),
  travellerHandover: () => import('../api/actors/travellerHandover').then((m) => ({ actors: () => m.makeTravellerHandoverActors(fetchTransport) })),
  formResume: () => import('../api/actors/formResume').then((m) => ({ actors: () => m.makeFormResumeActors(fetchTransport) })),
  ds160Form: () => import('../api/actors/ds160Form').then((m) => ({ actors: () => m.makeDs160FormActors(paintFirst) })),
  photoCheck: () => import('../api/actors/photoCheck').then((m) => ({ actors: () => m.makePhotoCheckActors(fetchTransport, m.readWithFileReader) })),
  // A wizard's calls follow its catalog (what it creates and saves), which its input names.
  questionWizard: () =>
    import('../api/actors/questionWizard').then((m) => ({ actors: (input) => m.makeQuestionWizardActors(fetchTransport, (input as { catalog: Parameters<typeof m.makeQuestionWizardActors>[1] }).catalog) })),
  aiAssistant: () => import('../api/actors/aiAssistant').then((m) => ({ actors: () => m.makeAiAssistantActors(fetchTransport) })),
  aivisaChat: () => import('../api/actors/aivisa').then((m) => ({ actors: () => m.makeAivisaActors(fetchTransport) })),
  sectionsChat: () => import('../api/actors/sectionsChat').then((m) => ({ actors: () => m.makeSectionsChatActors(fetchTransport) })),
  adminGate: () => import('../api/actors/admin').then((m) => ({ actors: () => m.makeAdminGateActors(fetchTransport) })),
  operators: () => import('../api/actors/admin').then((m) => ({ actors: () => m.makeOperatorsActors(fetchTransport) })),
  auditLog: () => import('../api/actors/admin').then((m) => ({ actors: () => m.makeAuditLogActors(fetchTransport) })),
  emailLog: () => import('../api/actors/admin').then((m) => ({ actors: () => m.makeEmailLogActors(fetchTransport) })),
  staffEmail: () => import('../api/actors/admin').then((m) => ({ actors: () => m.makeStaffEmailActors(fetchTransport) })),
  adminDashboard: () => import('../api/actors/admin').then((m) => ({ actors: () => m.makeAdminDashboardActors(fetchTransport) })),
  governmentFees: () => import('../api/actors/governmentFees').then((m) => ({ actors: () => m.makeGovernmentFeesActors(fetchTransport) })),
  agentChat: () => import('../api/actors/agentChat').then((m) => ({ actors: () => m.makeAgentChatActors(fetchTransport) })),
};

const loaded = new Map<MachineName, Door>();
const NO_CALLS: Door = { actors: () => ({}) };

/** Loads the doors of these flows (with a page, before it is drawn). */
export async function loadFlows(names: readonly MachineName[]): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      const load = DOORS[name];
      if (!loaded.has(name)) loaded.set(name, load ? await load() : NO_CALLS);
    }),
  );
}

/** A loaded flow's door. A flow its page did not declare fails at once, not at its first call. */
export function doorOf(name: MachineName): Door {
  const door = loaded.get(name) ?? (DOORS[name] ? undefined : NO_CALLS);
  if (!door) throw new Error(`The flow ${name} is used by a page that does not declare it (client/router.tsx PAGE_FILES)`);
  return door;
}
