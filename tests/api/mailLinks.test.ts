import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailLinkPurpose } from '../../db/schema';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { answersFor } from '../helpers/answers';
import { enrol, injectBrowser, nextCode, signInAdmin } from '../helpers/admin';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

// The routes the link pages call (issue 43): a sign-in link and a group invitation, each used once, expired, or
// opened for a purpose or a traveller it was not issued for. Links are issued as the outbox issues them, with
// their token as the message carries it, so no mail server is needed here (tests/api/mail.test.ts has one).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await t.close();
});

let client = 0;
type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>;
function browser(): Call {
  client += 1;
  const remoteAddress = `10.52.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  return async (method, url, payload) => {
    const res = await t.app.inject({ method, url, remoteAddress, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

async function issue(link: { purpose: EmailLinkPurpose; email: string; userId?: string; leadId?: string; groupId?: string }, spoil?: 'expired'): Promise<string> {
  const row = await t.app.outbox.links.issue(t.app.db, link);
  if (spoil) await t.app.db.updateTable('email_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', row.id).execute();
  return t.app.outbox.links.tokenOf(row.id);
}

/** A leader's group of three (the leader, Luis and Lucia), made in the leader's own browser. */
async function group(email: string) {
  const leader = browser();
  const lead = await leader('POST', '/api/leads', { email, formType: 'ESTA', source: 'esta-wizard', formData: answersFor(estaCatalog, { email }), completionStatus: 'completed' });
  expect(lead.statusCode, lead.body).toBe(201);
  const made = await leader('POST', `/api/leads/${lead.json().id as string}/group`);
  expect(made.statusCode, made.body).toBe(201);
  const groupId = made.json().id as string;
  const travellers: string[] = [];
  for (const firstName of ['Luis', 'Lucia']) {
    const added = await leader('POST', `/api/groups/${groupId}/travellers`, { firstName, lastName: 'Garcia', relationship: 'spouse', nationality: 'Spain' });
    expect(added.statusCode, added.body).toBe(201);
    travellers.push(added.json().leadId as string);
  }
  return { leader, leaderLead: lead.json().id as string, groupId, travellers: travellers as [string, string] };
}

describe('a group invitation', () => {
  it('opens that traveller’s application only, once', async () => {
    const g = await group('leader.once@example.com');
    const token = await issue({ purpose: 'invite', email: 'luis@example.com', leadId: g.travellers[0], groupId: g.groupId });
    const luis = browser();
    const opened = await luis('POST', '/api/invitations/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ to: `/apply/esta-wizard?traveller=${g.travellers[0]}`, leadId: g.travellers[0], groupId: g.groupId });
    expect((await luis('GET', `/api/leads/${g.travellers[0]}`)).statusCode).toBe(200);
    // Someone else's in the same group: the leader's and Lucia's answers stay closed to this browser.
    expect((await luis('GET', `/api/leads/${g.travellers[1]}`)).statusCode).toBe(403);
    expect((await luis('GET', `/api/leads/${g.leaderLead}`)).statusCode).toBe(403);
    // Used twice: the second browser (a forwarded message) gets nothing, and says why.
    const again = await browser()('POST', '/api/invitations/open', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('link_used');
  });

  it('says an expired invitation has expired and opens nothing', async () => {
    const g = await group('leader.late@example.com');
    const token = await issue({ purpose: 'invite', email: 'luis@example.com', leadId: g.travellers[0], groupId: g.groupId }, 'expired');
    const late = browser();
    const res = await late('POST', '/api/invitations/open', { token });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('link_expired');
    expect((await late('GET', `/api/leads/${g.travellers[0]}`)).statusCode).toBe(403);
  });

  it('opens nothing for a traveller removed from the group since it was sent, or for a token of another purpose', async () => {
    const g = await group('leader.removed@example.com');
    const token = await issue({ purpose: 'invite', email: 'lucia@example.com', leadId: g.travellers[1], groupId: g.groupId });
    const other = await group('leader.other@example.com');
    // The traveller of one group with the group of another: the link is refused, not half-opened.
    const crossed = await issue({ purpose: 'invite', email: 'luis@example.com', leadId: g.travellers[0], groupId: other.groupId });
    expect((await browser()('POST', '/api/invitations/open', { token: crossed })).statusCode).toBe(404);
    const removed = await g.leader('DELETE', `/api/groups/${g.groupId}/travellers/${g.travellers[1]}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await browser()('POST', '/api/invitations/open', { token })).statusCode).toBe(404);
    const resetToken = await issue({ purpose: 'reset', email: 'leader.removed@example.com' });
    expect((await browser()('POST', '/api/invitations/open', { token: resetToken })).json().code).toBe('link_unknown');
    expect((await browser()('POST', '/api/invitations/open', { token: 'not a token' })).statusCode).toBe(404);
  });
});

