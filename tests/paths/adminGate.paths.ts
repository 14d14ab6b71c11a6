import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { adminGateCalls } from '../../client/api/actors/admin';
import { adminGateMachine, type AdminGateContext } from '../../machines/adminGate.machine';
import { lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { digest } from '../../server/services/operators/totp';
import { PATHS_NOW, PATHS_TOTP_SECRET, RIGHT_CODE, waitedOnOperatorsClock, waitOnOperatorsClock, resetOperator, signIn, WRONG_CODE, type PathOperator } from './operators';

// /teamomora's gate (spec 1-core §2.10, §4; issue 44) against the real routes: the status check, the password,
// the app's code, setting two-factor sign-in up (an owner must; an operator may), an invitation, the session ending
// and signing out. Each case's operator is made afresh before each path, with no code used and no failure counted;
// the paths' clock is stopped, so the app's code is one literal (tests/paths/operators.ts). A path signs in with a
// code once: after signing out, the model only goes home (the next code would be the next time step's).

const context = (s: Snap) => s.context as AdminGateContext;

/**
 * The oracle's names for what the gate emitted (spec 1-core §8 and the second step's toasts), by what each toast says:
 * a refusal names the server's reason in the errors namespace when it gave one, else says the gate's own words.
 */
function named(effect: { type: string; params: any }): string {
  const e = effect.params;
  if (e.type === 'navigate') return `navigate(${e.to})`;
  if (e.type === 'focusError') return `focusError(${e.form})`;
  if (e.type !== 'toast') return `unexpected ${JSON.stringify(e)}`;
  const { title, description, variant } = e.toast;
  const refusal = (own: string) => (description === own ? '' : /^errors:/.test(description) ? description.slice('errors:'.length) : `? ${description}`);
  const plain: Record<string, string> = {
    'admin:toast.loggedIn.title': 'announceLoggedIn',
    'operators:toast.enrolled.title': 'announceEnrolled',
    'admin:toast.expired.title': 'announceExpired',
  };
  if (plain[title] && description === title.replace(/\.title$/, '.description') && variant === undefined) return plain[title];
  if (variant !== 'destructive') return `unexpected ${JSON.stringify(e)}`;
  if (title === 'admin:toast.loginFailed.title') return `announceLoginFailed(${refusal('admin:toast.loginFailed.description')})`;
  if (title === 'operators:toast.codeFailed.title') return `announceCodeFailed(${refusal('operators:toast.codeFailed.description')})`;
  if (title === 'admin:toast.signOutFailed.title' && description === 'admin:toast.signOutFailed.description') return 'announceSignOutFailed';
  return `unexpected ${JSON.stringify(e)}`;
}
const namesOf = (asked: readonly { type: string; params: any }[]) => asked.map(named);

const TWO_STEP: PathOperator = { username: 'gate-two-step', password: 'gate two step password', role: 'operator', totp: true };
const OWNER: PathOperator = { username: 'gate-new-owner', password: 'gate new owner password', role: 'owner', totp: false };
const PLAIN: PathOperator = { username: 'gate-plain', password: 'gate plain password', role: 'viewer', totp: false };
/** Invited: the password is the one the invitation's form chooses. */
const INVITED: PathOperator = { username: 'gate-invited', password: 'gate invited password', role: 'viewer', totp: false };
const INVITED_OWNER: PathOperator = { username: 'gate-invited-owner', password: 'gate invited owner password', role: 'owner', totp: false };
const INVITATION = 'paths-invitation-token-0123456789abcdef';

/** What the server says of each: the oracle's own statement of the access table for these roles. */
const STATUS = {
  two: { username: TWO_STEP.username, role: 'operator', totp: true, mustEnrol: false },
  owner: { username: OWNER.username, role: 'owner', totp: false, mustEnrol: true },
  plain: { username: PLAIN.username, role: 'viewer', totp: false, mustEnrol: false },
  invited: { username: INVITED.username, role: 'viewer', totp: false, mustEnrol: false },
  invitedOwner: { username: INVITED_OWNER.username, role: 'owner', totp: false, mustEnrol: true },
} as const;

const adminStatus = (world: World) => world.http({ method: 'GET', path: '/api/auth/admin-status' });
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const refused = (id: string, code: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { code }, sent: true });

