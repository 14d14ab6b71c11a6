// Who may call each admin operation (issue 44 item 6): the one table the server checks every /api/admin request
// against (server/plugins/adminAccess.ts) and the admin pages hide what a role may not do by (the session's
// `allowed`, from this table). An /api/admin route missing here answers 403 to everyone, so a new route is
// refused until someone decides who may call it.
import type { RouteContract } from './contract';
import {
  adminAnalytics,
  adminConversions,
  adminLead,
  adminLeads,
  adminLeadsExport,
  adminTraffic,
  updateBranding,
  updatePricing,
} from './routes/admin';
import { adminGovernmentFees, checkGovernmentFee, scheduleGovernmentFee } from './routes/governmentFees';
import { adminJobs } from './routes/jobs';
import { adminRetention } from './routes/rights';
import { adminEmails, resendEmail } from './routes/mail';
import { STAFF_ROLES, type StaffRole } from './schemas/operators';
import { auditLog, changeOperator, confirmEnrolment, createOperator, listOperators, reinviteOperator, setOperatorEmail, setOwnEmail, startEnrolment } from './routes/operators';

export interface AccessRule {
  roles: readonly StaffRole[];
  /** Answers an owner who has not set up two-factor sign-in yet (everything else waits for it). */
  beforeEnrolment?: true;
}

/** An operation's key in the table: its method and its URL as Fastify declares it. */
export const accessKey = (contract: Pick<RouteContract, 'method' | 'url'>): string => `${contract.method} ${contract.url}`;

const EVERYONE = STAFF_ROLES;
const LEADS = ['owner', 'operator'] as const;
const OWNERS = ['owner'] as const;

const rules: Array<[RouteContract, AccessRule]> = [
  // Analytics: every role.
  [adminAnalytics, { roles: EVERYONE }],
  [adminTraffic, { roles: EVERYONE }],
  [adminConversions, { roles: EVERYONE }],
  // Applicants' data: operators and owners; every view and export goes into the audit log.
  [adminLeads, { roles: LEADS }],
  [adminLead, { roles: LEADS }],
  [adminLeadsExport, { roles: LEADS }],
  // The e-mails tab (issue 43): applicants' addresses, so operators and owners; a resend goes into the audit log.
  [adminEmails, { roles: LEADS }],
  [resendEmail, { roles: LEADS }],
  // Settings, operators and the audit log: owners.
  [updatePricing, { roles: OWNERS }],
  [updateBranding, { roles: OWNERS }],
  // The government fees every price quotes: set, like the prices, by owners.
  [adminGovernmentFees, { roles: OWNERS }],
  [scheduleGovernmentFee, { roles: OWNERS }],
  [checkGovernmentFee, { roles: OWNERS }],
  [listOperators, { roles: OWNERS }],
  [createOperator, { roles: OWNERS }],
  [changeOperator, { roles: OWNERS }],
  [reinviteOperator, { roles: OWNERS }],
  [setOperatorEmail, { roles: OWNERS }],
  [setOwnEmail, { roles: EVERYONE }],
  [auditLog, { roles: OWNERS }],
  // The job runner's queues and runs (retention, reconciliation): how the service runs is the owners'.
  [adminJobs, { roles: OWNERS }],
  // The retention policy and its runs' counts (issue 44): every role may see what is kept and for how long.
  [adminRetention, { roles: EVERYONE }],
  // One's own two-factor set-up: anyone signed in, and the only thing an owner without it may do.
  [startEnrolment, { roles: EVERYONE, beforeEnrolment: true }],
  [confirmEnrolment, { roles: EVERYONE, beforeEnrolment: true }],
];

export const ADMIN_ACCESS: ReadonlyMap<string, AccessRule> = new Map(rules.map(([contract, rule]) => [accessKey(contract), rule]));

/** The operations a role may call, as the session tells the client. */
export function allowedFor(role: StaffRole, mustEnrol: boolean): string[] {
  return [...ADMIN_ACCESS].filter(([, rule]) => rule.roles.includes(role) && (!mustEnrol || rule.beforeEnrolment)).map(([key]) => key);
}
