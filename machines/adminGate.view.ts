// /teamomora's one door: the gate as the page opens it, and everything the page shows, already derived. The tabs an
// operator sees come from what the server says their role may call (the access table, openapi/adminAccess.ts).
import type { SnapshotFrom } from 'xstate';
import { accessKey } from '../openapi/adminAccess';
import { adminAnalytics, adminConversions, adminLeads, adminTraffic, updateBranding, updatePricing } from '../openapi/routes/admin';
import { adminGovernmentFees } from '../openapi/routes/governmentFees';
import { adminEmails } from '../openapi/routes/mail';
import { auditLog, listOperators } from '../openapi/routes/operators';
import type { AdminStatusDto } from '../openapi/schemas/admin';
import { ADMIN_TABS, type AdminTab } from './adminDashboard.machine';
import { adminGateMachine } from './adminGate.machine';

export { adminGateMachine };
export type { AdminField } from './adminGate.machine';

/** The operation that shows each tab: a role that may not call it does not see the tab. */
const TAB_OPERATIONS: Record<AdminTab, string> = {
  overview: accessKey(adminAnalytics),
  traffic: accessKey(adminTraffic),
  leads: accessKey(adminLeads),
  conversions: accessKey(adminConversions),
  pricing: accessKey(updatePricing),
  fees: accessKey(adminGovernmentFees),
  branding: accessKey(updateBranding),
  operators: accessKey(listOperators),
  audit: accessKey(auditLog),
  emails: accessKey(adminEmails),
};

/** The tabs this operator's role shows, in the dashboard's order. */
export function tabsFor(session: Pick<AdminStatusDto, 'allowed'> | null): AdminTab[] {
  const allowed = new Set(session?.allowed ?? []);
  return ADMIN_TABS.filter((tab) => allowed.has(TAB_OPERATIONS[tab]));
}

/** Whether the role may call an operation (the export link, say). */
export const mayCall = (session: Pick<AdminStatusDto, 'allowed'> | null, operation: Parameters<typeof accessKey>[0]): boolean =>
  Boolean(session?.allowed.includes(accessKey(operation)));

type GateSnapshot = SnapshotFrom<typeof adminGateMachine>;

export type GateScreen = 'checking' | 'login' | 'secondStep' | 'invitation' | 'invitationRefused' | 'enrolment' | 'recoveryCodes' | 'dashboard';

function screenOf(s: GateSnapshot): GateScreen {
  if (s.matches('checking')) return 'checking';
  if (s.matches({ invitation: 'refused' })) return 'invitationRefused';
  if (s.matches('invitation')) return 'invitation';
  if (s.matches('secondStep')) return 'secondStep';
  if (s.matches({ enrolment: 'recoveryCodes' })) return 'recoveryCodes';
  if (s.matches('enrolment')) return 'enrolment';
  if (s.matches('authenticated') || (s.matches('signingOut') && s.context.session && !s.context.session.mustEnrol)) return 'dashboard';
  if (s.matches('signingOut')) return 'checking';
  return 'login';
}

export function adminGateView(s: GateSnapshot) {
  const { fields, errors, session, enrolment, recoveryCodes, invitationError } = s.context;
  return {
    screen: screenOf(s),
    busy: s.hasTag('busy'),
    fields,
    errors,
    username: session?.username ?? '',
    role: session?.role ?? null,
    session,
    tabs: tabsFor(session),
    /** An operator without two-factor sign-in who may set it up now (owners are sent to it; the others choose). */
    canEnrol: s.can({ type: 'ENROL' }),
    /** Setting up can be left for the dashboard (not by an owner, who must finish it). */
    enrolmentOptional: session !== null && !session.mustEnrol,
    enrolmentLoading: s.matches({ enrolment: 'starting' }),
    enrolmentFailed: s.matches({ enrolment: 'failed' }),
    qrSvg: enrolment?.qrSvg ?? null,
    secret: enrolment?.secret ?? null,
    recoveryCodes: recoveryCodes ?? [],
    invitationError,
  };
}
