import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../db/queries/settings';
import { ADMIN_ACCESS } from '../../openapi/adminAccess';
import { STAFF_ROLES, type StaffRole } from '../../openapi/schemas/operators';
import { createTestApp, dialectUnderTest, TEST_ADMIN, type TestApp } from '../helpers/app';
import { resolveSessionSecret } from '../../server/lib/secrets';
import { sealAsBefore } from '../helpers/legacyTotp';
import { codeAt, enrol, enrolmentOf, injectBrowser, signInAdmin, stepOf, type Send } from '../helpers/admin';
import { dataUrl, portrait } from '../helpers/photos';

// Issue 44 item 6 on the real app and database (SQLite, or PostgreSQL with DATABASE_URL): roles against every admin
// route, two-factor sign-in with generated codes, idle sessions on a clock the test moves, invitations, and the
// audit log the database itself keeps append-only.

let now = Date.UTC(2026, 0, 15, 9, 0, 0);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 }, { logger: false, operators: { now: () => now } });
});
afterAll(async () => t.close());

type Json = Record<string, any>;

let clients = 0;
/** A browser from its own address, so per-client limits bite only where a test is about them. */
function browser() {
  clients += 1;
  return injectBrowser(t.app, `10.44.${(clients >> 8) & 255}.${clients & 255}`);
}

/** Invites an operator as the owner and takes the invitation in a new browser: answers that browser, signed in. */
async function invited(owner: Send, role: StaffRole, username = `${role}-${randomUUID().slice(0, 6)}`) {
  const made = await owner('POST', '/api/admin/operators', { username, role });
  expect(made.statusCode, JSON.stringify(made.json())).toBe(201);
  const { invitation, operator } = made.json();
  const token = new URLSearchParams(invitation.path.split('?')[1]).get('invite') as string;
  const call = browser();
  const taken = await call('POST', '/api/auth/admin-invitation', { token, password: `${username} password` });
  expect(taken.statusCode, JSON.stringify(taken.json())).toBe(200);
  return { call, username, password: `${username} password`, id: operator.id as string, token, step: taken.json().step as string };
}

let owner: ReturnType<typeof browser>;
beforeAll(async () => {
  owner = browser();
  await signInAdmin(t.app, owner);
});

/** Every operation of the committed contract under /api/admin but the two public reads, with a request that passes validation. */
function adminOperations(): Array<{ key: string; method: string; url: string; payload?: unknown }> {
  const doc = JSON.parse(fs.readFileSync(path.join(__dirname, '../../openapi/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const payloads: Record<string, () => unknown> = {
    'PUT /api/admin/pricing': () => ({ pricing: DEFAULT_SETTINGS.pricing }),
    'PUT /api/admin/branding': () => ({ branding: DEFAULT_SETTINGS.branding }),
    'POST /api/admin/operators': () => ({ username: `probe-${randomUUID().slice(0, 8)}`, role: 'viewer' }),
    'PATCH /api/admin/operators/:id': () => ({ role: 'viewer' }),
    'POST /api/admin/totp/enrolment/confirm': () => ({ code: '000000' }),
  };
  const publicReads = new Set(['GET /api/admin/pricing', 'GET /api/admin/branding']);
  return Object.entries(doc.paths)
    .filter(([url]) => url.startsWith('/api/admin'))
    .flatMap(([url, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, ':$1') })))
    .map(({ method, url }) => ({ key: `${method} ${url}`, method, url }))
    .filter(({ key }) => !publicReads.has(key))
    .map((op) => ({ ...op, url: op.url.replace(':id', randomUUID()), ...(payloads[op.key] ? { payload: payloads[op.key]?.() } : {}) }));
}

