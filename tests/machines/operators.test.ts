import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ADMIN_TABS, adminDashboardMachine } from '../../machines/adminDashboard.machine';
import { adminGateMachine } from '../../machines/adminGate.machine';
import { adminGateView, tabsFor } from '../../machines/adminGate.view';
import { auditLogMachine, auditQuery, NO_FILTERS } from '../../machines/auditLog.machine';
import { formatRecoveryCode, readSecondFactor, RECOVERY_ALPHABET, validateEnrolmentCode, validateNewOperator, validateNewPassword, validateSecondFactor } from '../../machines/domain/operators';
import { operatorsMachine } from '../../machines/operators.machine';
import { operatorsView } from '../../machines/operators.view';
import { ADMIN_ACCESS, allowedFor } from '../../openapi/adminAccess';

// Issue 44 item 6: the rules of the second step and the operators' forms, and the gate, operators and audit
// machines as transition tables.

const resolves = <T,>(value: T): any => fromPromise(async () => value);
const rejects = (error: unknown): any =>
  fromPromise(async () => {
    throw error;
  });

const status = (role: 'owner' | 'operator' | 'viewer', extra: Partial<{ totp: boolean; mustEnrol: boolean }> = {}) => {
  const mustEnrol = extra.mustEnrol ?? false;
  return { username: `${role}-1`, role, totp: extra.totp ?? !mustEnrol, mustEnrol, allowed: allowedFor(role, mustEnrol) };
};