/** The status as the model sees it: only the parts that decide where the gate goes. */
const session = (status: (typeof STATUS)[keyof typeof STATUS], totp = status.totp) => ({ ...status, totp, mustEnrol: status.role === 'owner' && !totp, allowed: [] as string[] });

interface CaseShape {
  op: PathOperator;
  status: (typeof STATUS)[keyof typeof STATUS];
  /** Signed in (or past the password) before the page opened, or opened from an invitation link (spent or not). */
  before: 'nobody' | 'signedIn' | 'codeAwaited' | 'codeAwaitedTooLong' | 'invited' | 'spentInvitation';
  /** The password typed. */
  password: string;
}

const invitationCase = (shape: CaseShape) => shape.before === 'invited' || shape.before === 'spentInvitation' || shape.before === 'codeAwaitedTooLong';

function events(shape: CaseShape) {
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches('checking')) {
      // Where the session stands: as the case began, or as this path left it (a set-up finished, a sign-out lost).
      if (c.session) return [{ type: 'xstate.done.actor.adminStatus', output: { admin: c.session, pending: null } }];
      const admin = shape.before === 'signedIn' ? session(shape.status) : null;
      const answered: AnyEventObject = { type: 'xstate.done.actor.adminStatus', output: { admin, pending: shape.before.startsWith('codeAwaited') ? 'totp' : null } };
      // An invitation's cases follow the link; the check failing is the other cases' to walk.
      return invitationCase(shape) ? [answered] : [answered, lost('adminStatus')];
    }
    if (s.matches({ loginForm: 'editing' })) {
      // After an invitation the rest of the gate is the other cases' to walk.
      if (invitationCase(shape)) return [{ type: 'BACK_HOME' }];
      // After a sign-in that worked (the username kept trimmed, as it was sent), the path only goes home.
      if (c.fields.username === shape.op.username && !c.fields.password) return [{ type: 'BACK_HOME' }];
      const fill = !c.fields.username
        ? [{ type: 'FIELD.CHANGE', field: 'username', value: ` ${shape.op.username} ` }]
        : !c.fields.password
          ? [{ type: 'FIELD.CHANGE', field: 'password', value: shape.password }]
          : [];
      return [...fill, { type: 'SUBMIT' }, { type: 'BACK_HOME' }];
    }
    if (s.matches({ loginForm: 'signingIn' })) {
      const right = c.fields.password === shape.op.password;
      const step = shape.op.totp ? 'totp' : shape.status.mustEnrol ? 'enrol' : 'done';
      return [
        right ? { type: 'xstate.done.actor.adminLogin', output: { username: shape.op.username, step, admin: step === 'totp' ? null : session(shape.status) } } : refused('adminLogin', 'invalid_admin_credentials'),
        lost('adminLogin'),
      ];
    }
    if (s.matches({ secondStep: 'editing' })) {
      const fill = c.fields.code ? [] : [{ type: 'FIELD.CHANGE', field: 'code', value: RIGHT_CODE }, { type: 'FIELD.CHANGE', field: 'code', value: WRONG_CODE }, { type: 'FIELD.CHANGE', field: 'code', value: '12' }];
      return [...fill, { type: 'SUBMIT' }, { type: 'CANCEL' }];
    }
    if (s.matches({ secondStep: 'verifying' })) {
      // Five minutes since the password (the session is made so in the setup): any code starts over.
      if (shape.before === 'codeAwaitedTooLong') return [refused('verifyCode', 'second_step_expired')];
      return [
        c.fields.code.trim() === RIGHT_CODE ? { type: 'xstate.done.actor.verifyCode', output: { username: shape.op.username, step: 'done', admin: session(shape.status) } } : refused('verifyCode', 'invalid_totp_code'),
        lost('verifyCode'),
      ];
    }
    if (s.matches({ invitation: 'editing' })) {
      const fill = !c.fields.newPassword
        ? [{ type: 'FIELD.CHANGE', field: 'newPassword', value: shape.password }, { type: 'FIELD.CHANGE', field: 'newPassword', value: 'short' }]
        : !c.fields.confirmPassword
          ? [{ type: 'FIELD.CHANGE', field: 'confirmPassword', value: shape.password }, { type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'something else entirely' }]
          : [];
      return [...fill, { type: 'SUBMIT' }];
    }
    if (s.matches({ invitation: 'accepting' })) {
      return [
        shape.before === 'invited'
          ? { type: 'xstate.done.actor.acceptInvitation', output: { username: shape.op.username, step: shape.status.mustEnrol ? 'enrol' : 'done', admin: session(shape.status) } }
          : { type: 'xstate.error.actor.acceptInvitation', error: { status: 404, code: 'invitation_invalid' }, sent: true },
        lost('acceptInvitation'),
      ];
    }
    if (s.matches({ invitation: 'refused' })) return [{ type: 'CANCEL' }];
    if (s.matches({ enrolment: 'starting' })) return [{ type: 'xstate.done.actor.startEnrolment', output: { secret: PATHS_TOTP_SECRET, uri: 'otpauth://', qrSvg: '<svg/>' } }, lost('startEnrolment')];
    if (s.matches({ enrolment: 'failed' })) return [{ type: 'RETRY' }, { type: 'CANCEL' }];
    if (s.matches({ enrolment: 'scanning' })) {
      const fill = c.fields.code ? [] : [{ type: 'FIELD.CHANGE', field: 'code', value: RIGHT_CODE }, { type: 'FIELD.CHANGE', field: 'code', value: WRONG_CODE }];
      return [...fill, { type: 'SUBMIT' }, { type: 'CANCEL' }];
    }
    if (s.matches({ enrolment: 'confirming' })) {
      return [
        c.fields.code.trim() === RIGHT_CODE ? { type: 'xstate.done.actor.confirmEnrolment', output: { recoveryCodes: ['AAAA-BBBB-CCCC-DDDD'] } } : refused('confirmEnrolment', 'invalid_totp_code'),
        lost('confirmEnrolment'),
      ];
    }
    if (s.matches({ enrolment: 'recoveryCodes' })) return [{ type: 'CONTINUE' }];
    if (s.matches('signingOut')) return [{ type: 'xstate.done.actor.logout', output: null }, ...(shape.before === 'signedIn' && shape.status.role !== 'owner' ? [] : [lost('logout')])];
    if (s.matches('authenticated')) return invitationCase(shape) ? [{ type: 'SIGN_OUT' }] : [{ type: 'SIGN_OUT' }, { type: 'EXPIRED' }, { type: 'ENROL' }];
    return [];
  };
}

