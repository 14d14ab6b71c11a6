import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/lib/password';
import { codeAt, stepOf } from '../helpers/admin';
import { TEST_ADMIN } from '../helpers/app';
import type { World } from './model';

// Operators in the path tests (issue 44): the paths' app runs the operators' clock stopped at one moment and makes
// every new TOTP secret the same one, so a model can say the app's code as a literal and replay it on every path.
// Each path's setup puts its operator back as it was (no code used yet), so the code is taken once per path.

export const PATHS_SESSION_SECRET = 'paths-session-secret-for-operators-0123456789';
export const PATHS_NOW = Date.UTC(2026, 0, 15, 9, 0, 10);
export const PATHS_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** The app's code at the paths' moment, and a wrong one. */
export const RIGHT_CODE = await codeAt(PATHS_TOTP_SECRET, stepOf(PATHS_NOW));
export const WRONG_CODE = RIGHT_CODE === '000000' ? '111111' : '000000';

let waited = 0;
/** Time passing on the operators' clock during a path (an operator who leaves the code form open); each setup starts it over. */
export const waitOnOperatorsClock = (ms: number) => {
  waited += ms;
};
export const waitedOnOperatorsClock = () => waited;

/** What the paths' app is built with (tests/paths/paths.test.ts). */
export const pathsOperators = { now: () => PATHS_NOW + waited, newSecret: () => PATHS_TOTP_SECRET };

export interface PathOperator {
  username: string;
  password: string;
  role: 'owner' | 'operator' | 'viewer';
  totp: boolean;
}

/** Makes the operator as described (again): its password, role and two-factor state, no code used, no attempts counted. */
export async function resetOperator(app: FastifyInstance, op: PathOperator, fixedId?: string): Promise<string> {
  waited = 0;
  const found = await app.db.selectFrom('users').select('id').where('username', '=', op.username).executeTakeFirst();
  const id = found?.id ?? fixedId ?? randomUUID();
  const row = {
    password_hash: await hashPassword(op.password),
    admin_role: op.role,
    disabled_at: null,
    totp_secret: op.totp ? PATHS_TOTP_SECRET : null,
    totp_enabled_at: op.totp ? new Date(PATHS_NOW).toISOString() : null,
    totp_last_step: null,
    invite_hash: null,
    invite_expires_at: null,
  };
  if (found) await app.db.updateTable('users').set(row).where('id', '=', id).execute();
  else await app.db.insertInto('users').values({ id, username: op.username, email: null, role: 'admin', guest_email: null, created_at: new Date(PATHS_NOW).toISOString(), ...row }).execute();
  await app.db.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
  await app.db.deleteFrom('attempt_counters').where((eb) => eb.or([eb('counter', 'like', 'admin:%'), eb('counter', 'like', 'totp:%')])).execute();
  return id;
}

/** The path's browser signs in as this operator, second step included. */
export async function signIn(world: World, op: PathOperator): Promise<void> {
  const res = await world.http({ method: 'POST', path: '/api/auth/admin-login', body: { username: op.username, password: op.password } });
  expect(res.status).toBe(200);
  if (op.totp) expect((await world.http({ method: 'POST', path: '/api/auth/admin-totp', body: { code: RIGHT_CODE } })).status).toBe(200);
}

/** The test owner (the first admin), with two-factor sign-in set up. */
export const PATHS_OWNER: PathOperator = { username: TEST_ADMIN.username, password: TEST_ADMIN.password, role: 'owner', totp: true };
