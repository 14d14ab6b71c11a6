import type { LeadRow } from '../../db/schema';
import { forbidden, notFound, type Problem } from '../lib/problems';

/** Who is asking: the browser session's owner token, the signed-in user, and their role. */
export interface Access {
  ownerToken: string | undefined;
  userId: string | undefined;
  role: 'admin' | 'user' | 'guest' | undefined;
  /** Leads this browser session brought back with a resume code and the lead's e-mail (issue 11). */
  resumedLeads?: readonly string[];
}

/** Anything a browser session made: a lead, an order. */
export type Owned = Pick<LeadRow, 'owner_token' | 'user_id'>;

/**
 * A lead or an order is read or changed only by the session that made it, or by the signed-in user it belongs to.
 * Knowing an id, a confirmation number or an e-mail address is never enough. Operators read applicants' data in
 * the admin area, where their role is checked and every view is logged (issue 44), not through these routes.
 */
export function canAccess(access: Access, record: Owned): boolean {
  if (access.ownerToken && record.owner_token === access.ownerToken) return true;
  return Boolean(access.userId && record.user_id === access.userId);
}

/** A lead also opens to the browser session that brought it back with its resume code and e-mail. */
export function canAccessLead(access: Access, lead: Owned & { id: string }): boolean {
  return canAccess(access, lead) || Boolean(access.resumedLeads?.includes(lead.id));
}

/** Another session's record is 403 (sign in to continue it), an unknown id 404; ids are random, so this tells a guesser nothing. */
export function refusal(found: boolean, what: 'application' | 'order' | 'photo' | 'group' | 'traveller' = 'application'): Problem {
  return found ? forbidden(`This ${what} belongs to another session. Sign in to see it.`, 'other_session') : notFound(`No ${what} with this id.`);
}
