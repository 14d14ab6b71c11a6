import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs/index';
import { DEFAULT_SETTINGS } from '../../db/queries/settings';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';
import { completeAnswers } from '../helpers/answers';
import { PAYING_CARD as CARD } from '../helpers/card';

// Issue: money and accounts. Orders, payments, PDFs and their owners, on the real server and database.

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000, logLevel: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => t.close());


type Json = Record<string, unknown>;
const key = () => `k_${randomUUID().replace(/-/g, '')}`;

// Each call from its own address: the per-client limits (20 payments a minute) are not what these tests are about.
let client = 0;
function request(method: 'GET' | 'POST', url: string, cookie?: string, payload?: Json) {
  client += 1;
  const remoteAddress = `10.0.${client >> 8 & 255}.${client & 255}`;
  return t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
}

/** A completed application in a fresh session: its lead id and the session's cookie. */
async function application(formType: 'DS-160' | 'ESTA' = 'DS-160'): Promise<{ leadId: string; cookie: string }> {
  const catalog = formType === 'ESTA' ? estaCatalog : ds160Catalog;
  const res = await request('POST', '/api/leads', undefined, {
    name: 'Maria Lopez',
    email: `maria.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    formType,
    nationality: 'Spain',
    travelPurpose: 'Tourism/Vacation',
    formData: completeAnswers(catalog),
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: formType === 'ESTA' ? 'esta-wizard' : 'apply-wizard',
  });
  expect(res.statusCode).toBe(201);
  return { leadId: res.json().id, cookie: sessionCookie(res) as string };
}

function pay(cookie: string | undefined, body: Json): Promise<LightMyRequestResponse> {
  return request('POST', '/api/checkout/process', cookie, { idempotencyKey: key(), email: 'maria@example.com', paymentDetails: CARD, ...body });
}

describe('plans and quotes come from the pricing map', () => {
  it('lists the three packages in cents and follows a price change', async () => {
    const plans = await request('GET', '/api/subscription/plans');
    expect(plans.statusCode).toBe(200);
    expect(plans.json().map((p: Json) => [p.id, p.price])).toEqual([
      ['basic', 5000],
      ['pro', 10000],
      ['premium', 15000],
    ]);
    await t.app.site.setPricing({ ...DEFAULT_SETTINGS.pricing, DS160_PRO: 120 });
    const changed = await request('GET', '/api/subscription/plans');
    expect(changed.json().find((p: Json) => p.id === 'pro').price).toBe(12000);
    await t.app.site.setPricing(DEFAULT_SETTINGS.pricing);
  });

  it('purchase names the checkout of a real plan and refuses any other', async () => {
    expect((await request('POST', '/api/packages/purchase', undefined, { planId: 'premium' })).json()).toEqual({ checkoutUrl: '/checkout?plan=premium' });
    const refused = await request('POST', '/api/packages/purchase', undefined, { planId: 'gold' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('planId');
  });

  it("quotes the server's prices whatever amount the link carries, and the ESTA price as our service fee", async () => {
    const esta = await request('GET', '/api/checkout/quote?formType=ESTA&amount=1');
    expect(esta.json().options).toEqual([
      expect.objectContaining({
        product: 'esta',
        price: expect.objectContaining({ serviceFee: 7700, credit: 0, processingFee: 299, total: 7999, governmentFee: 4000, outOfPocket: 11999, visaClass: 'ESTA' }),
      }),
    ]);
    const pro = await request('GET', '/api/checkout/quote?plan=pro&amount=1');
    expect(pro.json().selected).toBe('pro');
    expect(pro.json().options.find((o: Json) => o.product === 'pro').price.total).toBe(10299);
    expect((await request('GET', '/api/checkout/quote?plan=gold')).json().selected).toBeNull();
  });
});

describe('POST /api/checkout/process', () => {
  it('charges the real price to a client that sends amount=1, and marks the lead paid in the same step', async () => {
    const { leadId, cookie } = await application();
    const res = await pay(cookie, { plan: 'premium', amount: 1, leadId });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ status: 'paid', product: 'premium', leadId, card: { brand: 'visa', last4: '4242' } });
    expect(order.price.total).toBe(15299);
    expect(order.accessCode).toMatch(/^PREMIUM-\d{8}-[A-Z]{2}$/);
    expect(order.number).toMatch(/^RB-\d{6}-[A-Z0-9]{8}$/);

    const lead = (await request('GET', `/api/leads/${leadId}`, cookie)).json();
    expect(lead).toMatchObject({ paymentStatus: 'paid', subscriptionPlan: 'premium', completionStatus: 'paid' });
    expect(lead.applicationHistory.map((h: Json) => h.status)).toContain('paid');
    const history = await t.app.db.selectFrom('order_history').select('status').where('order_id', '=', order.id).orderBy('created_at').execute();
    expect(history.map((h) => h.status)).toEqual(['pending', 'paid']);
  });

  it('a paid application keeps the plan paid for, whatever a later update asks', async () => {
    const { leadId, cookie } = await application();
    expect((await pay(cookie, { plan: 'basic', leadId })).statusCode).toBe(200);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/leads/${leadId}/update`, payload: { subscriptionPlan: 'premium' }, headers: { cookie } });
    expect(patched.statusCode).toBe(200);
    expect((await request('GET', `/api/leads/${leadId}`, cookie)).json()).toMatchObject({ subscriptionPlan: 'basic', paymentStatus: 'paid' });
  });

  it('an upgrade is charged the difference, and a package already held is not sold again', async () => {
    const { leadId, cookie } = await application();
    const basic = await pay(cookie, { plan: 'basic', leadId });
    expect(basic.statusCode).toBe(200);
    const upgrade = await pay(cookie, { plan: 'pro', leadId });
    expect(upgrade.json().price).toMatchObject({ serviceFee: 10000, credit: 5000, total: 5299 });
    // Asked for again, the answer names the order that bought it.
    const again = await pay(cookie, { plan: 'basic', leadId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_purchased', orderId: basic.json().id });
    expect((await pay(cookie, { plan: 'pro', leadId })).json()).toMatchObject({ code: 'already_purchased', orderId: upgrade.json().id });
    // A lower package than one the application has names the higher one's order.
    const other = await application();
    const premium = await pay(other.cookie, { plan: 'premium', leadId: other.leadId });
    expect((await pay(other.cookie, { plan: 'basic', leadId: other.leadId })).json()).toMatchObject({ code: 'already_purchased', orderId: premium.json().id });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0119', 'processing_error'],
  ])('refuses the test card %s with 402 and code %s, and the order is failed', async (cardNumber, code) => {
    const { leadId, cookie } = await application();
    const res = await pay(cookie, { plan: 'basic', leadId, paymentDetails: { ...CARD, cardNumber } });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ statusCode: 402, code, message: expect.any(String) });
    const orders = await t.app.db.selectFrom('orders').select(['status', 'failure']).where('lead_id', '=', leadId).execute();
    expect(orders).toEqual([{ status: 'failed', failure: res.json().message }]);
    expect((await request('GET', `/api/leads/${leadId}`, cookie)).json().paymentStatus).not.toBe('paid');
  });

  it.each([
    ['cardNumber', { cardNumber: '4242 4242 4242 4241' }],
    ['expiryDate', { expiryDate: '01/20' }],
    ['cvv', { cvv: '12' }],
    ['zipCode', { zipCode: '' }],
  ])('answers 400 naming paymentDetails.%s for a bad field, and creates no order', async (field, change) => {
    const { leadId, cookie } = await application();
    const res = await pay(cookie, { plan: 'basic', leadId, paymentDetails: { ...CARD, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`paymentDetails.${field}`);
    expect(await t.app.db.selectFrom('orders').select('id').where('lead_id', '=', leadId).execute()).toEqual([]);
  });

  it('a double click (two requests with one key at once) charges once and answers the same order twice', async () => {
    const { leadId, cookie } = await application();
    const body = { idempotencyKey: key(), email: 'maria@example.com', plan: 'pro', leadId, paymentDetails: CARD };
    const [a, b] = await Promise.all([request('POST', '/api/checkout/process', cookie, body), request('POST', '/api/checkout/process', cookie, body)]);
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}\n${logLines.filter((l) => l.includes('"level":50')).join('\n')}`).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    const retried = await request('POST', '/api/checkout/process', cookie, body);
    expect(retried.json().id).toBe(a.json().id);
    expect(await t.app.db.selectFrom('orders').select('id').where('lead_id', '=', leadId).execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('payment_attempts').select('id').where('order_id', '=', a.json().id).execute()).toHaveLength(1);
  });

  it("a key is bound to its session and purchase: another session's replay is 409", async () => {
    const { leadId, cookie } = await application();
    const body = { idempotencyKey: key(), email: 'maria@example.com', plan: 'basic', leadId, paymentDetails: CARD };
    expect((await request('POST', '/api/checkout/process', cookie, body)).statusCode).toBe(200);
    expect((await request('POST', '/api/checkout/process', undefined, { ...body, leadId: undefined })).statusCode).toBe(409);
  });

  it("refuses to pay for, show or print another session's application and order", async () => {
    const mine = await application();
    const other = await application();
    expect((await pay(other.cookie, { plan: 'basic', leadId: mine.leadId })).statusCode).toBe(403);
    const order = (await pay(mine.cookie, { plan: 'premium', leadId: mine.leadId })).json();
    expect((await request('GET', `/api/orders/${order.id}`, other.cookie)).statusCode).toBe(403);
    expect((await request('GET', `/api/orders/${order.id}`)).statusCode).toBe(403);
    expect((await request('GET', `/api/orders/${randomUUID()}`, mine.cookie)).statusCode).toBe(404);
    for (const url of ['/api/generate-pdf', '/api/generate-form-pdf']) {
      expect((await request('POST', url, other.cookie, { confirmationNumber: order.number })).statusCode).toBe(403);
      expect((await request('POST', url, mine.cookie, { confirmationNumber: 'RB-000000-AAAAAAAA' })).statusCode).toBe(404);
    }
    const own = await request('GET', `/api/orders/${order.id}`, mine.cookie);
    expect(own.json()).toMatchObject({ id: order.id, status: 'paid', accessCode: order.accessCode });
  });
});

describe('the PDFs', () => {
  it("prints the receipt and the form of the owner's order, named by its confirmation number", async () => {
    const { leadId, cookie } = await application('ESTA');
    const order = (await pay(cookie, { plan: 'esta', leadId })).json();
    const receipt = await request('POST', '/api/generate-pdf', cookie, { confirmationNumber: order.number, service: 'ESTA', plan: 'esta', amount: 1 });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="esta-confirmation-${order.number}.pdf"`);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const form = await request('POST', '/api/generate-form-pdf', cookie, { confirmationNumber: order.number });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-disposition']).toBe(`attachment; filename="esta-form-${order.number}.pdf"`);
    expect(form.rawPayload.length).toBeGreaterThan(2000);
  });
});

