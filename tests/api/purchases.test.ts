import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog } from '../../machines/domain/catalogs/index';
import { DEFAULT_SETTINGS } from '../../db/queries/settings';
import type { PaymentGateway } from '../../server/services/payments';
import { completeAnswers } from '../helpers/answers';
import { createTestApp, dialectUnderTest, restartTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { ownerCookie } from '../helpers/admin';
import { PAYING_CARD as CARD } from '../helpers/card';

// Issue 30: one paid package per application, whatever arrives together; every charge reconciled after a crash;
// every purchase findable. On the real server and database (CI runs this file on SQLite and on PostgreSQL).

const DECLINED = { ...CARD, cardNumber: '4000 0000 0000 0002' };

type Json = Record<string, unknown>;
const key = () => `k_${randomUUID().replace(/-/g, '')}`;

/** What buying the three packages one after another costs: 50 + 2.99, then the differences, 50 + 2.99 each. */
const SEQUENCE_CENTS = 15_897;

let client = 0;
/** Each call from its own address, so the per-client payment limit is not what these tests meet. */
function call(t: TestApp, method: 'GET' | 'POST', url: string, cookie?: string, payload?: Json): Promise<LightMyRequestResponse> {
  client += 1;
  return t.app.inject({ method, url, remoteAddress: `10.9.${(client >> 8) & 255}.${client & 255}`, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
}

async function application(t: TestApp): Promise<{ leadId: string; cookie: string }> {
  const res = await call(t, 'POST', '/api/leads', undefined, {
    name: 'Maria Lopez',
    email: `maria.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    formType: 'DS-160',
    nationality: 'Mexico',
    travelPurpose: 'Tourism/Vacation',
    formData: completeAnswers(ds160Catalog),
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: 'apply-wizard',
  });
  expect(res.statusCode).toBe(201);
  return { leadId: res.json().id, cookie: sessionCookie(res) as string };
}

const body = (plan: string, extra: Json = {}): Json => ({ plan, idempotencyKey: key(), email: 'maria@example.com', paymentDetails: CARD, ...extra });

async function ordersOf(t: TestApp, leadId: string) {
  return t.app.db.selectFrom('orders').selectAll().where('lead_id', '=', leadId).orderBy('created_at').execute();
}

/** What the gateway charged for these keys: the money that moved, whatever the orders say. */
async function charged(t: TestApp, keys: string[]): Promise<number> {
  const rows = await t.app.db.selectFrom('gateway_charges').select(['amount_cents', 'status']).where('idempotency_key', 'in', keys).execute();
  return rows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + Number(r.amount_cents), 0);
}

describe(`concurrent purchases of one application on ${dialectUnderTest}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitPerMinute: 100_000 });
  });
  afterAll(async () => t.close());

  it('8 purchases of one package with 8 keys at once: one paid order and one code; the others name it', async () => {
    const { leadId, cookie } = await application(t);
    const bodies = Array.from({ length: 8 }, () => body('premium', { leadId }));
    const answers = await Promise.all(bodies.map((b) => call(t, 'POST', '/api/checkout/process', cookie, b)));
    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    const order = paid[0]!.json();
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'already_purchased', orderId: order.id });
    }
    const rows = await ordersOf(t, leadId);
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    expect(rows.filter((r) => r.access_code)).toHaveLength(1);
    expect(await charged(t, bodies.map((b) => b.idempotencyKey as string))).toBe(15_299);
  });

  it('basic, pro and premium bought at the same moment cost no more than one after another', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { leadId, cookie } = await application(t);
      const plans = [['basic', 'pro', 'premium'], ['premium', 'pro', 'basic'], ['pro', 'basic', 'premium']][round] as string[];
      const bodies = plans.map((plan) => body(plan, { leadId }));
      const answers = await Promise.all(bodies.map((b) => call(t, 'POST', '/api/checkout/process', cookie, b)));
      const total = await charged(t, bodies.map((b) => b.idempotencyKey as string));
      expect(total, answers.map((r) => r.body).join('\n')).toBeLessThanOrEqual(SEQUENCE_CENTS);
      // Whatever won, the application ends with Premium, charged once per package it passed through.
      const rows = await ordersOf(t, leadId);
      expect(rows.every((r) => r.status === 'paid')).toBe(true);
      expect(rows.reduce((sum, r) => sum + r.total_cents, 0)).toBe(total);
      expect(rows.at(-1)?.plan).toBe('premium');
      expect(new Set(rows.map((r) => r.plan)).size).toBe(rows.length);
      for (const refused of answers.filter((r) => r.statusCode !== 200)) {
        expect(refused.json()).toMatchObject({ statusCode: 409, code: 'already_purchased', orderId: expect.any(String) });
      }
    }
  });

  it('tabs buying from /pricing with no application make one application and one paid order', async () => {
    // Browser sessions that have something else (an ESTA), so each one's tabs share its cookie.
    const sessions = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const opened = await call(t, 'POST', '/api/leads/immediate', undefined, { email: `tabs${i}@example.com`, firstName: 'Ana', lastName: 'Ruiz', formType: 'ESTA' });
        return sessionCookie(opened) as string;
      }),
    );
    // Every session's tabs pay at once, all sessions together.
    const answers = await Promise.all(sessions.map((cookie) => Promise.all(Array.from({ length: 6 }, () => call(t, 'POST', '/api/checkout/process', cookie, body('pro'))))));
    for (const tabs of answers) {
      expect(tabs.filter((r) => r.statusCode === 200), tabs.map((r) => r.body).join('\n')).toHaveLength(1);
      const paid = tabs.find((r) => r.statusCode === 200)!.json();
      expect(tabs.filter((r) => r.statusCode === 409).map((r) => r.json().orderId)).toEqual(Array.from({ length: 5 }, () => paid.id));
    }
    const cookie = sessions[0] as string;
    const order = answers[0]!.find((r) => r.statusCode === 200)!.json();
    // Back to /checkout?plan=pro: the quote finds the application and says it has Pro, with the order.
    const quote = (await call(t, 'GET', '/api/checkout/quote?plan=pro', cookie)).json();
    expect(quote.lead.id).toBe(order.leadId);
    expect(quote.options.find((o: Json) => o.product === 'pro').available).toBe(false);
    expect(quote.owned).toEqual([{ product: 'pro', orderId: order.id, number: order.number }]);
    expect(quote.options.find((o: Json) => o.product === 'premium')).toMatchObject({ available: true, price: { credit: 10000, total: 5299 } });
    // Another traveller is an explicit choice: a new application, the same package sold again.
    const another = (await call(t, 'GET', '/api/checkout/quote?plan=pro&newApplication=true', cookie)).json();
    expect(another).toMatchObject({ lead: null, newApplication: true, owned: [] });
    const second = await call(t, 'POST', '/api/checkout/process', cookie, body('pro', { newApplication: true }));
    expect(second.statusCode).toBe(200);
    expect(second.json().leadId).not.toBe(order.leadId);
  });

  it('refuses a receipt address that is not one, before anything is charged', async () => {
    const { leadId, cookie } = await application(t);
    const res = await call(t, 'POST', '/api/checkout/process', cookie, body('basic', { leadId, email: 'maria@' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.email: is not an e-mail address');
    expect(await ordersOf(t, leadId)).toEqual([]);
  });
});

describe(`a crash between the charge and its settlement on ${dialectUnderTest}`, () => {
  /** The process "dies" after the gateway answered (or before the charge left), for the keys it is told to. */
  const doomed = new Map<string, 'afterCharge' | 'beforeCharge'>();
  const crashing = (embedded: PaymentGateway): PaymentGateway => ({
    ...embedded,
    async charge(request) {
      const when = doomed.get(request.idempotencyKey);
      if (when === 'beforeCharge') throw new Error('the process died before the charge left');
      const result = await embedded.charge(request);
      if (when === 'afterCharge') throw new Error('the process died after the charge');
      return result;
    },
  });

  let first: TestApp;
  let second: TestApp | undefined;
  afterAll(async () => (second ?? first).close());

  it('settles every stranded order from the gateway on restart, in one sweep; a retried key answers it; nothing is charged twice', async () => {
    first = await createTestApp({ rateLimitPerMinute: 100_000 }, { logger: false, gateway: crashing });
    const premium = await application(first);
    const declined = await application(first);
    const unsent = await application(first);
    const payPremium = body('premium', { leadId: premium.leadId });
    const payDeclined = body('basic', { leadId: declined.leadId, paymentDetails: DECLINED });
    const payUnsent = body('pro', { leadId: unsent.leadId });
    doomed.set(payPremium.idempotencyKey as string, 'afterCharge');
    doomed.set(payDeclined.idempotencyKey as string, 'afterCharge');
    doomed.set(payUnsent.idempotencyKey as string, 'beforeCharge');
    for (const [who, payload] of [[premium, payPremium], [declined, payDeclined], [unsent, payUnsent]] as const) {
      expect((await call(first, 'POST', '/api/checkout/process', who.cookie, payload)).statusCode).toBe(500);
    }
    // Within the grace period a retry cannot know more than the first request did: it says the payment is pending.
    const early = await call(first, 'POST', '/api/checkout/process', premium.cookie, payPremium);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'payment_pending', orderId: (await ordersOf(first, premium.leadId))[0]!.id });
    expect((await ordersOf(first, premium.leadId)).map((o) => o.status)).toEqual(['pending']);
    await first.stop();

    // The restart: its start-up sweep (the grace period is over) settles all three from the gateway's record.
    doomed.clear();
    second = await restartTestApp(first, { logger: false }, { reconcile: { graceMs: 0, everyMs: 60_000 } });
    const [paid] = await ordersOf(second, premium.leadId);
    expect(paid).toMatchObject({ status: 'paid', settled_by: 'reconciliation', card_last4: '4242' });
    expect(paid?.access_code).toMatch(/^PREMIUM-\d{8}-[A-Z]{2}$/);
    expect((await ordersOf(second, declined.leadId))[0]).toMatchObject({ status: 'failed', settled_by: 'reconciliation', failure: 'Your card was declined.' });
    expect((await ordersOf(second, unsent.leadId))[0]).toMatchObject({
      status: 'failed',
      settled_by: 'reconciliation',
      failure: 'The payment was not completed. Your card was not charged.',
    });
    expect(await second.app.reconciler.sweep()).toBe(0);

    // Retrying the same keys answers the reconciled results; the key that never reached the gateway stays cancelled.
    const retried = await call(second, 'POST', '/api/checkout/process', premium.cookie, payPremium);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: paid?.id, status: 'paid', accessCode: paid?.access_code });
    expect((await call(second, 'POST', '/api/checkout/process', declined.cookie, payDeclined)).json()).toMatchObject({ statusCode: 402, code: 'card_declined' });
    const unsentAgain = await call(second, 'POST', '/api/checkout/process', unsent.cookie, payUnsent);
    expect(unsentAgain.statusCode).toBe(402);
    const keys = [payPremium, payDeclined, payUnsent].map((b) => b.idempotencyKey as string);
    const ledger = await second.app.db.selectFrom('gateway_charges').select(['idempotency_key', 'status']).where('idempotency_key', 'in', keys).execute();
    expect(Object.fromEntries(ledger.map((r) => [r.idempotency_key, r.status]))).toEqual({ [keys[0]!]: 'succeeded', [keys[1]!]: 'declined', [keys[2]!]: 'canceled' });
    expect(await charged(second, keys)).toBe(15_299);

    // A new key for the package the reconciled order bought is refused, naming that order; the quote agrees.
    const again = await call(second, 'POST', '/api/checkout/process', premium.cookie, body('premium', { leadId: premium.leadId }));
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'already_purchased', orderId: paid?.id });
    const quote = (await call(second, 'GET', `/api/checkout/quote?lead=${premium.leadId}&plan=premium`, premium.cookie)).json();
    expect(quote.options.find((o: Json) => o.product === 'premium').available).toBe(false);
    // The lead is paid with its package, as a checkout that finished would have left it.
    expect((await call(second, 'GET', `/api/leads/${premium.leadId}`, premium.cookie)).json()).toMatchObject({ paymentStatus: 'paid', subscriptionPlan: 'premium' });

    // The admin sees the attempt and how the order was settled.
    const detail = (await call(second, 'GET', `/api/admin/leads/${premium.leadId}`, await ownerCookie(second.app))).json();
    expect(detail.orders[0]).toMatchObject({
      status: 'paid',
      settledBy: 'reconciliation',
      attempts: [{ status: 'succeeded', card: 'Visa 4242', reference: expect.stringMatching(/^test_ch_/) }],
    });
    expect(detail.orders[0].history.map((h: Json) => h.status)).toEqual(['pending', 'paid']);
    expect(detail.orders[0].history[1].note).toMatch(/^Reconciled from the gateway's record/);
  });
});