describe('every admin route, checked by role against the access table', () => {
  it('lists every /api/admin operation in the table, and nothing the contract does not have', () => {
    const operations = adminOperations().map((o) => o.key).sort();
    expect([...ADMIN_ACCESS.keys()].sort()).toEqual(operations);
  });

  it('answers each role exactly the operations the table gives it, and 403 role_forbidden to the rest', async () => {
    const operator = await invited(owner, 'operator');
    const viewer = await invited(owner, 'viewer');
    const byRole: Record<StaffRole, Send> = { owner, operator: operator.call, viewer: viewer.call };
    const seen: string[] = [];
    for (const op of adminOperations()) {
      const rule = ADMIN_ACCESS.get(op.key);
      for (const role of STAFF_ROLES) {
        const res = await byRole[role](op.method, op.url, typeof op.payload === 'function' ? op.payload() : op.payload);
        if (rule?.roles.includes(role)) {
          // Let through: whatever the operation then answers, it is not a refusal of who is asking.
          expect([op.key, role, res.statusCode]).not.toEqual([op.key, role, 403]);
          expect([op.key, role, res.statusCode]).not.toEqual([op.key, role, 401]);
        } else {
          expect([op.key, role, res.statusCode, res.json().code]).toEqual([op.key, role, 403, 'role_forbidden']);
        }
        seen.push(`${role} ${op.key}`);
      }
    }
    expect(seen).toHaveLength(adminOperations().length * STAFF_ROLES.length);
    // Nobody signed in, an applicant and a guest: 401, 403, 403 on every one.
    const anonymous = browser();
    const applicant = browser();
    expect((await applicant('POST', '/api/auth/signup', { email: `app.${randomUUID().slice(0, 6)}@example.com`, password: 'a long passphrase' })).statusCode).toBe(201);
    for (const op of adminOperations()) {
      expect([op.key, (await anonymous(op.method, op.url, op.payload)).statusCode]).toEqual([op.key, 401]);
      expect([op.key, (await applicant(op.method, op.url, op.payload)).statusCode]).toEqual([op.key, 403]);
    }
  });

  it("tells the client what its role may call, from the same table", async () => {
    const viewer = await invited(owner, 'viewer');
    const status = (await viewer.call('GET', '/api/auth/admin-status')).json();
    expect(status).toEqual({
      admin: { username: viewer.username, role: 'viewer', totp: false, mustEnrol: false, email: null, emailVerified: false, allowed: expect.any(Array) },
      pending: null,
    });
    expect(status.admin.allowed.sort()).toEqual([...ADMIN_ACCESS].filter(([, r]) => r.roles.includes('viewer')).map(([k]) => k).sort());
    expect(status.admin.allowed).not.toContain('GET /api/admin/leads');
    const own = (await owner('GET', '/api/auth/admin-status')).json().admin;
    expect(own.allowed.sort()).toEqual([...ADMIN_ACCESS.keys()].sort());
  });
});