describe.runIf(dialectUnderTest === 'sqlite')('what is stored and logged of a card', () => {
  it('the SQLite file, its WAL and the log never hold a card number or CVV', async () => {
    const { leadId, cookie } = await application();
    const cvv = '9173';
    const amex = { ...CARD, cardNumber: '3782 822463 10005', cvv };
    expect((await pay(cookie, { plan: 'basic', leadId, paymentDetails: amex })).statusCode).toBe(200);
    const declined = { ...CARD, cardNumber: '4000000000000002', cvv: '482' };
    expect((await pay(cookie, { plan: 'pro', leadId, paymentDetails: declined })).statusCode).toBe(402);

    const files = fs.readdirSync(t.config.dataDir).filter((f) => f.startsWith('rumbo.sqlite'));
    expect(files).toContain('rumbo.sqlite');
    const stored = files.map((f) => fs.readFileSync(path.join(t.config.dataDir, f)).toString('latin1')).join('\n');
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const haystack of [stored, log]) {
      for (const secret of ['378282246310005', '3782 822463 10005', '4000000000000002', '"482"']) expect(haystack).not.toContain(secret);
      // Four digits alone turn up by chance inside the file's ids (hex UUIDs) and times; a stored CVV stands apart.
      expect(haystack).not.toMatch(new RegExp(`(?<![0-9a-f])${cvv}(?![0-9a-f])`, 'i'));
    }
    // What is kept: brand, last four and the gateway's reference.
    const attempts = await t.app.db.selectFrom('payment_attempts').innerJoin('orders', 'orders.id', 'payment_attempts.order_id').select(['payment_attempts.card_brand', 'payment_attempts.card_last4', 'payment_attempts.gateway_ref']).where('orders.lead_id', '=', leadId).execute();
    expect(attempts).toEqual(expect.arrayContaining([{ card_brand: 'amex', card_last4: '0005', gateway_ref: expect.stringMatching(/^test_ch_/) }]));
  });
});