describe(`a stuck order in a live server on ${dialectUnderTest}`, () => {
  const failSettlementFor = new Set<string>();
  let t: TestApp;
  beforeAll(async () => {
    // The charge goes through; what follows it fails (the database went away for a moment), for chosen keys.
    t = await createTestApp(
      { rateLimitPerMinute: 100_000, reconcile: { graceMs: 400, everyMs: 60_000 } },
      {
        logger: false,
        gateway: (embedded) => ({
          ...embedded,
          async charge(request) {
            const result = await embedded.charge(request);
            if (failSettlementFor.has(request.idempotencyKey)) throw new Error('settlement never happened');
            return result;
          },
        }),
      },
    );
  });
  afterAll(async () => t.close());

  it('a retry of the stuck key answers the reconciled order once the grace period is over, not 409', async () => {
    const { leadId, cookie } = await application(t);
    const payload = body('pro', { leadId });
    failSettlementFor.add(payload.idempotencyKey as string);
    expect((await call(t, 'POST', '/api/checkout/process', cookie, payload)).statusCode).toBe(500);
    failSettlementFor.clear();
    const retried = await call(t, 'POST', '/api/checkout/process', cookie, payload);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'paid', product: 'pro', leadId });
    expect(await charged(t, [payload.idempotencyKey as string])).toBe(10_299);
  });

  it('a new purchase waiting behind a stuck one settles it first and is then priced with its credit', async () => {
    const { leadId, cookie } = await application(t);
    const stuck = body('basic', { leadId });
    failSettlementFor.add(stuck.idempotencyKey as string);
    expect((await call(t, 'POST', '/api/checkout/process', cookie, stuck)).statusCode).toBe(500);
    failSettlementFor.clear();
    const upgrade = await call(t, 'POST', '/api/checkout/process', cookie, body('premium', { leadId }));
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json().price).toMatchObject({ serviceFee: 15_000, credit: 5_000, total: 10_299 });
    expect((await ordersOf(t, leadId)).map((o) => [o.plan, o.status, o.settled_by])).toEqual([
      ['basic', 'paid', 'reconciliation'],
      ['premium', 'paid', 'checkout'],
    ]);
  });

  it('two reconcilers settling one stuck order at once (two server processes) settle it once', async () => {
    const { leadId, cookie } = await application(t);
    const stuck = body('premium', { leadId });
    failSettlementFor.add(stuck.idempotencyKey as string);
    expect((await call(t, 'POST', '/api/checkout/process', cookie, stuck)).statusCode).toBe(500);
    failSettlementFor.clear();
    const [pending] = await ordersOf(t, leadId);
    const settled = await Promise.all([t.app.reconciler.reconcile(pending!), t.app.reconciler.reconcile(pending!), t.app.reconciler.reconcile(pending!)]);
    const [row] = await ordersOf(t, leadId);
    // Whoever came second read the first one's outcome: one code, one history line, one package on the lead.
    expect(settled.map((o) => o.access_code)).toEqual([row!.access_code, row!.access_code, row!.access_code]);
    const history = await t.app.db.selectFrom('order_history').select('status').where('order_id', '=', row!.id).execute();
    expect(history.map((h) => h.status).sort()).toEqual(['paid', 'pending']);
    const leadHistory = await t.app.db.selectFrom('application_history').select('status').where('lead_id', '=', leadId).where('status', '=', 'paid').execute();
    expect(leadHistory).toHaveLength(1);
  });

  it('a stuck order nobody retries is settled by the timer when its grace period ends', async () => {
    const { leadId, cookie } = await application(t);
    const stuck = body('basic', { leadId });
    failSettlementFor.add(stuck.idempotencyKey as string);
    expect((await call(t, 'POST', '/api/checkout/process', cookie, stuck)).statusCode).toBe(500);
    failSettlementFor.clear();
    const deadline = Date.now() + 5_000;
    while ((await ordersOf(t, leadId))[0]?.status === 'pending' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ordersOf(t, leadId))[0]).toMatchObject({ status: 'paid', settled_by: 'reconciliation' });
  });
});