describe('two-factor sign-in', () => {
  it('sends an owner without it to set it up before anything else, then asks for a code at every sign-in', async () => {
    const made = await owner('POST', '/api/admin/operators', { username: `second-owner-${randomUUID().slice(0, 4)}`, role: 'owner' });
    const token = new URLSearchParams(made.json().invitation.path.split('?')[1]).get('invite') as string;
    const call = browser();
    const username = made.json().operator.username as string;
    const taken = await call('POST', '/api/auth/admin-invitation', { token, password: 'owner two password' });
    expect(taken.json()).toEqual({ username, step: 'enrol', admin: expect.objectContaining({ username, role: 'owner', mustEnrol: true }) });
    const status = (await call('GET', '/api/auth/admin-status')).json();
    expect(status.admin).toMatchObject({ role: 'owner', mustEnrol: true, totp: false, allowed: ['POST /api/admin/totp/enrolment', 'POST /api/admin/totp/enrolment/confirm'] });
    // Everything else waits for it.
    for (const url of ['/api/admin/analytics', '/api/admin/leads', '/api/admin/operators', '/api/admin/audit']) {
      const refused = await call('GET', url);
      expect([url, refused.statusCode, refused.json().code]).toEqual([url, 403, 'totp_enrolment_required']);
    }
    const started = (await call('POST', '/api/admin/totp/enrolment')).json();
    expect(started.uri).toBe(`otpauth://totp/Rumbo:${username}?secret=${started.secret}&issuer=Rumbo`);
    expect(started.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // A wrong code, then a recovery-code-shaped one, are refused naming the field.
    for (const code of ['123456', 'ABCD-EFGH-JKMN-PQRS']) {
      const wrong = await call('POST', '/api/admin/totp/enrolment/confirm', { code });
      expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'invalid_totp_code']);
      expect(wrong.json().message).toMatch(/^body\.code: /);
    }
    const step = stepOf(now);
    const confirmed = await call('POST', '/api/admin/totp/enrolment/confirm', { code: await codeAt(started.secret, step) });
    expect(confirmed.statusCode).toBe(200);
    const recovery = confirmed.json().recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(recovery.every((c) => /^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/.test(c))).toBe(true);
    expect((await call('GET', '/api/admin/operators')).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/totp/enrolment')).json().code).toBe('totp_already_set_up');

    // Neither the secret nor a recovery code is in the database as it was shown.
    const row = await t.app.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    // Aliased, the encryption plugin leaves the stored value as it is: sealed under the data key ring.
    const stored = await t.app.db.selectFrom('users').select(sql<string>`totp_secret`.as('stored')).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.stored).toMatch(/^enc:v1:k1:/);
    expect(stored.stored).not.toContain(started.secret);
    expect(row.totp_secret).toBe(started.secret);
    const hashes = (await t.app.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', row.id).execute()).map((r) => r.code_hash);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recovery[0]?.replace(/-/g, ''));

    // Signing in again: the password, then a code; nothing answers in between.
    await call('POST', '/api/auth/logout');
    const again = browser();
    expect((await again('POST', '/api/auth/admin-login', { username, password: 'owner two password' })).json()).toEqual({ username, step: 'totp', admin: null });
    expect((await again('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: 'totp' });
    expect((await again('GET', '/api/admin/analytics')).statusCode).toBe(401);
    expect((await again('POST', '/api/auth/admin-totp', { code: '000000' })).json().code).toBe('invalid_totp_code');
    // The code the enrolment used is spent; the next step's is taken once.
    expect((await again('POST', '/api/auth/admin-totp', { code: await codeAt(started.secret, step) })).statusCode).toBe(401);
    const next = await codeAt(started.secret, step + 1);
    expect((await again('POST', '/api/auth/admin-totp', { code: next.replace(/(\d{3})/, '$1 ') })).json()).toMatchObject({ username, step: 'done', admin: { role: 'owner', totp: true, mustEnrol: false } });
    expect((await again('GET', '/api/admin/analytics')).statusCode).toBe(200);
    const replay = browser();
    await replay('POST', '/api/auth/admin-login', { username, password: 'owner two password' });
    expect((await replay('POST', '/api/auth/admin-totp', { code: next })).statusCode).toBe(401);
    // A recovery code instead, in lower case without dashes: once.
    const code = (recovery[3] as string).toLowerCase().replace(/-/g, '');
    expect((await replay('POST', '/api/auth/admin-totp', { code })).json().step).toBe('done');
    const third = browser();
    await third('POST', '/api/auth/admin-login', { username, password: 'owner two password' });
    expect((await third('POST', '/api/auth/admin-totp', { code })).json().code).toBe('invalid_totp_code');
  });

  it('makes wrong codes wait, counted per account and client before they are judged', async () => {
    const viewer = await invited(owner, 'viewer');
    const who = await enrol(t.app, viewer.call, viewer.username);
    await viewer.call('POST', '/api/auth/logout');
    const guesser = browser();
    expect((await guesser('POST', '/api/auth/admin-login', { username: viewer.username, password: viewer.password })).json().step).toBe('totp');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await guesser('POST', '/api/auth/admin-totp', { code: String(100000 + i) })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right code waits now, from this client.
    const right = await codeAt(who.secret, stepOf(now) + 1);
    const locked = await guesser('POST', '/api/auth/admin-totp', { code: right });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The operator, from their own client, gets in.
    const own = browser();
    await own('POST', '/api/auth/admin-login', { username: viewer.username, password: viewer.password });
    expect((await own('POST', '/api/auth/admin-totp', { code: right })).json().step).toBe('done');
    const counters = await t.app.db.selectFrom('attempt_counters').select('counter').where('counter', 'like', 'totp:%').execute();
    expect(counters.length).toBeGreaterThan(0);
  });

  it('forgets a password step left waiting for five minutes', async () => {
    const viewer = await invited(owner, 'viewer');
    const who = await enrol(t.app, viewer.call, viewer.username);
    const call = browser();
    await call('POST', '/api/auth/admin-login', { username: viewer.username, password: viewer.password });
    now += 5 * 60_000 + 1;
    const late = await call('POST', '/api/auth/admin-totp', { code: await codeAt(who.secret, stepOf(now)) });
    expect([late.statusCode, late.json().code]).toEqual([401, 'second_step_expired']);
    expect((await call('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
  });
});

describe('sessions that end after inactivity', () => {
  it('signs an operator out after 30 idle minutes on the clock, and not a minute before', async () => {
    const viewer = await invited(owner, 'viewer');
    expect((await viewer.call('GET', '/api/admin/analytics')).statusCode).toBe(200);
    now += 29 * 60_000;
    expect((await viewer.call('GET', '/api/admin/analytics')).statusCode).toBe(200);
    // That request was activity: another 29 minutes still count from it.
    now += 29 * 60_000;
    expect((await viewer.call('GET', '/api/admin/traffic')).statusCode).toBe(200);
    now += 30 * 60_000 + 1;
    const idle = await viewer.call('GET', '/api/admin/analytics');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe('Your admin session ended after 30 minutes without activity. Sign in again.');
    expect((await viewer.call('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
    // The owner's session was idle as long: the next call signs it in again for the tests after this one.
    await signInAdmin(t.app, owner);
  });

  it('takes the idle time from ADMIN_IDLE_MINUTES', async () => {
    const short = await createTestApp({ rateLimitPerMinute: 100_000, adminIdleMinutes: 5 }, { logger: false, operators: { now: () => now } });
    try {
      const call = injectBrowser(short.app);
      await signInAdmin(short.app, call);
      now += 4 * 60_000;
      expect((await call('GET', '/api/admin/analytics')).statusCode).toBe(200);
      now += 5 * 60_000 + 1;
      expect((await call('GET', '/api/admin/analytics')).json().message).toMatch(/after 5 minutes/);
    } finally {
      await short.close();
    }
  });
});

describe('operators, managed by owners', () => {
  it('invites with a link that works once and expires after 72 hours', async () => {
    const made = (await owner('POST', '/api/admin/operators', { username: ' Luis.Ops ', role: 'operator' })).json();
    expect(made.operator).toMatchObject({ username: 'luis.ops', role: 'operator', status: 'invited', totp: false });
    expect((await owner('POST', '/api/admin/operators', { username: 'LUIS.OPS', role: 'viewer' })).json().code).toBe('username_taken');
    const token = new URLSearchParams(made.invitation.path.split('?')[1]).get('invite') as string;
    expect((await browser()('POST', '/api/auth/admin-invitation', { token, password: 'short' })).statusCode).toBe(400);
    expect((await browser()('POST', '/api/auth/admin-login', { username: 'luis.ops', password: 'anything at all' })).statusCode).toBe(401);
    expect((await browser()('POST', '/api/auth/admin-invitation', { token, password: 'luis chooses this' })).json()).toMatchObject({ username: 'luis.ops', step: 'done', admin: { role: 'operator', totp: false } });
    expect((await browser()('POST', '/api/auth/admin-invitation', { token, password: 'luis chooses this' })).json().code).toBe('invitation_invalid');
    expect((await browser()('POST', '/api/auth/admin-login', { username: 'Luis.Ops', password: 'luis chooses this' })).json().step).toBe('done');

    const late = (await owner('POST', '/api/admin/operators', { username: `late-${randomUUID().slice(0, 4)}`, role: 'viewer' })).json();
    now += 72 * 3_600_000 + 1;
    await signInAdmin(t.app, owner);
    const expired = await browser()('POST', '/api/auth/admin-invitation', { token: new URLSearchParams(late.invitation.path.split('?')[1]).get('invite'), password: 'too late for this' });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'invitation_expired']);
  });

  it('changes a role or disables an operator, ending their sessions, and never one’s own account or the last owner', async () => {
    const operator = await invited(owner, 'operator');
    expect((await operator.call('GET', '/api/admin/leads')).statusCode).toBe(200);
    expect((await owner('PATCH', `/api/admin/operators/${operator.id}`, { role: 'viewer' })).json()).toMatchObject({ role: 'viewer', status: 'active' });
    expect((await operator.call('GET', '/api/admin/leads')).statusCode).toBe(401);
    const back = browser();
    await back('POST', '/api/auth/admin-login', { username: operator.username, password: operator.password });
    expect((await back('GET', '/api/admin/leads')).json().code).toBe('role_forbidden');
    expect((await owner('PATCH', `/api/admin/operators/${operator.id}`, { disabled: true })).json().status).toBe('disabled');
    expect((await back('GET', '/api/admin/analytics')).statusCode).toBe(401);
    expect((await browser()('POST', '/api/auth/admin-login', { username: operator.username, password: operator.password })).json().message).toBe('Invalid admin credentials');
    expect((await owner('PATCH', `/api/admin/operators/${operator.id}`, { disabled: false })).json().status).toBe('active');

    const me = (await t.app.db.selectFrom('users').select('id').where('username', '=', TEST_ADMIN.username).executeTakeFirstOrThrow()).id;
    for (const change of [{ role: 'viewer' }, { disabled: true }]) {
      expect((await owner('PATCH', `/api/admin/operators/${me}`, change)).json().code).toBe('own_account');
    }
    expect((await owner('POST', `/api/admin/operators/${me}/invitation`)).json().code).toBe('own_account');
    expect((await owner('PUT', `/api/admin/operators/${me}/email`, { email: 'me@example.com' })).json().code).toBe('own_account');
    expect((await owner('PATCH', `/api/admin/operators/${randomUUID()}`, { role: 'viewer' })).statusCode).toBe(404);
    expect((await owner('PATCH', `/api/admin/operators/${operator.id}`, {})).statusCode).toBe(400);
  });

  it('keeps one active owner: two owners cannot take each other’s role away', async () => {
    const fresh = await createTestApp({ rateLimitPerMinute: 100_000 }, { logger: false, operators: { now: () => now } });
    try {
      const first = injectBrowser(fresh.app);
      await signInAdmin(fresh.app, first);
      const made = (await first('POST', '/api/admin/operators', { username: 'other-owner', role: 'owner' })).json();
      const token = new URLSearchParams(made.invitation.path.split('?')[1]).get('invite') as string;
      const second = injectBrowser(fresh.app, '10.45.0.2');
      await second('POST', '/api/auth/admin-invitation', { token, password: 'other owner password' });
      await enrol(fresh.app, second, 'other-owner');
      const firstId = (await fresh.app.db.selectFrom('users').select('id').where('username', '=', TEST_ADMIN.username).executeTakeFirstOrThrow()).id;
      const answers = await Promise.all([first('PATCH', `/api/admin/operators/${made.operator.id}`, { role: 'viewer' }), second('PATCH', `/api/admin/operators/${firstId}`, { role: 'viewer' })]);
      const owners = await fresh.app.db.selectFrom('users').select('id').where('admin_role', '=', 'owner').where('disabled_at', 'is', null).execute();
      expect(owners).toHaveLength(1);
      const [won, lost] = answers.map((a) => [a.statusCode, a.json().code ?? null]).sort();
      expect(won).toEqual([200, null]);
      // The loser is refused either way: by the last-owner rule when both were signed in as owners when they were
      // decided; as signed out when the winner's change, which ends the demoted owner's sessions, came first; or,
      // between the two, signed in but no longer an owner when its role was read (seen once on PostgreSQL in CI).
      expect([[409, 'last_owner'], [401, null], [403, 'role_forbidden']]).toContainEqual(lost);
    } finally {
      await fresh.close();
    }
  });

  it('re-invites an operator who lost their app: password, two-factor set-up and sessions are dropped', async () => {
    const viewer = await invited(owner, 'viewer');
    await enrol(t.app, viewer.call, viewer.username);
    const invitation = (await owner('POST', `/api/admin/operators/${viewer.id}/invitation`)).json();
    expect((await viewer.call('GET', '/api/admin/analytics')).statusCode).toBe(401);
    expect((await owner('GET', '/api/admin/operators')).json().operators.find((o: Json) => o.id === viewer.id)).toMatchObject({ status: 'invited', totp: false });
    const token = new URLSearchParams(invitation.path.split('?')[1]).get('invite') as string;
    expect((await browser()('POST', '/api/auth/admin-invitation', { token, password: 'a new start here' })).json().step).toBe('done');
    expect(await t.app.db.selectFrom('recovery_codes').select('code_hash').innerJoin('users', 'users.id', 'recovery_codes.user_id').where('users.id', '=', viewer.id).execute()).toEqual([]);
    expect(await enrolmentOf(t.app, viewer.username)).toBeUndefined();
  });
});

describe('a TOTP secret sealed before the data keys (s1)', () => {
  /** An operator enrolled now whose stored secret is put back to what the old box wrote, under `sessionSecret`. */
  async function enrolledBefore(sessionSecret: string) {
    const viewer = await invited(owner, 'viewer');
    const who = await enrol(t.app, viewer.call, viewer.username);
    // Raw SQL, so the encryption plugin does not seal it again: the row as an older database holds it.
    await sql`update users set totp_secret = ${sealAsBefore(who.secret, sessionSecret)} where id = ${viewer.id}`.execute(t.app.db);
    const stored = async () => (await t.app.db.selectFrom('users').select(sql<string>`totp_secret`.as('stored')).where('id', '=', viewer.id).executeTakeFirstOrThrow()).stored;
    expect(await stored()).toMatch(/^s1\./);
    return { ...viewer, who, stored };
  }

  it(`signs in with the app's code, read once with the session secret and resealed under the data keys (${dialectUnderTest})`, async () => {
    const viewer = await enrolledBefore(resolveSessionSecret(t.config.dataDir, t.config.sessionSecret));
    const call = browser();
    expect((await call('POST', '/api/auth/admin-login', { username: viewer.username, password: viewer.password })).json().step).toBe('totp');
    const code = await codeAt(viewer.who.secret, viewer.who.lastStep + 1);
    expect((await call('POST', '/api/auth/admin-totp', { code })).json()).toMatchObject({ step: 'done' });
    const resealed = await viewer.stored();
    expect(resealed).toMatch(/^enc:v1:k1:/);
    expect(resealed).not.toContain(viewer.who.secret);
    // Read through the plugin it is the same secret: the next code works, and the old form is gone for good.
    now += 60_000;
    const again = browser();
    await again('POST', '/api/auth/admin-login', { username: viewer.username, password: viewer.password });
    expect((await again('POST', '/api/auth/admin-totp', { code: await codeAt(viewer.who.secret, stepOf(now)) })).json()).toMatchObject({ step: 'done' });
    expect(await viewer.stored()).toBe(resealed);
  });

  it('refuses the code of one sealed under another session secret, leaves it as it was, and takes a recovery code', async () => {
    const viewer = await enrolledBefore('another session secret, from before a change'.padEnd(40, '.'));
    const before = await viewer.stored();
    const call = browser();
    await call('POST', '/api/auth/admin-login', { username: viewer.username, password: viewer.password });
    expect((await call('POST', '/api/auth/admin-totp', { code: await codeAt(viewer.who.secret, viewer.who.lastStep + 1) })).json().code).toBe('invalid_totp_code');
    expect(await viewer.stored()).toBe(before);
    expect((await call('POST', '/api/auth/admin-totp', { code: viewer.who.recovery[0] })).json()).toMatchObject({ step: 'done' });
  });
});

describe('the audit log', () => {
  async function applicantLead() {
    const applicant = browser();
    const res = await applicant('POST', '/api/leads', {
      name: 'Ana Audit',
      email: `ana.${randomUUID().slice(0, 6)}@example.com`,
      phone: '+34 612 345 678',
      formType: 'ESTA',
      nationality: 'Spain',
      travelPurpose: 'Tourism/Vacation',
      formData: {},
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source: 'esta-wizard',
    });
    expect(res.statusCode).toBe(201);
    return { applicant, leadId: res.json().id as string };
  }

  it('holds who viewed which lead and its photo, who exported, and who changed prices, branding and operators', async () => {
    const operator = await invited(owner, 'operator');
    const { applicant, leadId } = await applicantLead();
    const photo = await applicant('POST', '/api/photos', { imageData: dataUrl(await portrait(600).jpeg().toBuffer()), leadId });
    expect(photo.statusCode).toBe(201);
    expect((await operator.call('GET', `/api/admin/leads/${leadId}`)).statusCode).toBe(200);
    expect((await operator.call('GET', `/api/photos/${photo.json().photoId}`)).statusCode).toBe(200);
    expect((await operator.call('GET', '/api/admin/leads/export?status=incomplete')).statusCode).toBe(200);
    // A viewer's role does not read leads, so the photo stays the applicant's.
    const viewer = await invited(owner, 'viewer');
    expect((await viewer.call('GET', `/api/photos/${photo.json().photoId}`)).statusCode).toBe(403);
    expect((await owner('PUT', '/api/admin/pricing', { pricing: { ...DEFAULT_SETTINGS.pricing, ESTA: 80 } })).statusCode).toBe(200);
    expect((await owner('PUT', '/api/admin/branding', { branding: DEFAULT_SETTINGS.branding })).statusCode).toBe(200);
    expect((await owner('PATCH', `/api/admin/operators/${viewer.id}`, { role: 'operator' })).statusCode).toBe(200);
    await owner('PUT', '/api/admin/pricing', { pricing: DEFAULT_SETTINGS.pricing });

    const mine = (await owner('GET', `/api/admin/audit?actor=${operator.username}`)).json();
    expect(mine.entries.map((e: Json) => [e.action, e.target])).toEqual([
      ['leads.export', 'leads'],
      ['lead.photo', leadId],
      ['lead.view', leadId],
    ]);
    expect(mine.entries[0].detail).toEqual({ status: 'incomplete', plan: 'all' });
    expect(mine.entries[2]).toMatchObject({ actor: operator.username, client: expect.stringMatching(/^10\.44\./) });
    // Written at the real time, whatever the sign-in clock says.
    expect(Math.abs(Date.parse(mine.entries[2].at) - Date.now())).toBeLessThan(60_000);
    const byLead = (await owner('GET', `/api/admin/audit?target=${leadId}&action=lead.view`)).json();
    expect(byLead.total).toBe(1);
    const settings = (await owner('GET', `/api/admin/audit?actor=${TEST_ADMIN.username}`)).json().entries.map((e: Json) => e.action);
    expect(settings.slice(0, 4)).toEqual(['pricing.update', 'operator.role', 'branding.update', 'pricing.update']);
    const price = (await owner('GET', `/api/admin/audit?action=pricing.update`)).json().entries[1];
    expect(price.detail).toEqual({ ...DEFAULT_SETTINGS.pricing, ESTA: 80 });
    const day = new Date().toISOString().slice(0, 10);
    expect((await owner('GET', `/api/admin/audit?from=${day}&to=${day}&actor=${operator.username}`)).json().total).toBe(3);
    expect((await owner('GET', `/api/admin/audit?to=2020-01-01`)).json().total).toBe(0);
    expect((await owner('GET', '/api/admin/audit?action=lead.delete')).statusCode).toBe(400);
    // Only owners read it.
    expect((await operator.call('GET', '/api/admin/audit')).json().code).toBe('role_forbidden');
  });

  it(`is append-only in the database itself (${dialectUnderTest}): UPDATE and DELETE are refused`, async () => {
    const { leadId } = await applicantLead();
    await owner('GET', `/api/admin/leads/${leadId}`);
    const before = await t.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(t.app.db.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.app.db.deleteFrom('audit_log').where('target', '=', leadId).execute()).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    if (dialectUnderTest === 'postgres') await expect(sql`TRUNCATE audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    expect(await t.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
