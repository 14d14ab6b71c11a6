import type { LeadRow } from '../../../db/schema';
import { forbidden, notFound, type Problem } from '../../lib/problems';

/** Who is asking: the browser session's owner token, the signed-in user, and their role. */
export interface Access {
  ownerToken: string | undefined;
  userId: string | undefined;
  role: 'admin' | 'user' | 'guest' | undefined;
}

/**
 * A lead is read or updated only by the session that created it, by the signed-in user it belongs to, or by
 * an admin (DECISIONS.md). Knowing a lead id or an e-mail address is never enough.
 */
export function canAccessLead(access: Access, lead: Pick<LeadRow, 'owner_token' | 'user_id'>): boolean {
  if (access.role === 'admin') return true;
  if (access.ownerToken && lead.owner_token === access.ownerToken) return true;
  return Boolean(access.userId && lead.user_id === access.userId);
}

/** Another session's lead is 403 (sign in to continue it), an unknown id 404; ids are random, so this tells a guesser nothing. */
export function refusal(found: boolean): Problem {
  return found ? forbidden('This application belongs to another session. Sign in to continue it.') : notFound('No application with this id.');
}