describe('the second factor as typed', () => {
  it('reads six digits with spaces, and recovery codes in any case with or without dashes', () => {
    expect(readSecondFactor(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactor('abcd-efgh-jkmn-pqrs')).toEqual({ kind: 'recovery', code: 'ABCDEFGHJKMNPQRS' });
    for (const wrong of ['12345', '1234567', 'ABCD-EFGH-JKMN-PQR0', 'ABCD-EFGH-JKMN', '', 'I'.repeat(16)]) expect([wrong, readSecondFactor(wrong)]).toEqual([wrong, null]);
  });

  it('reads back every code it formats, and nothing with a look-alike in it', () => {
    const char = fc.constantFrom(...RECOVERY_ALPHABET.split(''));
    fc.assert(
      fc.property(fc.array(char, { minLength: 16, maxLength: 16 }), fc.boolean(), (chars, lower) => {
        const shown = formatRecoveryCode(chars.join(''));
        expect(shown).toMatch(/^(.{4}-){3}.{4}$/);
        expect(readSecondFactor(lower ? shown.toLowerCase() : shown)).toEqual({ kind: 'recovery', code: chars.join('') });
      }),
    );
    fc.assert(
      fc.property(fc.array(char, { minLength: 15, maxLength: 15 }), fc.constantFrom('0', 'O', '1', 'I', 'L'), fc.nat(15), (chars, bad, at) => {
        const code = [...chars.slice(0, at), bad, ...chars.slice(at)].join('');
        expect(readSecondFactor(code)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        expect(readSecondFactor(String(n).padStart(6, '0'))?.kind).toBe('totp');
      }),
    );
  });

  it("asks for the app's code at enrolment (a recovery code does not exist yet), either at sign-in", () => {
    expect(validateSecondFactor({ code: '' })).toEqual({ code: { key: 'validation.required' } });
    expect(validateSecondFactor({ code: '12' })).toEqual({ code: { key: 'operators:validation.code' } });
    expect(validateSecondFactor({ code: 'ABCD-EFGH-JKMN-PQRS' })).toEqual({});
    expect(validateEnrolmentCode({ code: 'ABCD-EFGH-JKMN-PQRS' })).toEqual({ code: { key: 'operators:validation.appCode', params: { digits: 6 } } });
    expect(validateEnrolmentCode({ code: '123456' })).toEqual({});
  });

  it('checks a new password as sign-up does, and a new operator’s username and role', () => {
    expect(validateNewPassword({ password: 'short', confirmPassword: 'short' })).toEqual({ password: { key: 'validation.password.short', params: { min: 10 } } });
    expect(validateNewPassword({ password: 'long enough!', confirmPassword: 'long enough?' })).toEqual({ confirmPassword: { key: 'validation.password.mismatch' } });
    expect(validateNewPassword({ password: 'long enough!', confirmPassword: 'long enough!' })).toEqual({});
    expect(validateNewOperator({ username: ' a ', role: '' })).toEqual({ username: { key: 'operators:validation.username' }, role: { key: 'validation.required' } });
    expect(validateNewOperator({ username: 'ana.lopez@rumbo', role: 'viewer' })).toEqual({});
  });
});

describe('the access table, as the client reads it', () => {
  it('shows each role the tabs of the operations it may call, and an owner without two-factor none', () => {
    expect(tabsFor(status('owner'))).toEqual([...ADMIN_TABS]);
    // Every role sets its own e-mail address (the account tab, issue 43).
    expect(tabsFor(status('operator'))).toEqual(['overview', 'traffic', 'leads', 'conversions', 'emails', 'account']);
    expect(tabsFor(status('viewer'))).toEqual(['overview', 'traffic', 'conversions', 'account']);
    expect(tabsFor(status('owner', { mustEnrol: true }))).toEqual([]);
    expect(tabsFor(null)).toEqual([]);
    // Every rule names roles that exist, and owners may do everything.
    for (const [key, rule] of ADMIN_ACCESS) expect([key, rule.roles.includes('owner')]).toEqual([key, true]);
  });
});

describe('adminGate', () => {
  const gate = (actors: Record<string, unknown>, actions: Record<string, unknown> = {}, invitation: string | null = null) =>
    createActor(adminGateMachine.provide({ actors: actors as any, actions: actions as any }), { input: { invitation } }).start();

  it('shows the dashboard to an operator the server knows, with the tabs of their role', async () => {
    const actor = gate({ adminStatus: resolves({ admin: status('viewer', { totp: false }), pending: null }) });
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(adminGateView(actor.getSnapshot())).toMatchObject({ screen: 'dashboard', role: 'viewer', tabs: ['overview', 'traffic', 'conversions', 'account'], canEnrol: true });
  });

  it('sends an owner without two-factor sign-in to set it up, and leaving it signs them out', async () => {
    const logout = vi.fn(async () => null);
    const actor = gate({
      adminStatus: resolves({ admin: status('owner', { mustEnrol: true }), pending: null }),
      startEnrolment: resolves({ secret: 'SECRET', uri: 'otpauth://x', qrSvg: '<svg/>' }),
      logout: fromPromise(logout),
    });
    await waitFor(actor, (s) => s.matches({ enrolment: 'scanning' }));
    expect(adminGateView(actor.getSnapshot())).toMatchObject({ screen: 'enrolment', enrolmentOptional: false, secret: 'SECRET', qrSvg: '<svg/>', tabs: [] });
    actor.send({ type: 'CANCEL' });
    await waitFor(actor, (s) => s.matches('loginForm'));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('asks for the code after the password when the server says so, and signs in with it', async () => {
    const verifyCode = vi.fn(async ({ input }: { input: { code: string } }) => ({ username: 'ana', step: 'done', admin: status('operator') }));
    const announceLoggedIn = vi.fn();
    const actor = gate(
      { adminStatus: resolves({ admin: null, pending: null }), adminLogin: resolves({ username: 'ana', step: 'totp', admin: null }), verifyCode: fromPromise(verifyCode) },
      { announceLoggedIn },
    );
    await waitFor(actor, (s) => s.matches('loginForm'));
    actor.send({ type: 'FIELD.CHANGE', field: 'username', value: 'ana' });
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'her password' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('secondStep'));
    // The password is gone once it has done its work; nobody is signed in yet.
    expect(actor.getSnapshot().context.fields.password).toBe('');
    expect(announceLoggedIn).not.toHaveBeenCalled();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ code: { key: 'validation.required' } });
    actor.send({ type: 'FIELD.CHANGE', field: 'code', value: ' 123 456 ' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(verifyCode.mock.calls[0]?.[0].input).toEqual({ code: '123 456' });
    expect(announceLoggedIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.fields.code).toBe('');
  });

  it('keeps the second step on a wrong code, and starts over when the password step is forgotten', async () => {
    const announceCodeFailed = vi.fn();
    const wrong = gate({ adminStatus: resolves({ admin: null, pending: 'totp' }), verifyCode: rejects({ status: 401, code: 'invalid_totp_code' }) }, { announceCodeFailed });
    await waitFor(wrong, (s) => s.matches('secondStep'));
    wrong.send({ type: 'FIELD.CHANGE', field: 'code', value: '000000' });
    wrong.send({ type: 'SUBMIT' });
    await waitFor(wrong, () => announceCodeFailed.mock.calls.length > 0);
    expect(announceCodeFailed.mock.calls[0]?.[1]).toEqual({ code: 'invalid_totp_code' });
    expect(wrong.getSnapshot().matches({ secondStep: 'editing' })).toBe(true);
    expect(wrong.getSnapshot().context.fields.code).toBe('');

    const late = gate({ adminStatus: resolves({ admin: null, pending: 'totp' }), verifyCode: rejects({ status: 401, code: 'second_step_expired' }) }, { announceCodeFailed });
    await waitFor(late, (s) => s.matches('secondStep'));
    late.send({ type: 'FIELD.CHANGE', field: 'code', value: '000000' });
    late.send({ type: 'SUBMIT' });
    await waitFor(late, (s) => s.matches({ loginForm: 'editing' }));
    expect(announceCodeFailed.mock.calls[1]?.[1]).toEqual({ code: 'second_step_expired' });
  });

  it('takes an invitation: a password typed twice, then the dashboard or set-up as the server says', async () => {
    const acceptInvitation = vi.fn(async () => ({ username: 'new', step: 'done', admin: status('operator') }));
    const actor = gate({ adminStatus: resolves({ admin: status('owner'), pending: null }), acceptInvitation: fromPromise(acceptInvitation) }, {}, 'TOKEN');
    await waitFor(actor, (s) => s.matches('invitation'));
    actor.send({ type: 'FIELD.CHANGE', field: 'newPassword', value: 'a new password' });
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'another password' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirmPassword: { key: 'validation.password.mismatch' } });
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'a new password' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(acceptInvitation.mock.calls[0]).toEqual([expect.objectContaining({ input: { token: 'TOKEN', password: 'a new password' } })]);
    expect(adminGateView(actor.getSnapshot()).tabs).toEqual(['overview', 'traffic', 'leads', 'conversions', 'emails', 'account']);

    const spent = gate({ adminStatus: resolves({ admin: null, pending: null }), acceptInvitation: rejects({ status: 410, code: 'invitation_expired' }) }, {}, 'OLD');
    await waitFor(spent, (s) => s.matches('invitation'));
    spent.send({ type: 'FIELD.CHANGE', field: 'newPassword', value: 'a new password' });
    spent.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'a new password' });
    spent.send({ type: 'SUBMIT' });
    await waitFor(spent, (s) => s.matches({ invitation: 'refused' }));
    expect(adminGateView(spent.getSnapshot())).toMatchObject({ screen: 'invitationRefused', invitationError: 'invitation_expired' });
    spent.send({ type: 'CANCEL' });
    expect(spent.getSnapshot().matches({ loginForm: 'editing' })).toBe(true);
  });

  it('lets an operator set up two-factor sign-in from the dashboard, shows the recovery codes once, and asks again', async () => {
    let answer = { admin: status('operator', { totp: false }), pending: null };
    const actor = gate({
      adminStatus: fromPromise(async () => answer),
      startEnrolment: resolves({ secret: 'S', uri: 'u', qrSvg: '<svg/>' }),
      confirmEnrolment: resolves({ recoveryCodes: ['AAAA-BBBB-CCCC-DDDD'] }),
    });
    await waitFor(actor, (s) => s.matches('authenticated'));
    actor.send({ type: 'ENROL' });
    await waitFor(actor, (s) => s.matches({ enrolment: 'scanning' }));
    actor.send({ type: 'FIELD.CHANGE', field: 'code', value: 'ABCD-EFGH-JKMN-PQRS' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ enrolment: 'scanning' })).toBe(true);
    actor.send({ type: 'FIELD.CHANGE', field: 'code', value: '654321' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ enrolment: 'recoveryCodes' }));
    expect(adminGateView(actor.getSnapshot())).toMatchObject({ screen: 'recoveryCodes', recoveryCodes: ['AAAA-BBBB-CCCC-DDDD'], secret: null });
    answer = { admin: status('operator', { totp: true }), pending: null };
    actor.send({ type: 'CONTINUE' });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(actor.getSnapshot().context.recoveryCodes).toBeNull();
    expect(adminGateView(actor.getSnapshot()).canEnrol).toBe(false);
  });
});