describe('a sign-in link', () => {
  it('signs a guest who paid with the address in, once, and a second use says it was used', async () => {
    const email = 'guest.once@example.com';
    const token = await issue({ purpose: 'signin', email });
    const phone = browser();
    const used = await phone('POST', '/api/auth/sign-in-link/use', { token });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ email, role: 'user' });
    expect((await phone('GET', '/api/auth/me')).json().user).toMatchObject({ email });
    const twice = await browser()('POST', '/api/auth/sign-in-link/use', { token });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().code).toBe('link_used');
  });

  it('refuses an expired link and signs nobody in', async () => {
    const token = await issue({ purpose: 'signin', email: 'guest.late@example.com' }, 'expired');
    const late = browser();
    const res = await late('POST', '/api/auth/sign-in-link/use', { token });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('link_expired');
    expect((await late('GET', '/api/auth/me')).json().user).toBeNull();
  });

  it('signs in the link’s own address, never the session’s, and takes no token of another purpose', async () => {
    const owner = browser();
    expect((await owner('POST', '/api/auth/signup', { email: 'member.b@example.com', password: 'a long passphrase' })).statusCode).toBe(201);
    // Someone else's link opened in a browser signed in as B: the session becomes A's, and B's account is left as it was (not verified by A's link).
    const token = await issue({ purpose: 'signin', email: 'member.a@example.com' });
    const res = await owner('POST', '/api/auth/sign-in-link/use', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await owner('GET', '/api/auth/me')).json().user).toMatchObject({ email: 'member.a@example.com' });
    const b = await t.app.db.selectFrom('users').select(['id', 'email_verified_at']).where('email', '=', 'member.b@example.com').executeTakeFirstOrThrow();
    expect(b.email_verified_at).toBeNull();
    // A reset or an invitation token is not a sign-in link.
    const reset = await issue({ purpose: 'reset', email: 'member.a@example.com' });
    const wrong = await browser()('POST', '/api/auth/sign-in-link/use', { token: reset });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('link_unknown');
  });

  it('answers a request for a link the same for an address with orders and one without', async () => {
    const asker = browser();
    const known = await asker('POST', '/api/auth/sign-in-link', { email: 'member.b@example.com' });
    const unknown = await asker('POST', '/api/auth/sign-in-link', { email: 'nobody.here@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const bad = await asker('POST', '/api/auth/sign-in-link', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/email/i);
  });
});

