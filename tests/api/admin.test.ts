import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs/index';
import { DEFAULT_SETTINGS } from '../../db/queries/settings';
import { createTestApp, sessionCookie, TEST_ADMIN, type TestApp } from '../helpers/app';
import { signInAdmin } from '../helpers/admin';
import { completeAnswers } from '../helpers/answers';

// Issue 14: the admin area's server side on the real app and database: who may call it, what it counts, the
// lead details, the CSV, and prices and branding reaching every public read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

type Json = Record<string, any>;

// Each browser from its own address, so per-client limits only bite where a test is about them.
let client = 0;
function browser() {
  client += 1;
  const remoteAddress = `10.1.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  const send = async (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as Json }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
  return Object.assign(send, { cookie: () => cookie });
}

/** A browser signed in as the owner, second step included (issue 44). */
async function signedInAdmin() {
  const call = browser();
  await signInAdmin(t.app, call);
  return call;
}

async function lead(call: ReturnType<typeof browser>, overrides: Json = {}) {
  const formType = overrides.formType ?? 'DS-160';
  const res = await call('POST', '/api/leads', {
    name: 'María Núñez',
    email: `maria.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    formType,
    nationality: 'Spain',
    travelPurpose: 'Tourism/Vacation',
    formData: completeAnswers(formType === 'ESTA' ? estaCatalog : ds160Catalog),
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: formType === 'ESTA' ? 'esta-wizard' : 'apply-wizard',
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '737', cardName: 'Maria Nunez', billingAddress: 'Calle Mayor 12', city: 'Madrid', zipCode: '28013', country: 'Spain' };

/** One RFC 4180 line whose cells are all quoted. */
function parseCsvLine(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => (m[1] as string).replace(/""/g, '"'));
}

