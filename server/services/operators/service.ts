import { randomBytes, randomUUID } from 'node:crypto';
import { transact } from '../../../db/groupCommit';
import type { Db, Dialect } from '../../../db/index';
import {
  endSessionsOf,
  findUser,
  findUserByInvitation,
  findUserByUsername,
  insertOperatorOnce,
  listOperatorRows,
  NOT_STAFF,
  otherActiveOwners,
  replaceRecoveryCodes,
  takeTotpStep,
  updateOperator,
  useRecoveryCode,
} from '../../../db/queries/users';
import type { UserRow } from '../../../db/schema';
import { readSecondFactor, usernameKey, validateNewPassword } from '../../../machines/domain/operators';
import type { EnrolmentDto, InvitationDto, OperatorDto, StaffRole } from '../../../openapi/schemas/operators';
import { englishMessage } from '../../lib/messages';
import { hashPassword, verifyPassword } from '../../lib/password';
import { badRequest, conflict, gone, notFound, type Problem, unauthorized } from '../../lib/problems';
import { signInTallies, tooManyAttempts } from '../accounts/service';
import type { Actor, AuditLog } from '../audit/service';
import { admit, FREE_FAILURES, type AttemptCounters, type Tally } from '../guard/counters';
import { LEGACY_TOTP_PREFIX, openLegacyTotpSecret } from './legacySecret';
import { checkTotp, digest, newRecoveryCodes, qrSvg, recoveryDigest, totpUri } from './totp';

/** Spec 1-core §8: 'Invalid admin credentials', for any wrong part, a disabled operator and one not yet invited in. */
export const INVALID_ADMIN_CREDENTIALS = 'Invalid admin credentials';
export const INVALID_CODE = 'That code is not right. Type the six digits your app shows now, or an unused recovery code.';
export const INVITATION_HOURS = 72;
/** How long the second step waits for its code after the password was right. */
export const SECOND_STEP_MS = 5 * 60 * 1000;
/**
 * Wrong codes for one account from everywhere before each further code waits: only someone who knows the password
 * gets this far, so a count on the account alone bounds a guesser with many addresses and locks out nobody else.
 */
export const ACCOUNT_CODE_FAILURES = 10;

/** An operator who may use the admin area now: active, with a role. */
export type Staff = UserRow & { admin_role: StaffRole };

export const isActiveStaff = (user: UserRow | undefined): user is Staff => Boolean(user && user.role === 'admin' && user.admin_role && !user.disabled_at && user.password_hash);

/** An owner must set up two-factor sign-in before anything else; for the others it is their choice. */
export const mustEnrol = (user: Staff): boolean => user.admin_role === 'owner' && !user.totp_enabled_at;

/** What follows a right password: the app's code when it is set up, else setting it up (an owner), else nothing. */
export const stepAfterPassword = (user: Staff): SignInStep => (user.totp_enabled_at ? 'totp' : mustEnrol(user) ? 'enrol' : 'done');

export type SignInStep = 'done' | 'totp' | 'enrol';

function codeTallies(userId: string, client: string): Tally[] {
  return [
    { key: `totp:account:${userId}:client:${client}`, free: FREE_FAILURES, onSuccess: 'forget' },
    { key: `totp:client:${client}`, free: 20, onSuccess: 'refund' },
    { key: `totp:account:${userId}`, free: ACCOUNT_CODE_FAILURES, onSuccess: 'forget' },
  ];
}

function toOperator(user: UserRow): OperatorDto {
  return {
    id: user.id,
    username: user.username ?? '',
    role: user.admin_role ?? 'viewer',
    status: user.disabled_at ? 'disabled' : user.password_hash ? 'active' : 'invited',
    totp: Boolean(user.totp_enabled_at),
    email: user.email,
    emailVerified: Boolean(user.email && user.email_verified_at),
    createdAt: user.created_at,
    invitationExpiresAt: user.password_hash ? null : user.invite_expires_at,
  };
}

const invalidCode = (): Problem => unauthorized(INVALID_CODE, 'invalid_totp_code');

export interface OperatorOptions {
  /** The clock of codes, invitations and idle sessions (tests move it). */
  now: () => number;
  /** The name authenticator apps show beside the code. */
  issuer: () => Promise<string>;
  /** A new TOTP secret (base32). */
  newSecret: () => string;
  /** Opens the TOTP secrets sealed before the data keys (`s1.`), which were derived from it. */
  sessionSecret: string;
}

/**
 * Operators of the admin area (issue 44 item 6): sign-in with a password and, when set up, a code from an
 * authenticator app or a recovery code; setting it up; and the owners' management of operators by invitation.
 * The session is the route's business; this service says who the operator is and what changed.
 */
/** What an owner does to an operator is not done to their own account there: another owner does it (or their own tab). */
export function notOneself(actor: Actor, id: string): void {
  if (id === actor.id) throw conflict('You cannot change your own account here: another owner can.', 'own_account');
}

