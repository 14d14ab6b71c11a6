import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { toAccount } from '../services/accounts/service';

/**
 * Signs the session in as `user`: a new session id (a fixed or stolen pre-login id is worth nothing after), the
 * same owner token, and what the session made before becomes the account's.
 */
export async function signIn(request: FastifyRequest, user: UserRow) {
  const { ownerToken } = request.owner();
  // A premium code entered before signing in stays entered (issue 33): the interview goes on.
  await request.session.regenerate(['ownerToken', 'premium']);
  request.session.set('userId', user.id);
  request.session.set('role', user.role);
  await request.server.accounts.adopt(ownerToken, user.id);
  return toAccount(user);
}