const cases: Array<{ name: string; shape: CaseShape }> = [
  { name: 'an operator with two-factor sign-in, the right password and a code', shape: { op: TWO_STEP, status: STATUS.two, before: 'nobody', password: TWO_STEP.password } },
  { name: 'a wrong password', shape: { op: TWO_STEP, status: STATUS.two, before: 'nobody', password: 'not the password' } },
  { name: 'the password given already, the code awaited', shape: { op: TWO_STEP, status: STATUS.two, before: 'codeAwaited', password: TWO_STEP.password } },
  { name: 'an owner signing in for the first time', shape: { op: OWNER, status: STATUS.owner, before: 'nobody', password: OWNER.password } },
  { name: 'a viewer signed in, without two-factor sign-in', shape: { op: PLAIN, status: STATUS.plain, before: 'signedIn', password: PLAIN.password } },
  { name: 'an invitation link', shape: { op: INVITED, status: STATUS.invited, before: 'invited', password: INVITED.password } },
  { name: 'an invitation for an owner', shape: { op: INVITED_OWNER, status: STATUS.invitedOwner, before: 'invited', password: INVITED_OWNER.password } },
  { name: 'the password given five minutes ago', shape: { op: TWO_STEP, status: STATUS.two, before: 'codeAwaitedTooLong', password: TWO_STEP.password } },
  { name: 'an invitation link already used', shape: { op: INVITED, status: STATUS.invited, before: 'spentInvitation', password: INVITED.password } },
];

const shapeOf = (world: World) => world.input as CaseShape;