export class OperatorService {
  /** Checked against when the username has no active operator, so a wrong username takes as long as a wrong password. */
  private readonly decoy = hashPassword(randomUUID());

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly counters: AttemptCounters,
    private readonly audit: AuditLog,
    private readonly options: OperatorOptions,
  ) {}

  now(): number {
    return this.options.now();
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  async find(id: string): Promise<UserRow | undefined> {
    return findUser(this.db, id);
  }

  /** An operator who may use the admin area now (not disabled, invitation taken), or undefined. */
  async active(id: string): Promise<Staff | undefined> {
    const user = await findUser(this.db, id);
    return isActiveStaff(user) ? user : undefined;
  }

  /** The first step: counted as an applicant's sign-in is, with one message for any wrong part. */
  async passwordSignIn(username: string, password: string, client: string): Promise<{ user: Staff; step: SignInStep }> {
    const typed = username.trim();
    const ticket = await admit(this.counters, signInTallies('admin', typed.toLowerCase(), client), tooManyAttempts);
    const found = (await findUserByUsername(this.db, typed)) ?? (await findUserByUsername(this.db, usernameKey(typed)));
    const user = isActiveStaff(found) ? found : undefined;
    const ok = await verifyPassword(password, user?.password_hash ?? (await this.decoy));
    if (!user || !ok) throw unauthorized(INVALID_ADMIN_CREDENTIALS, 'invalid_admin_credentials');
    await ticket.succeeded();
    return { user, step: stepAfterPassword(user) };
  }

  /** The second step: the app's code (each time step once) or an unused recovery code, counted before it is judged. */
  async secondFactor(userId: string, typed: string, client: string): Promise<Staff> {
    const ticket = await admit(this.counters, codeTallies(userId, client), tooManyAttempts);
    const user = await this.active(userId);
    const factor = readSecondFactor(typed);
    if (!user?.totp_enabled_at || !factor) throw invalidCode();
    if (factor.kind === 'recovery') {
      if (!(await useRecoveryCode(this.db, user.id, recoveryDigest(factor.code), this.iso()))) throw invalidCode();
    } else if (!(await this.takeCode(user, factor.code))) {
      throw invalidCode();
    }
    await ticket.succeeded();
    return user;
  }

  /** Checks an app's code against the operator's secret and takes its time step, so it cannot be used again. */
  private async takeCode(user: UserRow, code: string): Promise<boolean> {
    // Stored encrypted; the database layer opens it (db/encryption/): one it cannot open is an error, not a wrong
    // code. An `s1.` value was sealed by the box that came before the data keys; it is opened with the session
    // secret once and resealed under the data keys. One sealed under another session secret stays unreadable: as
    // before, a recovery code signs in.
    let secret = user.totp_secret;
    if (secret?.startsWith(LEGACY_TOTP_PREFIX)) {
      secret = openLegacyTotpSecret(secret, this.options.sessionSecret);
      if (secret) await updateOperator(this.db, user.id, { totp_secret: secret });
    }
    if (!secret) return false;
    const last = user.totp_last_step === null ? null : Number(user.totp_last_step);
    const step = await checkTotp(secret, code, this.now(), last);
    return step !== null && (await takeTotpStep(this.db, user.id, step));
  }

  /** A new secret to scan; it replaces one not yet confirmed. Refused once set up (an owner re-invites to start over). */
  async startEnrolment(user: Staff): Promise<EnrolmentDto> {
    if (user.totp_enabled_at) throw conflict('Two-factor sign-in is already set up for this account.', 'totp_already_set_up');
    const secret = this.options.newSecret();
    await updateOperator(this.db, user.id, { totp_secret: secret, totp_last_step: null });
    const uri = totpUri(secret, await this.options.issuer(), user.username ?? '');
    return { secret, uri, qrSvg: await qrSvg(uri) };
  }

  /** The app's first code proves it holds the secret: two-factor sign-in is on, and the recovery codes are made (shown once). */
  async confirmEnrolment(userId: string, typed: string, client: string): Promise<string[]> {
    const ticket = await admit(this.counters, codeTallies(userId, client), tooManyAttempts);
    const user = await this.active(userId);
    if (!user) throw unauthorized('Sign in as an admin to continue.');
    if (user.totp_enabled_at) throw conflict('Two-factor sign-in is already set up for this account.', 'totp_already_set_up');
    if (!user.totp_secret) throw conflict('Start setting up two-factor sign-in first.', 'totp_not_started');
    const factor = readSecondFactor(typed);
    if (factor?.kind !== 'totp' || !(await this.takeCode(user, factor.code))) throw badRequest('code', INVALID_CODE, 'body', 'invalid_totp_code');
    const codes = newRecoveryCodes();
    await transact(this.db, async (trx) => {
      await updateOperator(trx, user.id, { totp_enabled_at: this.iso() });
      await replaceRecoveryCodes(trx, user.id, codes.map(recoveryDigest), this.iso());
    });
    await ticket.succeeded();
    return codes;
  }

  async list(): Promise<OperatorDto[]> {
    return (await listOperatorRows(this.db)).map(toOperator);
  }

  private invitation(): { token: string; hash: string; expiresAt: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: digest(token), expiresAt: this.iso(INVITATION_HOURS * 3_600_000) };
  }

  private static invitationOf(token: string, expiresAt: string): InvitationDto {
    return { path: `/teamomora?invite=${token}`, expiresAt };
  }

  /** An owner invites an operator: no password until they take the invitation. */
  async create(actor: Actor, body: { username: string; role: StaffRole }): Promise<{ operator: OperatorDto; invitation: InvitationDto }> {
    const invite = this.invitation();
    const row = {
      id: randomUUID(),
      username: usernameKey(body.username),
      email: null,
      password_hash: null,
      role: 'admin' as const,
      guest_email: null,
      created_at: this.iso(),
      ...NOT_STAFF,
      admin_role: body.role,
      invite_hash: invite.hash,
      invite_expires_at: invite.expiresAt,
    };
    const made = await transact(this.db, async (trx) => {
      if (!(await insertOperatorOnce(trx, row))) return false;
      await this.audit.record(actor, 'operator.create', row.username, { role: body.role }, trx);
      return true;
    });
    if (!made) throw conflict('An operator with this username exists already.', 'username_taken');
    return { operator: toOperator({ ...row, totp_last_step: null, email_verified_at: null }), invitation: OperatorService.invitationOf(invite.token, invite.expiresAt) };
  }

  private async other(actor: Actor, id: string): Promise<UserRow> {
    notOneself(actor, id);
    const user = await findUser(this.db, id);
    if (!user || user.role !== 'admin') throw notFound('No operator with this id.');
    return user;
  }

  /**
   * A new role, or disabled / enabled. The operator's sessions end, so the change holds from their next request.
   * An owner is not demoted or disabled when no other active owner would be left (decided under a lock).
   */
  async change(actor: Actor, id: string, body: { role?: StaffRole; disabled?: boolean }): Promise<OperatorDto> {
    if (body.role === undefined && body.disabled === undefined) throw badRequest('role', 'give a new role or disabled');
    const target = await this.other(actor, id);
    const changed = await transact(this.db, async (trx) => {
      const user = (await findUser(trx, id)) as UserRow;
      const losesOwner = user.admin_role === 'owner' && !user.disabled_at && ((body.role !== undefined && body.role !== 'owner') || body.disabled === true);
      if (losesOwner && (await otherActiveOwners(trx, id, this.dialect === 'postgres')) === 0) {
        throw conflict('At least one active owner must remain.', 'last_owner');
      }
      const next = { ...user };
      if (body.role !== undefined && body.role !== user.admin_role) {
        await updateOperator(trx, id, { admin_role: body.role });
        await this.audit.record(actor, 'operator.role', user.username ?? id, { from: user.admin_role, to: body.role }, trx);
        next.admin_role = body.role;
      }
      if (body.disabled !== undefined && body.disabled !== Boolean(user.disabled_at)) {
        const disabledAt = body.disabled ? this.iso() : null;
        await updateOperator(trx, id, { disabled_at: disabledAt });
        await this.audit.record(actor, body.disabled ? 'operator.disable' : 'operator.enable', user.username ?? id, {}, trx);
        next.disabled_at = disabledAt;
      }
      await endSessionsOf(trx, id);
      return next;
    });
    return toOperator({ ...target, ...changed });
  }

  /** A fresh start for an operator who lost their password or app: both are dropped with their sessions. */
  async reinvite(actor: Actor, id: string): Promise<InvitationDto> {
    const user = await this.other(actor, id);
    const invite = this.invitation();
    await transact(this.db, async (trx) => {
      await updateOperator(trx, id, {
        password_hash: null,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        invite_hash: invite.hash,
        invite_expires_at: invite.expiresAt,
      });
      await replaceRecoveryCodes(trx, id, [], this.iso());
      await endSessionsOf(trx, id);
      await this.audit.record(actor, 'operator.invite', user.username ?? id, {}, trx);
    });
    return OperatorService.invitationOf(invite.token, invite.expiresAt);
  }

  /** The invited operator's own password; the invitation is then spent. */
  async acceptInvitation(token: string, password: string): Promise<{ user: Staff; step: SignInStep }> {
    const problem = validateNewPassword({ password, confirmPassword: password }).password;
    if (problem) throw badRequest('password', englishMessage(problem));
    const user = await findUserByInvitation(this.db, digest(token));
    if (!user || user.disabled_at || !user.invite_expires_at) throw notFound('This invitation is not valid. Ask an owner for a new one.', 'invitation_invalid');
    if (Date.parse(user.invite_expires_at) <= this.now()) throw gone('This invitation has expired. Ask an owner for a new one.', 'invitation_expired');
    await updateOperator(this.db, user.id, { password_hash: await hashPassword(password), invite_hash: null, invite_expires_at: null });
    const staff = (await this.active(user.id)) as Staff;
    return { user: staff, step: mustEnrol(staff) ? 'enrol' : 'done' };
  }
}