describe('a staff account’s reset link', () => {
  /** An operator made by the owner, with a password from their invitation and an address to be reached at. */
  async function operator(name: string) {
    const owner = injectBrowser(t.app, '10.53.0.1');
    await signInAdmin(t.app, owner);
    const made = await owner('POST', '/api/admin/operators', { username: name, role: 'operator' });
    expect(made.statusCode, JSON.stringify(made.json())).toBe(201);
    const invite = new URL(made.json().invitation.path as string, 'http://x').searchParams.get('invite') as string;
    const taken = await browser()('POST', '/api/auth/admin-invitation', { token: invite, password: 'first operator passphrase' });
    expect(taken.statusCode, taken.body).toBe(200);
    const email = `${name}@rumbo.test`;
    const row = await t.app.db.selectFrom('users').selectAll().where('username', '=', name).executeTakeFirstOrThrow();
    // The owner sets the operator's address in the admin area; the operator follows the link sent to it.
    const set = await owner('PUT', `/api/admin/operators/${row.id}/email`, { email: ` ${name.toUpperCase()}@Rumbo.test ` });
    expect([set.statusCode, set.json()]).toEqual([200, { email, verified: false }]);
    const verified = await browser()('POST', '/api/auth/sign-in-link/use', { token: await verifyToken(email) });
    expect(verified.statusCode, verified.body).toBe(200);
    return { id: row.id, email, username: name, owner };
  }

  /** The token of the newest verification link sent to an address, as its message carries it. */
  async function verifyToken(email: string): Promise<string> {
    const rows = await t.app.db.selectFrom('emails').select(['data', 'created_at']).where('recipient', '=', email).where('kind', '=', 'verifyEmail').orderBy('created_at', 'desc').execute();
    expect(rows.length, `a verification message to ${email}`).toBeGreaterThan(0);
    return t.app.outbox.links.tokenOf((JSON.parse(rows[0]!.data) as { linkId: string }).linkId);
  }

  it('goes to an address staff set in the admin area only once it is verified, and that link signs nobody in', async () => {
    const owner = injectBrowser(t.app, '10.53.1.1');
    await signInAdmin(t.app, owner);
    const name = `ver${Date.now().toString(36)}`;
    const made = await owner('POST', '/api/admin/operators', { username: name, role: 'operator' });
    const id = made.json().operator.id as string;
    const email = `${name}@rumbo.test`;
    expect((await owner('PUT', `/api/admin/operators/${id}/email`, { email })).json()).toEqual({ email, verified: false });
    expect((await owner('GET', '/api/admin/operators')).json().operators).toContainEqual(expect.objectContaining({ id, email, emailVerified: false }));
    // Not verified yet: a reset asked for by the address sends nothing (and says the same words).
    const asked = await browser()('POST', '/api/auth/password-reset', { email });
    expect(asked.statusCode).toBe(202);
    expect(await t.app.db.selectFrom('emails').select('kind').where('recipient', '=', email).execute()).toEqual([{ kind: 'verifyEmail' }]);
    // The link verifies the address, and the browser that follows it is not signed in, to the admin area or as an applicant.
    const follower = browser();
    const used = await follower('POST', '/api/auth/sign-in-link/use', { token: await verifyToken(email) });
    expect([used.statusCode, used.json().role]).toEqual([200, 'admin']);
    expect((await follower('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
    expect((await follower('GET', '/api/auth/me')).json()).toEqual({ user: null });
    expect((await owner('GET', '/api/admin/operators')).json().operators).toContainEqual(expect.objectContaining({ id, email, emailVerified: true }));
    expect((await browser()('POST', '/api/auth/password-reset', { email })).statusCode).toBe(202);
    expect((await t.app.db.selectFrom('emails').select('kind').where('recipient', '=', email).execute()).map((r) => r.kind).sort()).toEqual(['passwordReset', 'verifyEmail']);

    // A new address starts unverified again; the old link verifies nothing now.
    const old = await verifyToken(email);
    const next = `${name}.new@rumbo.test`;
    expect((await owner('PUT', `/api/admin/operators/${id}/email`, { email: next })).json()).toEqual({ email: next, verified: false });
    expect((await browser()('POST', '/api/auth/sign-in-link/use', { token: old })).statusCode).toBe(410);
    // Each sets their own address too; one another account uses is refused, and a bad one names the field.
    const self = await owner('PUT', '/api/admin/account/email', { email: next });
    expect([self.statusCode, self.json().code]).toEqual([409, 'email_taken']);
    // Whatever its case and spaces, and whoever holds it (an applicant too): the same refusal, a code the page words.
    const applicant = `buyer.${name}@rumbo.test`;
    expect((await browser()('POST', '/api/auth/signup', { email: applicant, password: 'applicant passphrase 1' })).statusCode).toBe(201);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(next, applicant), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), fc.constantFrom('', ' ', '\t', '  '), async (taken, upper, pad) => {
        const variant = `${pad}${[...taken].map((ch, i) => (upper[i % upper.length] ? ch.toUpperCase() : ch)).join('')}${pad}`;
        const refused = await owner('PUT', '/api/admin/account/email', { email: variant });
        expect([refused.statusCode, refused.json().code], variant).toEqual([409, 'email_taken']);
      }),
      // Five: the route takes ten a minute from one client, and this test sends three more.
      { numRuns: 5 },
    );
    const bad = await owner('PUT', '/api/admin/account/email', { email: 'not an address' });
    expect([bad.statusCode, JSON.stringify(bad.json())]).toEqual([400, expect.stringMatching(/email/i)]);
    const own = `owner.${name}@rumbo.test`;
    expect((await owner('PUT', '/api/admin/account/email', { email: own })).json()).toEqual({ email: own, verified: false });
    // The gate's status says it, so the account tab shows the address and that it waits for its link.
    expect((await owner('GET', '/api/auth/admin-status')).json().admin).toMatchObject({ email: own, emailVerified: false });
    // Only an owner sets another's; an operator is refused.
    expect((await browser()('PUT', `/api/admin/operators/${id}/email`, { email: 'x@rumbo.test' })).statusCode).toBe(401);
    const audit = await owner('GET', '/api/admin/audit?action=operator.email');
    expect(audit.json().entries.length).toBeGreaterThanOrEqual(2);
  });

  it('is issued for an operator’s address, checks and confirms, and signs them in, through the app’s code once it is set up', async () => {
    const op = await operator(`op${Date.now().toString(36)}`);
    // Asked for by address like an applicant's: a link is queued to the operator.
    expect((await browser()('POST', '/api/auth/password-reset', { email: op.email })).statusCode).toBe(202);
    expect(await t.app.db.selectFrom('emails').select('kind').where('recipient', '=', op.email).where('kind', '!=', 'verifyEmail').execute()).toEqual([{ kind: 'passwordReset' }]);

    // No two-factor sign-in yet (an operator need not): the new password signs them straight in.
    const first = browser();
    const token = await issue({ purpose: 'reset', email: op.email, userId: op.id });
    expect((await first('POST', '/api/auth/password-reset/check', { token })).json()).toEqual({ valid: true, problem: null });
    const done = await first('POST', '/api/auth/password-reset/confirm', { token, password: 'second operator passphrase' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: op.email, staff: { username: op.username, step: 'done', admin: { role: 'operator' } } });
    expect((await first('GET', '/api/auth/admin-status')).json()).toMatchObject({ admin: { username: op.username }, pending: null });

    // With the app's code set up, the new password leads to the code, and only the code signs in.
    const signedIn = injectBrowser(t.app, '10.53.0.2');
    expect(await signInAdmin(t.app, signedIn, { username: op.username, password: 'second operator passphrase' })).toBe('done');
    await enrol(t.app, signedIn, op.username);
    const second = injectBrowser(t.app, '10.53.0.3');
    const again = await issue({ purpose: 'reset', email: op.email, userId: op.id });
    const waiting = await second('POST', '/api/auth/password-reset/confirm', { token: again, password: 'third operator passphrase' });
    expect(waiting.statusCode, JSON.stringify(waiting.json())).toBe(200);
    expect(waiting.json()).toMatchObject({ staff: { step: 'totp', admin: null } });
    expect((await second('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: 'totp' });
    expect((await second('GET', '/api/admin/emails')).statusCode).toBe(401);
    const coded = await second('POST', '/api/auth/admin-totp', { code: await nextCode(t.app, op.username) });
    expect(coded.statusCode, JSON.stringify(coded.json())).toBe(200);
    expect((await second('GET', '/api/auth/admin-status')).json()).toMatchObject({ admin: { username: op.username } });
    // The new password is the one that works at the admin sign-in.
    expect((await injectBrowser(t.app, '10.53.0.4')('POST', '/api/auth/admin-login', { username: op.username, password: 'third operator passphrase' })).json()).toMatchObject({ step: 'totp' });
  });

  it('opens nothing for a disabled operator: the check says so before a password is typed', async () => {
    const op = await operator(`off${Date.now().toString(36)}`);
    const token = await issue({ purpose: 'reset', email: op.email, userId: op.id });
    await t.app.db.updateTable('users').set({ disabled_at: new Date().toISOString() }).where('id', '=', op.id).execute();
    const call = browser();
    expect((await call('POST', '/api/auth/password-reset/check', { token })).json()).toEqual({ valid: false, problem: 'unknown' });
    const refused = await call('POST', '/api/auth/password-reset/confirm', { token, password: 'a disabled passphrase' });
    expect(refused.statusCode).toBe(404);
    expect((await call('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
    // Asked for by address, a disabled operator's reset queues nothing (the answer is the same).
    expect((await browser()('POST', '/api/auth/password-reset', { email: op.email })).statusCode).toBe(202);
    expect(await t.app.db.selectFrom('emails').select('kind').where('recipient', '=', op.email).where('kind', '!=', 'verifyEmail').execute()).toEqual([]);
  });
});

describe('the e-mails tab’s resend', () => {
  /**
   * A message in a state, as the dispatcher leaves it. Its link is real: the worker sends a copy as soon as it is
   * queued, and a copy it cannot draw would fail at once, which would make the second press's answer a race.
   */
  async function message(state: 'queued' | 'sending' | 'sent' | 'failed', resendOf: string | null = null) {
    const id = randomUUID();
    const at = new Date().toISOString();
    const link = await t.app.outbox.links.issue(t.app.db, { purpose: 'signin', email: 'resend@example.com' });
    await t.app.db
      .insertInto('emails')
      .values({ id, event_key: `test:${id}`, kind: 'signInLink', recipient: 'resend@example.com', language: 'en', data: JSON.stringify({ linkId: link.id }), state, attempts: 1, message_id: `<${id}@rumbo.test>`, subject: null, transport: null, smtp_response: null, last_error: null, resend_of: resendOf, created_at: at, updated_at: at, claimed_at: null, sent_at: null })
      .execute();
    return id;
  }

  it('sends a failed message again once, and refuses with 409 naming why a message that has not failed or is on its way again', async () => {
    const owner = injectBrowser(t.app, '10.53.1.1');
    await signInAdmin(t.app, owner);
    for (const state of ['queued', 'sending', 'sent'] as const) {
      const res = await owner('POST', `/api/admin/emails/${await message(state)}/resend`);
      expect([state, res.statusCode, res.json().code]).toEqual([state, 409, 'email_not_failed']);
    }
    const failed = await message('failed');
    const first = await owner('POST', `/api/admin/emails/${failed}/resend`);
    expect(first.statusCode, JSON.stringify(first.json())).toBe(201);
    expect(first.json()).toMatchObject({ resendOf: failed, state: 'queued' });
    // Pressed twice: the copy is queued, so no second one.
    const twice = await owner('POST', `/api/admin/emails/${failed}/resend`);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'email_resent']);
    // The copy failed too: the copy (or the first message) may be sent again, once.
    await t.app.db.updateTable('emails').set({ state: 'failed' }).where('id', '=', first.json().id as string).execute();
    const third = await owner('POST', `/api/admin/emails/${first.json().id as string}/resend`);
    expect(third.statusCode).toBe(201);
    expect(third.json().resendOf).toBe(failed);
    expect((await owner('POST', `/api/admin/emails/${failed}/resend`)).json().code).toBe('email_resent');
    expect(await t.app.db.selectFrom('emails').select('id').where('resend_of', '=', failed).execute()).toHaveLength(2);
  });
});