/** Every operation of the committed contract under /api/admin, with a request that passes validation. */
function adminOperations(): Array<{ method: string; url: string; payload?: unknown }> {
  const doc = JSON.parse(fs.readFileSync(path.join(__dirname, '../../openapi/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const payloads: Record<string, unknown> = {
    'put /api/admin/pricing': { pricing: DEFAULT_SETTINGS.pricing },
    'put /api/admin/branding': { branding: DEFAULT_SETTINGS.branding },
    'put /api/admin/account/email': { email: `owner.${randomUUID().slice(0, 8)}@example.com` },
    'post /api/admin/government-fees/{code}/{subject}/changes': { amountCents: 4000, effectiveFrom: '2099-01-01', sourceUrl: 'https://www.federalregister.gov/d/2025-16453' },
  };
  const publicReads = new Set(['get /api/admin/pricing', 'get /api/admin/branding']);
  return Object.entries(doc.paths)
    .filter(([url]) => url.startsWith('/api/admin'))
    .flatMap(([url, ops]) => Object.keys(ops).map((method) => ({ method, url })))
    .filter(({ method, url }) => !publicReads.has(`${method} ${url}`))
    .map(({ method, url }) => ({
      method: method.toUpperCase(),
      url: url.replace('{id}', randomUUID()).replace('{emailId}', randomUUID()).replace('{code}', 'esta').replace('{subject}', 'ESTA'),
      ...(payloads[`${method} ${url}`] ? { payload: payloads[`${method} ${url}`] } : {}),
    }));
}

describe('who may use the admin area', () => {
  it('refuses every admin operation to anyone who is not a signed-in admin, and answers the owner', async () => {
    // Each role against each operation: tests/api/operators.test.ts.
    const operations = adminOperations().filter((o) => !o.url.startsWith('/api/admin/operators') && !o.url.startsWith('/api/admin/totp'));
    expect(operations.map((o) => `${o.method} ${o.url.replace(/[0-9a-f-]{36}/, '{id}')}`).sort()).toEqual([
      'GET /api/admin/analytics',
      'GET /api/admin/audit',
      'GET /api/admin/conversions',
      'GET /api/admin/emails',
      'GET /api/admin/government-fees',
      'GET /api/admin/jobs',
      'GET /api/admin/leads',
      'GET /api/admin/leads/export',
      'GET /api/admin/leads/{id}',
      'GET /api/admin/retention',
      'GET /api/admin/traffic',
      'POST /api/admin/emails/{id}/resend',
      'POST /api/admin/government-fees/esta/ESTA/changes',
      'POST /api/admin/government-fees/esta/ESTA/checked',
      'PUT /api/admin/account/email',
      'PUT /api/admin/branding',
      'PUT /api/admin/pricing',
    ]);
    const anonymous = browser();
    const applicant = browser();
    expect((await applicant('POST', '/api/auth/signup', { email: `app.${randomUUID().slice(0, 6)}@example.com`, password: 'a long passphrase' })).statusCode).toBe(201);
    const guest = browser();
    expect((await guest('POST', '/api/auth/guest-login', { email: 'guest@example.com' })).statusCode).toBe(200);
    const admin = await signedInAdmin();
    for (const op of operations) {
      expect([op, (await anonymous(op.method, op.url, op.payload)).statusCode]).toEqual([op, 401]);
      expect([op, (await applicant(op.method, op.url, op.payload)).statusCode]).toEqual([op, 403]);
      expect([op, (await guest(op.method, op.url, op.payload)).statusCode]).toEqual([op, 403]);
      const answer = await admin(op.method, op.url, op.payload);
      // An unknown id is not found: a lead, or an e-mail to send again.
      const unknownId = (op.url.startsWith('/api/admin/leads/') && !op.url.endsWith('export')) || op.url.endsWith('/resend');
      expect([op, answer.statusCode]).toEqual([op, unknownId ? 404 : 200]);
    }
    // The two public reads stay public.
    expect((await anonymous('GET', '/api/admin/pricing')).statusCode).toBe(200);
    expect((await anonymous('GET', '/api/admin/branding')).statusCode).toBe(200);
  });

  it('signs an admin in with a new session id, says so on the status check, and signs out', async () => {
    const call = browser();
    const before = await call('POST', '/api/leads/immediate', { email: 'pre.admin@example.com', formType: 'DS-160', source: 'apply-wizard' });
    const preLogin = sessionCookie(before);
    expect((await call('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
    const wrong = await call('POST', '/api/auth/admin-login', { username: TEST_ADMIN.username, password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid admin credentials');
    const step = await signInAdmin(t.app, call);
    expect(['enrol', 'totp']).toContain(step);
    expect(call.cookie()).toBeDefined();
    expect(call.cookie()).not.toBe(preLogin);
    expect((await call('GET', '/api/auth/admin-status')).json()).toMatchObject({ admin: { username: TEST_ADMIN.username, role: 'owner', totp: true, mustEnrol: false }, pending: null });
    expect((await call('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
    expect((await call('GET', '/api/admin/leads')).statusCode).toBe(401);
  });

  it('refuses a signed-in applicant\'s password as an admin\'s, and an empty field with a 400 naming it', async () => {
    const call = browser();
    const email = `not.admin.${randomUUID().slice(0, 6)}@example.com`;
    await call('POST', '/api/auth/signup', { email, password: 'a long passphrase' });
    expect((await call('POST', '/api/auth/admin-login', { username: email, password: 'a long passphrase' })).statusCode).toBe(401);
    const empty = await call('POST', '/api/auth/admin-login', { username: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('username');
  });

  it('makes a guesser wait longer after five failures, even with the right password, and lets the operator in from elsewhere', async () => {
    const username = 'second-admin';
    const { hashPassword } = await import('../../server/lib/password');
    await t.app.db.insertInto('users').values({ id: randomUUID(), username, email: null, password_hash: await hashPassword('right password'), role: 'admin', admin_role: 'viewer', guest_email: null, created_at: new Date().toISOString() }).execute();
    const guesser = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await guesser('POST', '/api/auth/admin-login', { username, password: `guess ${i}` })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await guesser('POST', '/api/auth/admin-login', { username, password: 'right password' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Failures are counted per username and client: the stranger's do not keep the operator out.
    const operator = await browser()('POST', '/api/auth/admin-login', { username, password: 'right password' });
    expect(operator.statusCode).toBe(200);
  });

  it('limits sign-in attempts per client address', async () => {
    const call = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await call('POST', '/api/auth/admin-login', { username: `nobody-${i}`, password: 'x' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('signs out an admin idle for 30 minutes', async () => {
    // On a clock the test moves: tests/api/operators.test.ts. Here the stored session is aged as if half an hour passed.
    const call = await signedInAdmin();
    expect((await call('GET', '/api/admin/analytics')).statusCode).toBe(200);
    const sid = decodeURIComponent((call.cookie() as string).split('=')[1] as string).split('.')[0] as string;
    const row = await t.app.db.selectFrom('sessions').select(['sid', 'data']).where('sid', '=', sid).executeTakeFirstOrThrow();
    await t.app.db.updateTable('sessions').set({ data: JSON.stringify({ ...(JSON.parse(row.data) as Json), adminSeenAt: Date.now() - 31 * 60 * 1000 }) }).where('sid', '=', sid).execute();
    const idle = await call('GET', '/api/admin/analytics');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toMatch(/30 minutes/);
    expect((await call('GET', '/api/auth/admin-status')).json()).toEqual({ admin: null, pending: null });
  });
});

describe('first-party analytics', () => {
  it('counts visitors, new and returning, and their countries from language and time zone, keeping paths only', async () => {
    const admin = await signedInAdmin();
    const before = (await admin('GET', '/api/admin/traffic?timeRange=1d')).json();
    const mexico = browser();
    const first = await mexico('POST', '/api/analytics/pageviews', { views: [{ path: '/' }, { path: '/visa-wizard?country=Mexico' }], language: 'es-419', timeZone: 'America/Mexico_City' });
    expect(first.statusCode).toBe(204);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^rumbo\.vid=[0-9a-f-]{36}; Path=\/api\/analytics; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const vid = cookie.split(';')[0] as string;
    // The same browser again: the cookie is kept, no new visitor.
    const again = await mexico('POST', '/api/analytics/pageviews', { views: [{ path: '/pricing' }] , language: 'es-419', timeZone: 'America/Mexico_City' }, { cookie: vid });
    expect(again.headers['set-cookie']).toBeUndefined();
    await browser()('POST', '/api/analytics/pageviews', { views: [{ path: '/teamomora-typo/maria@example.com' }], language: 'es-ES', timeZone: 'UTC' });

    const after = (await admin('GET', '/api/admin/traffic?timeRange=1d')).json();
    expect(after.totalVisitors - before.totalVisitors).toBe(2);
    expect(after.newUsers - before.newUsers).toBe(2);
    expect(after.pageViews - before.pageViews).toBe(4);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.daily.at(-1).day).toBe(today);
    const week = (await admin('GET', '/api/admin/traffic')).json();
    expect(week.daily).toHaveLength(7);
    expect(week.daily.map((d: Json) => d.day).at(-1)).toBe(today);

    const paths = (await t.app.db.selectFrom('page_views').select('path').where('visitor_id', '=', vid.split('=')[1] as string).execute()).map((r) => r.path).sort();
    expect(paths).toEqual(['/', '/pricing', '/visa-wizard']);
    expect(await t.app.db.selectFrom('page_views').select('path').where('path', 'like', '%@%').execute()).toEqual([]);

    const overview = (await admin('GET', '/api/admin/analytics?timeRange=1d')).json();
    expect(overview.topCountries).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'MX', flag: '🇲🇽' }), expect.objectContaining({ code: 'ES', flag: '🇪🇸' })]));
  });

  it('takes any language and time zone a browser may claim without storing what it is not', async () => {
    // The schema fuzz's counterexample: a time zone named like an object's own property.
    const res = await browser()('POST', '/api/analytics/pageviews', { views: [{ path: '/' }], language: '\u202e😀ñ中文', timeZone: '__proto__' });
    expect(res.statusCode).toBe(204);
    const vid = String(res.headers['set-cookie']).split(';')[0]?.split('=')[1] as string;
    expect(await t.app.db.selectFrom('visitors').select(['country', 'language']).where('id', '=', vid).executeTakeFirst()).toEqual({ country: null, language: 'und' });
  });

  it('refuses a batch that is not page views with a 400 naming the field', async () => {
    const res = await browser()('POST', '/api/analytics/pageviews', { views: [{ path: 'no-slash' }], language: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('path');
  });
});

describe('the dashboard figures', () => {
  it('counts leads, completion, revenue and the funnel from what applicants did, within the range', async () => {
    const admin = await signedInAdmin();
    const before = { a: (await admin('GET', '/api/admin/analytics?timeRange=1d')).json(), c: (await admin('GET', '/api/admin/conversions?timeRange=1d')).json() };
    const applicant = browser();
    const paid = await lead(applicant);
    await lead(applicant, { formType: 'ESTA', completionStatus: 'incomplete', formData: {} });
    const order = await applicant('POST', '/api/checkout/process', { idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, email: 'buyer@example.com', paymentDetails: CARD, plan: 'pro', leadId: paid });
    expect(order.json().status).toBe('paid');
    // A lead from 10 days ago counts in 30d, not in 7d or 1d.
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await t.app.db.insertInto('leads').values({ id: randomUUID(), name: 'Old Lead', email: 'old@example.com', phone: '', form_type: 'DS-160', nationality: 'Peru', travel_purpose: 'Tourism/Vacation', form_data: '{}', completion_status: 'incomplete', payment_status: 'unpaid', source: 'apply-wizard', subscription_plan: 'none', owner_token: 'x', user_id: null, capture_key: null, created_at: old, updated_at: old }).execute();

    const a = (await admin('GET', '/api/admin/analytics?timeRange=1d')).json();
    expect(a.totalLeads - before.a.totalLeads).toBe(2);
    expect(a.revenue - before.a.revenue).toBeCloseTo(102.99, 2);
    expect(a.conversions - before.a.conversions).toBe(1);
    // Issue 45 item 11: the conversion rate is the share of the range's leads that paid, never above 100%.
    // (No page was viewed here: leads over visitors read 0, or infinity.)
    expect(a.conversionRate).toBeGreaterThan(0);
    expect(a.conversionRate).toBeLessThanOrEqual(100);
    expect(a.conversionRate).toBeLessThanOrEqual(Math.round((1000 * (before.a.totalLeads + 1)) / a.totalLeads) / 10 + 0.1);
    expect(a.visaTypeDistribution.total - before.a.visaTypeDistribution.total).toBe(2);
    expect(a.topNationalities.find((x: Json) => x.name === 'Spain').leads).toBeGreaterThanOrEqual(2);
    const week = (await admin('GET', '/api/admin/analytics?timeRange=7d')).json();
    const month = (await admin('GET', '/api/admin/analytics?timeRange=30d')).json();
    expect(month.totalLeads - week.totalLeads).toBe(1);

    const c = (await admin('GET', '/api/admin/conversions?timeRange=1d')).json();
    const stage = (x: Json, name: string) => x.funnel.find((f: Json) => f.stage === name).count;
    expect(stage(c, 'started') - stage(before.c, 'started')).toBe(2);
    expect(stage(c, 'completed') - stage(before.c, 'completed')).toBe(1);
    expect(stage(c, 'subscribed') - stage(before.c, 'subscribed')).toBe(1);
    expect(c.revenueByPlan.pro - before.c.revenueByPlan.pro).toBeCloseTo(102.99, 2);
    expect(c.metrics.formCompletionMinutes).toBeGreaterThanOrEqual(0);
    expect((await admin('GET', '/api/admin/analytics?timeRange=2d')).statusCode).toBe(400);
  });
});

describe('leads', () => {
  it('filters by status and plan, and opens a lead with every answer labelled by its question', async () => {
    const admin = await signedInAdmin();
    const applicant = browser();
    const paid = await lead(applicant, { name: 'Filter Paid' });
    const open = await lead(applicant, { name: 'Filter Open', completionStatus: 'incomplete', formData: {} });
    await applicant('POST', '/api/checkout/process', { idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, email: 'buyer@example.com', paymentDetails: CARD, plan: 'premium', leadId: paid });

    const ids = async (query: string) => {
      const body = (await admin('GET', `/api/admin/leads${query}`)).json();
      return body.leads.map((l: Json) => l.id) as string[];
    };
    expect(await ids('?status=paid&plan=premium')).toContain(paid);
    expect(await ids('?status=paid')).not.toContain(open);
    expect(await ids('?status=incomplete')).toContain(open);
    expect(await ids('?status=incomplete')).not.toContain(paid);
    expect(await ids('?status=unpaid')).toContain(open);
    expect(await ids('?plan=basic')).not.toContain(paid);
    const all = (await admin('GET', '/api/admin/leads?status=all&plan=all')).json();
    expect(all.pageSize).toBe(50);
    // Newest activity first: the payment touched the paid lead after the open one was made.
    expect(all.leads.slice(0, 2).map((l: Json) => l.id)).toEqual([paid, open]);
    expect(all.leads[1]).toMatchObject({ name: 'Filter Open', country: 'Spain', formType: 'DS-160', plan: 'none', completionStatus: 'incomplete' });
    expect(all.leads.find((l: Json) => l.id === paid)).toMatchObject({ paymentStatus: 'paid', plan: 'premium', progress: 100 });
    expect((await admin('GET', '/api/admin/leads?status=gold')).statusCode).toBe(400);

    const detail = (await admin('GET', `/api/admin/leads/${paid}`)).json();
    expect(detail).toMatchObject({ id: paid, name: 'Filter Paid', plan: 'premium', paymentStatus: 'paid', progress: 100 });
    const surname = detail.answers.find((x: Json) => x.id === 'surname' || x.id === 'last-name');
    expect(surname.labelKey).toMatch(/^catalog:ds160\.q\./);
    expect(detail.answers.every((x: Json) => ['personal', 'contact', 'travel', 'passport', 'employment', 'security', 'other'].includes(x.group))).toBe(true);
    expect(new Set(detail.answers.map((x: Json) => x.group))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(detail.applicationHistory.map((h: Json) => h.status)).toEqual(expect.arrayContaining(['completed', 'paid']));
    expect(detail.orders).toEqual([expect.objectContaining({ plan: 'premium', status: 'paid', total: 152.99 })]);
    expect((await admin('GET', `/api/admin/leads/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('exports the filtered leads as CSV with a byte-order mark, accents intact and formulas neutralised', async () => {
    const admin = await signedInAdmin();
    const applicant = browser();
    await lead(applicant, { name: '=HYPERLINK("http://evil.example","x")', nationality: 'México' });
    await lead(applicant, { name: '@SUM(A1)', completionStatus: 'incomplete', formData: {} });
    const res = await admin('GET', '/api/admin/leads/export?status=completed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('"Id","Name","Email","Phone","Country","Visa Type","Purpose","Status","Payment","Plan","Progress","Source","Created","Last Active","Group","Group Role"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain('"México"');
    expect(text).not.toContain('@SUM');
    expect(lines.slice(1).every((l) => parseCsvLine(l)[7] === 'completed')).toBe(true);
    expect(parseCsvLine(lines.find((l) => l.includes('HYPERLINK')) as string)[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    const total = (await admin('GET', '/api/admin/leads?status=completed')).json().total;
    expect(lines.length - 1).toBe(total);
  });
});

describe('prices and branding', () => {
  it('a price change reaches the pricing map, the plans and checkout at once; bad prices are refused by name', async () => {
    const admin = await signedInAdmin();
    const changed = await admin('PUT', '/api/admin/pricing', { pricing: { ...DEFAULT_SETTINGS.pricing, ESTA: 120, DS160_PRO: 130 } });
    expect(changed.json()).toEqual({ ...DEFAULT_SETTINGS.pricing, ESTA: 120, DS160_PRO: 130 });
    const visitor = browser();
    expect((await visitor('GET', '/api/admin/pricing')).json().ESTA).toBe(120);
    expect((await visitor('GET', '/api/subscription/plans')).json().find((p: Json) => p.id === 'pro').price).toBe(13000);
    const quote = (await visitor('GET', '/api/checkout/quote?formType=ESTA')).json();
    // The ESTA entry is our service fee whole (issue 44).
    expect(quote.options[0].price.serviceFee).toBe(12000);
    for (const bad of [{ ESTA: -1 }, { ESTA: 9.5 }, { ESTA: 'abc' }]) {
      const res = await admin('PUT', '/api/admin/pricing', { pricing: { ...DEFAULT_SETTINGS.pricing, ...bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('ESTA');
    }
    await admin('PUT', '/api/admin/pricing', { pricing: DEFAULT_SETTINGS.pricing });
  });

  it('a branding change reaches the public read and the chats', async () => {
    const admin = await signedInAdmin();
    expect((await admin('PUT', '/api/admin/branding', { branding: { brandName: 'Norte', chatAssistantName: 'Ana' } })).json()).toEqual({ brandName: 'Norte', chatAssistantName: 'Ana' });
    const visitor = browser();
    expect((await visitor('GET', '/api/admin/branding')).json()).toEqual({ brandName: 'Norte', chatAssistantName: 'Ana' });
    const greeting = (await visitor('POST', '/api/ai/chat', { sessionId: 'brand-check-0001', message: '', language: 'es' })).json();
    expect(greeting.response).toMatch(/soy Ana/);
    const blank = await admin('PUT', '/api/admin/branding', { branding: { brandName: '   ', chatAssistantName: 'Ana' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('brandName');
    await admin('PUT', '/api/admin/branding', { branding: DEFAULT_SETTINGS.branding });
  });
});