describe('adminDashboard by role', () => {
  it('never opens a tab the role does not show', async () => {
    const actors = {
      fetchAnalytics: resolves({}),
      fetchTraffic: resolves({}),
      fetchConversions: resolves({}),
      fetchLeads: resolves({ leads: [], total: 0, page: 1, pageSize: 50 }),
      fetchPricing: resolves({}),
    };
    const actor = createActor(adminDashboardMachine.provide({ actors: actors as any }), { input: { tabs: ['overview', 'traffic', 'conversions'] } }).start();
    for (const tab of ['leads', 'pricing', 'branding', 'operators', 'audit', 'emails'] as const) {
      actor.send({ type: 'TAB', tab });
      expect([tab, actor.getSnapshot().matches({ active: { tab: 'overview' } })]).toEqual([tab, true]);
    }
    actor.send({ type: 'TAB', tab: 'traffic' });
    expect(actor.getSnapshot().matches({ active: { tab: 'traffic' } })).toBe(true);
  });
});

describe('operators', () => {
  const OPS = [{ id: 'o1', username: 'ana', role: 'operator', status: 'active', totp: false, createdAt: '2026-01-01T00:00:00.000Z', invitationExpiresAt: null }];

  it('invites with a checked form, shows the link until dismissed, and reloads the list', async () => {
    const createOperator = vi.fn(async () => ({ operator: { ...OPS[0], id: 'o2', username: 'luis', status: 'invited' }, invitation: { path: '/teamomora?invite=T', expiresAt: '2026-01-04T00:00:00.000Z' } }));
    const listOperators = vi.fn(async () => ({ operators: OPS }));
    const announceSaved = vi.fn();
    const actor = createActor(operatorsMachine.provide({ actors: { listOperators: fromPromise(listOperators), createOperator: fromPromise(createOperator) } as any, actions: { announceSaved } })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CREATE' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['username', 'role']);
    expect(createOperator).not.toHaveBeenCalled();
    actor.send({ type: 'FIELD.CHANGE', field: 'username', value: ' luis ' });
    actor.send({ type: 'FIELD.CHANGE', field: 'role', value: 'viewer' });
    actor.send({ type: 'CREATE' });
    await waitFor(actor, (s) => s.matches('ready') && listOperators.mock.calls.length === 2);
    expect(createOperator.mock.calls[0]).toEqual([expect.objectContaining({ input: { username: 'luis', role: 'viewer' } })]);
    expect(operatorsView(actor.getSnapshot())).toMatchObject({ invitation: { username: 'luis', path: '/teamomora?invite=T' }, form: { username: '', role: '' } });
    expect(announceSaved.mock.calls[0]?.[1]).toEqual({ what: 'created' });
    actor.send({ type: 'INVITATION.DISMISS' });
    expect(actor.getSnapshot().context.invitation).toBeNull();
  });

  it('says a taken username at its field, sends each change with its operator, and ends on a 401', async () => {
    const changeOperator = vi.fn(async () => OPS[0]);
    const reinviteOperator = vi.fn(async () => ({ path: '/teamomora?invite=R', expiresAt: 'x' }));
    const actor = createActor(
      operatorsMachine.provide({
        actors: { listOperators: resolves({ operators: OPS }), createOperator: rejects({ status: 409, code: 'username_taken' }), changeOperator: fromPromise(changeOperator), reinviteOperator: fromPromise(reinviteOperator) } as any,
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'FIELD.CHANGE', field: 'username', value: 'ana' });
    actor.send({ type: 'FIELD.CHANGE', field: 'role', value: 'owner' });
    actor.send({ type: 'CREATE' });
    await waitFor(actor, (s) => s.matches('ready') && Boolean(s.context.errors.username));
    expect(actor.getSnapshot().context.errors.username).toEqual({ key: 'errors:username_taken' });
    actor.send({ type: 'ROLE.CHANGE', id: 'o1', role: 'viewer' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'DISABLE', id: 'o1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'ENABLE', id: 'o1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(changeOperator.mock.calls.map((c: any) => c[0].input)).toEqual([
      { id: 'o1', change: { role: 'viewer' } },
      { id: 'o1', change: { disabled: true } },
      { id: 'o1', change: { disabled: false } },
    ]);
    actor.send({ type: 'REINVITE', id: 'o1' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.invitation !== null);
    expect(actor.getSnapshot().context.invitation).toEqual({ path: '/teamomora?invite=R', expiresAt: 'x', username: 'ana' });

    const ended = createActor(operatorsMachine.provide({ actors: { listOperators: rejects({ status: 401 }) } as any })).start();
    await waitFor(ended, (s) => s.status === 'done');
    expect(ended.getSnapshot().output).toEqual({ expired: true });
  });
});

describe('auditLog', () => {
  it('asks only for the filters given, applies them together, pages within the total, and clears', async () => {
    const fetchAudit = vi.fn(async () => ({ entries: [], total: 120, page: 1, pageSize: 50 }));
    const actor = createActor(auditLogMachine.provide({ actors: { fetchAudit: fromPromise(fetchAudit) } as any })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchAudit.mock.calls[0]).toEqual([expect.objectContaining({ input: {} })]);
    actor.send({ type: 'FILTER.CHANGE', field: 'actor', value: ' ana ' });
    actor.send({ type: 'FILTER.CHANGE', field: 'action', value: 'lead.view' });
    expect(fetchAudit).toHaveBeenCalledTimes(1);
    actor.send({ type: 'APPLY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchAudit.mock.calls[1]).toEqual([expect.objectContaining({ input: { actor: 'ana', action: 'lead.view' } })]);
    actor.send({ type: 'PAGE', page: 4 });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'PAGE', page: 3 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchAudit.mock.calls[2]).toEqual([expect.objectContaining({ input: { actor: 'ana', action: 'lead.view', page: 3 } })]);
    actor.send({ type: 'CLEAR' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetchAudit.mock.calls[3]).toEqual([expect.objectContaining({ input: {} })]);
    expect(actor.getSnapshot().context.filters).toEqual(NO_FILTERS);
    expect(auditQuery({ ...NO_FILTERS, from: '2026-01-01', to: '2026-01-31', target: ' x ' }, 1)).toEqual({ from: '2026-01-01', to: '2026-01-31', target: 'x' });
  });
});