describe(`purchases a buyer can find, at one price, on ${dialectUnderTest}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitPerMinute: 100_000 });
  });
  afterAll(async () => t.close());

  it('Premium bought from /pricing without an application: after sign-up the dashboard lists the order, its code and an application to fill in', async () => {
    const bought = await call(t, 'POST', '/api/checkout/process', undefined, body('premium', { email: 'nuevo@example.com' }));
    expect(bought.statusCode).toBe(200);
    const order = bought.json();
    expect(order).toMatchObject({ status: 'paid', receiptEmail: 'nuevo@example.com', formReady: false, accessCode: expect.stringMatching(/^PREMIUM-/) });
    const signup = await call(t, 'POST', '/api/auth/signup', sessionCookie(bought), { email: 'nuevo@example.com', password: 'a long enough password' });
    expect(signup.statusCode).toBe(201);
    const cookie = sessionCookie(signup) as string;

    const orders = (await call(t, 'GET', '/api/orders', cookie)).json();
    expect(orders).toEqual([expect.objectContaining({ id: order.id, status: 'paid', accessCode: order.accessCode, leadId: order.leadId })]);
    // From another browser, the account finds it too.
    const login = await call(t, 'POST', '/api/auth/user-login', undefined, { email: 'nuevo@example.com', password: 'a long enough password' });
    expect((await call(t, 'GET', '/api/orders', sessionCookie(login))).json().map((o: Json) => o.id)).toEqual([order.id]);
    const [app] = (await call(t, 'GET', '/api/applications', cookie)).json();
    expect(app).toMatchObject({ id: order.leadId, type: 'DS-160', status: 'draft', wizard: 'ds160', paymentStatus: 'paid', plan: 'premium' });
    // The quote prefills the receipt address from the application.
    expect((await call(t, 'GET', '/api/checkout/quote?plan=pro', cookie)).json().email).toBe('nuevo@example.com');
    // Another session sees nothing.
    expect((await call(t, 'GET', '/api/orders')).json()).toEqual([]);
  });

  it("the ESTA's price is the same story everywhere the server states one, before and after an admin change", async () => {
    const story = async () => {
      const prices = (await call(t, 'GET', '/api/prices')).json();
      const quote = (await call(t, 'GET', '/api/checkout/quote?formType=ESTA')).json().options[0].price;
      const summary = (await call(t, 'GET', '/api/eligibility?country=Spain&purpose=tourism')).json().price;
      return { prices: prices.esta, quote, summary };
    };
    const before = await story();
    expect(before.prices).toMatchObject({ serviceFee: 7700, credit: 0, processingFee: 299, total: 7999, governmentFee: 4000, outOfPocket: 11999, visaClass: 'ESTA' });
    expect(before.quote).toEqual(before.prices);
    expect(before.summary).toEqual(before.prices);
    await t.app.site.setPricing({ ...DEFAULT_SETTINGS.pricing, ESTA: 110 });
    const after = await story();
    // The admin's ESTA price is our service fee whole: $110 + $2.99 + the $40 government fee.
    expect(after.prices).toMatchObject({ serviceFee: 11000, total: 11299, outOfPocket: 15299 });
    expect(after.quote).toEqual(after.prices);
    expect(after.summary).toEqual(after.prices);
    await t.app.site.setPricing(DEFAULT_SETTINGS.pricing);
  });
});