describe('accounts', () => {
  const email = () => `user.${randomUUID().slice(0, 8)}@example.com`;

  it('sign-up renews the session id, keeps the anonymous work, and lists it as applications', async () => {
    const { leadId, cookie } = await application();
    const address = email();
    const signup = await request('POST', '/api/auth/signup', cookie, { email: address, password: 'correct horse battery' });
    expect(signup.statusCode).toBe(201);
    const renewed = sessionCookie(signup) as string;
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(cookie);
    expect((await request('GET', '/api/auth/me', renewed)).json().user).toMatchObject({ email: address, role: 'user' });
    const apps = await request('GET', '/api/applications', renewed);
    expect(apps.statusCode).toBe(200);
    expect(apps.json().map((a: Json) => a.id)).toContain(leadId);

    // The same account from another browser sees it too.
    const login = await request('POST', '/api/auth/user-login', undefined, { email: address.toUpperCase(), password: 'correct horse battery' });
    expect(login.statusCode).toBe(200);
    expect((await request('GET', '/api/applications', sessionCookie(login))).json().map((a: Json) => a.id)).toContain(leadId);
    expect((await request('GET', `/api/leads/${leadId}`, sessionCookie(login))).statusCode).toBe(200);
  });

  it('refuses a taken e-mail, a short password, and lists nothing to a stranger', async () => {
    const address = email();
    expect((await request('POST', '/api/auth/signup', undefined, { email: address, password: 'long enough pass' })).statusCode).toBe(201);
    const again = await request('POST', '/api/auth/signup', undefined, { email: address, password: 'another long pass' });
    expect(again.statusCode).toBe(409);
    // The refusal does not say the address has an account.
    expect(again.json().message).not.toMatch(/exists/i);
    const short = await request('POST', '/api/auth/signup', undefined, { email: email(), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('password');
    expect((await request('GET', '/api/applications')).statusCode).toBe(401);
  });

  it('locks an account from a client after five wrong passwords (429 with Retry-After), and the right one then waits too; not from another client', async () => {
    const address = email();
    await request('POST', '/api/auth/signup', undefined, { email: address, password: 'the right password' });
    const guesser = '198.51.100.23';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/api/auth/user-login', remoteAddress: guesser, payload: { email: address, password: `wrong ${i}` } })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await t.app.inject({ method: 'POST', url: '/api/auth/user-login', remoteAddress: guesser, payload: { email: address, password: 'the right password' } });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request('POST', '/api/auth/user-login', undefined, { email: address, password: 'the right password' })).statusCode).toBe(200);
  });

  it('a guest signs in by e-mail alone and a sign-out ends the session', async () => {
    const { leadId, cookie } = await application();
    const guest = await request('POST', '/api/auth/guest-login', cookie, { email: email() });
    expect(guest.statusCode).toBe(200);
    expect(guest.json().role).toBe('guest');
    const session = sessionCookie(guest) as string;
    expect((await request('GET', '/api/applications', session)).json().map((a: Json) => a.id)).toEqual([leadId]);
    expect((await request('POST', '/api/auth/logout', session)).statusCode).toBe(204);
    expect((await request('GET', '/api/auth/me', session)).json().user).toBeNull();
  });
});