export const adminGatePaths: PathModel = {
  machine: adminGateMachine,
  budget: 190,
  calls: adminGateCalls,
  abstraction: (s) => ({
    value: s.value,
    fields: context(s).fields,
    errors: Object.keys(context(s).errors).sort(),
    session: context(s).session && { role: context(s).session?.role, totp: context(s).session?.totp, mustEnrol: context(s).session?.mustEnrol },
    codes: context(s).recoveryCodes !== null,
  }),
  cases: cases.map(({ name, shape }) => ({
    name,
    // The machine's own input has no invitation; the case's shape rides along for the setup and the oracle.
    input: { invitation: shape.before === 'invited' || shape.before === 'spentInvitation' ? INVITATION : null, ...shape },
    setup: async (world: World, input: { invitation: string | null } & CaseShape) => {
      const id = await resetOperator(world.app, shape.op);
      if (shape.before === 'invited' || shape.before === 'spentInvitation') {
        // Invited and not in yet: no password; the link's token hashed, valid for 72 hours, or already taken.
        const open = shape.before === 'invited';
        await world.app.db
          .updateTable('users')
          .set({ password_hash: null, invite_hash: open ? digest(INVITATION) : null, invite_expires_at: open ? new Date(PATHS_NOW + 72 * 3_600_000).toISOString() : null })
          .where('id', '=', id)
          .execute();
      }
      if (shape.before === 'signedIn') await signIn(world, shape.op);
      if (shape.before.startsWith('codeAwaited')) await world.http({ method: 'POST', path: '/api/auth/admin-login', body: { username: shape.op.username, password: shape.op.password } });

      return input;
    },
    events: events(shape),
  })),
  required: [
    {
      name: 'the right password, the right code, signed in, then out',
      through: [(e) => e.type === 'xstate.done.actor.adminLogin', (e) => e.type === 'xstate.done.actor.verifyCode', (e) => e.type === 'SIGN_OUT', (e) => e.type === 'xstate.done.actor.logout'],
    },
    { name: 'a wrong code, then the right one', through: [(e) => e.type === 'xstate.error.actor.verifyCode' && (e as { sent?: boolean }).sent === true, (e) => e.type === 'xstate.done.actor.verifyCode'] },
    { name: 'a wrong password refused', case: 'a wrong password', through: [(e, before) => e.type === 'SUBMIT' && Boolean(context(before).fields.password), (e) => e.type === 'xstate.error.actor.adminLogin' && (e as { sent?: boolean }).sent === true] },
    {
      name: 'an owner sets up two-factor sign-in, keeps the codes, and reaches the dashboard',
      case: 'an owner signing in for the first time',
      through: [(e) => e.type === 'xstate.done.actor.adminLogin', (e) => e.type === 'xstate.done.actor.confirmEnrolment', (e) => e.type === 'CONTINUE', (e) => e.type === 'xstate.done.actor.adminStatus'],
    },
    { name: 'an owner leaves the set-up: signed out', case: 'an owner signing in for the first time', through: [(e) => e.type === 'xstate.done.actor.startEnrolment', (e) => e.type === 'CANCEL', (e) => e.type === 'xstate.done.actor.logout'] },
    { name: 'a viewer chooses to set it up', case: 'a viewer signed in, without two-factor sign-in', through: [(e) => e.type === 'ENROL', (e) => e.type === 'xstate.done.actor.confirmEnrolment', (e) => e.type === 'CONTINUE'] },
    { name: 'a viewer starts setting it up, then not now', case: 'a viewer signed in, without two-factor sign-in', through: [(e) => e.type === 'ENROL', (e) => e.type === 'xstate.done.actor.startEnrolment', (e) => e.type === 'CANCEL'] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('checking');
      expect(context(s)).toMatchObject({ session: null, invitation: world.input.invitation, enrolment: null, recoveryCodes: null, errors: {} });
      expect(world.held.map((h) => h.name)).toEqual(['adminStatus']);
    },
    step: ({ before, event, after, started, asked, world }) => {
      const shape = shapeOf(world);
      // A form refused on the page (nothing sent, its errors shown) moves focus to its first field with an error.
      if (event.type === 'SUBMIT' && started.length === 0 && Object.keys(context(after).errors).length > 0) expect(namesOf(asked)).toEqual(['focusError(admin-gate-form)']);
      // The password and the code are sent only when their form is filled in, the username trimmed.
      if (event.type === 'SUBMIT' && before.matches({ loginForm: 'editing' })) {
        const f = context(before).fields;
        const valid = f.username.trim() !== '' && f.password !== '';
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [['adminLogin', { username: f.username.trim(), password: f.password }]] : []);
      }
      if (event.type === 'SUBMIT' && (before.matches({ secondStep: 'editing' }) || before.matches({ enrolment: 'scanning' }))) {
        const code = context(before).fields.code.trim();
        const valid = /^\d{6}$/.test(code);
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [[before.matches('secondStep') ? 'verifyCode' : 'confirmEnrolment', { code }]] : []);
        if (!valid) expect(Object.keys(context(after).errors)).toEqual(['code']);
      }
      // Where each answer leads, from what the server said.
      if (event.type === 'xstate.done.actor.adminLogin') {
        const answer = lastCall(world, 'POST', '/api/auth/admin-login');
        expect(answer?.status).toBe(200);
        const step = (answer?.response as { step: string }).step;
        expect(after.value).toEqual(step === 'totp' ? { secondStep: 'editing' } : step === 'enrol' ? { enrolment: 'starting' } : 'authenticated');
        // The password is not kept once it has done its work.
        expect(context(after).fields.password).toBe('');
        expect(namesOf(asked)).toEqual(step === 'done' ? ['announceLoggedIn'] : []);
      }
      if (event.type === 'xstate.error.actor.adminLogin') {
        expect(after.value).toEqual({ loginForm: 'editing' });
        const held = lastHeld(world, 'adminLogin');
        expect(namesOf(asked)).toEqual([`announceLoginFailed(${held?.verdict === 'sent' ? 'invalid_admin_credentials' : ''})`]);
        if (held?.verdict === 'sent') expect(lastCall(world, 'POST', '/api/auth/admin-login')?.status).toBe(401);
        expect(context(after).fields.password).toBe('');
      }
      if (event.type === 'xstate.done.actor.verifyCode') {
        expect(lastCall(world, 'POST', '/api/auth/admin-totp')?.status).toBe(200);
        expect(after.value).toBe('authenticated');
        expect(namesOf(asked)).toEqual(['announceLoggedIn']);
      }
      if (event.type === 'xstate.error.actor.verifyCode') {
        const sent = lastHeld(world, 'verifyCode')?.verdict === 'sent';
        // Five minutes after the password the server no longer waits: the gate starts over; a wrong code is tried again.
        const late = shapeOf(world).before === 'codeAwaitedTooLong';
        const reason = late ? 'second_step_expired' : 'invalid_totp_code';
        if (sent) expect([lastCall(world, 'POST', '/api/auth/admin-totp')?.status, (lastCall(world, 'POST', '/api/auth/admin-totp')?.response as { code: string }).code]).toEqual([401, reason]);
        expect(after.value).toEqual(sent && late ? { loginForm: 'editing' } : { secondStep: 'editing' });
        expect(namesOf(asked)).toEqual([`announceCodeFailed(${sent ? reason : ''})`]);
        expect(context(after).fields.code).toBe('');
      }
      if (event.type === 'SUBMIT' && before.matches({ invitation: 'editing' })) {
        const f = context(before).fields;
        const valid = [...f.newPassword].length >= 10 && f.confirmPassword === f.newPassword;
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [['acceptInvitation', { token: context(before).invitation, password: f.newPassword }]] : []);
      }
      if (event.type === 'xstate.done.actor.acceptInvitation') {
        expect(lastCall(world, 'POST', '/api/auth/admin-invitation')?.status).toBe(200);
        expect(context(after).invitation).toBeNull();
        const step = (lastCall(world, 'POST', '/api/auth/admin-invitation')?.response as { step: string }).step;
        expect(after.value).toEqual(step === 'enrol' ? { enrolment: 'starting' } : 'authenticated');
        expect(namesOf(asked)).toEqual(step === 'done' ? ['announceLoggedIn'] : []);
      }
      if (event.type === 'xstate.error.actor.acceptInvitation' && lastHeld(world, 'acceptInvitation')?.verdict === 'sent') {
        expect(lastCall(world, 'POST', '/api/auth/admin-invitation')?.status).toBe(404);
        expect(after.value).toEqual({ invitation: 'refused' });
        expect(context(after).invitationError).toBe('invitation_invalid');
      }
      if (event.type === 'CANCEL' && before.matches('secondStep')) expect(context(after).fields).toEqual({ username: '', password: '', code: '', newPassword: '', confirmPassword: '' });
      if (event.type === 'xstate.done.actor.confirmEnrolment') {
        const answer = lastCall(world, 'POST', '/api/admin/totp/enrolment/confirm');
        expect(answer?.status).toBe(200);
        expect((answer?.response as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
        expect(context(after).recoveryCodes).toEqual((answer?.response as { recoveryCodes: string[] }).recoveryCodes);
        expect(namesOf(asked)).toEqual(['announceEnrolled']);
      }
      if (event.type === 'xstate.error.actor.confirmEnrolment') expect(after.value).toEqual({ enrolment: 'scanning' });
      if (event.type === 'CANCEL' && before.matches('enrolment')) {
        expect(after.value).toEqual(context(before).session?.mustEnrol ? 'signingOut' : 'authenticated');
        if (context(before).session?.mustEnrol) expect(started.map((h) => h.name)).toEqual(['logout']);
      }
      if (event.type === 'ENROL') expect(after.matches('enrolment')).toBe(shape.status.totp === false && before.matches('authenticated') && !context(before).session?.totp);
      if (event.type === 'xstate.done.actor.logout' || event.type === 'EXPIRED') expect(after.value).toEqual({ loginForm: 'editing' });
      if (event.type === 'xstate.error.actor.logout') {
        expect(after.value).toBe('checking');
        expect(namesOf(asked)).toEqual(['announceSignOutFailed']);
      }
      if (event.type === 'EXPIRED') expect(namesOf(asked)).toEqual(['announceExpired']);
      if (event.type === 'SIGN_OUT') expect(started.map((h) => h.name)).toEqual(['logout']);
    },
    states: {
      // The dashboard shows only when the server itself says this session is an operator, with the role's tabs.
      authenticated: async (s, world) => {
        const status = JSON.parse((await adminStatus(world)).text);
        expect(status.admin).toMatchObject({ username: shapeOf(world).op.username, role: shapeOf(world).status.role, mustEnrol: false });
        expect(context(s).session?.allowed).toEqual(status.admin.allowed);
      },
      secondStep: async (_s, world) => {
        // The operator in this case leaves the form open past the five minutes the server waits (after this check).
        const late = shapeOf(world).before === 'codeAwaitedTooLong';
        // Nobody is signed in until the code is right; after five minutes the server no longer waits for it.
        const over = late && waitedOnOperatorsClock() > 0;
        expect(JSON.parse((await adminStatus(world)).text)).toEqual({ admin: null, pending: over ? null : 'totp' });
        expect((await world.http({ method: 'GET', path: '/api/admin/analytics' })).status).toBe(401);
        if (late && !over) waitOnOperatorsClock(5 * 60_000);
      },
      'enrolment.scanning': async (s, world) => {
        // The owner's session answers only the set-up until it is done.
        if (context(s).session?.mustEnrol) expect((await world.http({ method: 'GET', path: '/api/admin/analytics' })).status).toBe(403);
        expect(context(s).enrolment?.secret).toBe(PATHS_TOTP_SECRET);
      },
      'enrolment.recoveryCodes': async (s, world) => {
        const user = await world.app.db.selectFrom('users').select(['id', 'totp_enabled_at']).where('username', '=', shapeOf(world).op.username).executeTakeFirstOrThrow();
        expect(user.totp_enabled_at).not.toBeNull();
        const kept = await world.app.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
        expect(kept).toHaveLength(context(s).recoveryCodes?.length ?? -1);
      },
      'loginForm.editing': async (s, world) => {
        expect(context(s).session).toBeNull();
        // After a sign-out the server has ended the session too.
        if (lastHeld(world, 'logout')?.verdict === 'sent' && world.events.at(-1)?.type === 'xstate.done.actor.logout') {
          expect(JSON.parse((await adminStatus(world)).text)).toEqual({ admin: null, pending: null });
        }
      },
      signingOut: (s, world) => {
        expect(s.hasTag('busy')).toBe(true);
        expect(lastHeld(world, 'logout')?.verdict).toBe('waiting');
      },
      home: (s, world) => {
        expect(s.output).toEqual({ to: '/' });
        expect(namesOf(world.effects).filter((n) => n === 'announceExpired')).toHaveLength(world.events.filter((e) => e.type === 'EXPIRED').length);
        // The gate leaves for the home page itself (the page performs what it emits).
        expect(namesOf(world.effects).at(-1)).toBe('navigate(/)');
      },
    },
  },
};
