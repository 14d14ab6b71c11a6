import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailLinkPurpose } from '../../db/schema';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { answersFor } from '../helpers/answers';
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
type Call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>;
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
