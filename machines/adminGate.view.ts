// /teamomora's one door: the gate as the page opens it, and everything the page shows, already derived. The tabs an
// operator sees come from what the server says their role may call (the access table, openapi/adminAccess.ts).
import type { SnapshotFrom } from 'xstate';
import { accessKey } from '../openapi/adminAccess';
import { adminAnalytics, adminConversions, adminLeads, adminLeadsExport, adminTraffic, updateBranding, updatePricing } from '../openapi/routes/admin';
import { adminGovernmentFees } from '../openapi/routes/governmentFees';
import { adminEmails } from '../openapi/routes/mail';
import { auditLog, listOperators, setOwnEmail } from '../openapi/routes/operators';
import type { AdminStatusDto } from '../openapi/schemas/admin';
import { ADMIN_TABS, type AdminTab } from './adminDashboard.machine';
import { errorKey } from './domain/errorCodes';
import { adminGateMachine, GATE_FORM_ID } from './adminGate.machine';
import { defineFlow, type FlowActor } from './flow';

export { adminGateMachine, GATE_FORM_ID };
export type { AdminField } from './adminGate.machine';

/** /teamomora's gate; an invitation link (`?invite=…`) opens on setting the invited operator's password. */
export const adminGateFlow = defineFlow({ name: 'adminGate', machine: adminGateMachine, input: ({ search }) => ({ invitation: search.get('invite') }) });
export type GateRef = FlowActor<typeof adminGateFlow>;

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
  account: accessKey(setOwnEmail),
};

/** The tabs this operator's role shows, in the dashboard's order. */
export function tabsFor(session: Pick<AdminStatusDto, 'allowed'> | null): AdminTab[] {
  const allowed = new Set(session?.allowed ?? []);
  return ADMIN_TABS.filter((tab) => allowed.has(TAB_OPERATIONS[tab]));
}

/** Whether the role may call an operation (the export link, say). */
const mayCall = (session: Pick<AdminStatusDto, 'allowed'> | null, operation: Parameters<typeof accessKey>[0]): boolean =>
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
    /** The leads' CSV export, for a role that may call it. */
    canExport: mayCall(session, adminLeadsExport),
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
    /** Why an invitation link was refused, in words the errors namespace has (else the spec's 'invalid link'). */
    invitationMessage: errorKey(invitationError) ?? 'errors:invitation_invalid',
  };
}
