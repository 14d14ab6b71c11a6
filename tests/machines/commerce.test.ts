import { estaCatalog } from '../../machines/domain/catalogs';
import { effectsOf, lastNavigation, startHeard } from './emitted';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { checkoutMachine, ownedOrder, paymentRequest, stillForSale } from '../../machines/checkout.machine';
import { confirmationMachine, type PdfFile } from '../../machines/confirmation.machine';
import { applicationCards, canAddTraveller, canContinue, dashboardMachine, hasFormPdf, hasReceipt, inProgressCount, type DashboardData } from '../../machines/dashboard.machine';
import { loginMachine } from '../../machines/login.machine';
import { pricingMachine, type PricingData } from '../../machines/pricing.machine';
import { resultsMachine } from '../../machines/results.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { ApplicationDto } from '../../openapi/schemas/applications';
import type { AccountDto } from '../../openapi/schemas/auth';
import type { GroupPaymentSummaryDto } from '../../openapi/schemas/groups';
import type { OrderDto, PriceListDto, QuoteDto } from '../../openapi/schemas/orders';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
// Stand-ins for the calls: one answer, whatever the input.
const resolves = <T,>(value: T): any => fromPromise(async () => value);
// A failing actor stands in for any call, whatever it would have answered.
const rejects = (error: unknown): any =>
  fromPromise(async () => {
    throw error;
  });

const PRICE = { serviceFee: 10000, credit: 0, processingFee: 299, total: 10299, governmentFee: 18500, outOfPocket: 28799, visaClass: 'B' as const, governmentFees: [] };
const FEATURES = { wizardAccess: true, estaCheck: true, aiAnalysis: true, documentReview: true, interviewPrep: false, prioritySupport: false };
const QUOTE: QuoteDto = {
  service: 'DS-160',
  options: [
    { product: 'basic', service: 'DS-160', price: { ...PRICE, serviceFee: 5000, total: 5299, outOfPocket: 23799 }, features: FEATURES, available: false },
    { product: 'pro', service: 'DS-160', price: PRICE, features: FEATURES, available: true },
  ],
  selected: 'pro',
  lead: { id: '11111111-1111-4111-8111-111111111111', formType: 'DS-160', name: 'Maria' },
  officialSite: 'https://ceac.state.gov/genniv/',
  owned: [{ product: 'basic', orderId: '33333333-3333-4333-8333-333333333333', number: 'RB-261123-BASIC000' }],
  email: 'maria@example.com',
  newApplication: false,
};
const ORDER = { id: '22222222-2222-4222-8222-222222222222', number: 'RB-261123-ABCDEFGH', status: 'paid' } as OrderDto;
const PRICES: PriceListDto = { basic: PRICE, pro: PRICE, premium: PRICE, esta: PRICE, completion: PRICE };
const CARD = { cardNumber: '4242424242424242', expiryDate: '12/39', cvv: '123', cardName: 'Maria Lopez', billingAddress: 'Calle Mayor 12', city: 'Madrid', zipCode: '28013', country: 'Spain' };

describe('pricing', () => {
  it('purchases only a listed plan and ends on the checkout link the server gave', async () => {
    const purchase = vi.fn(async ({ input }: { input: { planId: string } }) => ({ checkoutUrl: `/checkout?plan=${input.planId}` }));
    const actor = startHeard(
      pricingMachine.provide({
        actors: { fetchPricing: resolves<PricingData>({ plans: [{ id: 'pro', name: 'Pro', price: 10000, features: FEATURES }], prices: PRICES }), purchasePackage: fromPromise(purchase) },
      }),
      {},
    );
    await settle(actor);
    actor.send({ type: 'PURCHASE', planId: 'gold' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'PURCHASE', planId: 'pro' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.effects).toEqual([{ type: 'navigate', to: '/checkout?plan=pro' }]);
  });

  it('announces a failed purchase and stays on the page', async () => {
    const actor = startHeard(
      pricingMachine.provide({
        actors: { fetchPricing: resolves<PricingData>({ plans: [{ id: 'pro', name: 'Pro', price: 1, features: FEATURES }], prices: PRICES }), purchasePackage: rejects(new Error('x')) },
      }),
    );
    await settle(actor);
    actor.send({ type: 'PURCHASE', planId: 'pro' });
    await settle(actor);
    expect(actor.effects).toEqual([
      { type: 'toast', toast: { title: 'commerce:toast.purchaseFailed.title', description: 'commerce:toast.purchaseFailed.description', variant: 'destructive' } },
    ]);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});

describe("pricing, arriving with the server's data", () => {
  it('opens ready, without asking for it again', () => {
    const fetchPricing = vi.fn(async (): Promise<PricingData> => ({ plans: [], prices: PRICES }));
    const data: PricingData = { plans: [{ id: 'pro', name: 'Pro', price: 10000, features: FEATURES }], prices: PRICES };
    const actor = createActor(pricingMachine.provide({ actors: { fetchPricing: fromPromise(fetchPricing) } }), { input: { data } }).start();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.data).toBe(data);
    expect(fetchPricing).not.toHaveBeenCalled();
  });
});

describe('checkout', () => {
  const start = (processPayment = resolves(ORDER)) =>
    startHeard(checkoutMachine.provide({ actors: { fetchQuote: resolves(QUOTE), processPayment } }), { query: { plan: 'pro' }, today: '2026-11-23' });
  const fill = (actor: ReturnType<typeof start>, card = CARD) => {
    for (const [field, value] of Object.entries(card)) actor.send({ type: 'FIELD.CHANGE', field: field as never, value });
  };
  const conflict = (code: string) => Object.assign(new Error('409'), { status: 409, serverMessage: 'This application already has it.', code });

  it('refuses an option the application already has, formats the card as typed, and pays the chosen option', async () => {
    const actor = start();
    await settle(actor);
    actor.send({ type: 'PLAN.SELECT', product: 'basic' });
    expect(actor.getSnapshot().context.selected).toBe('pro');
    fill(actor);
    expect(actor.getSnapshot().context.details.cardNumber).toBe('4242 4242 4242 4242');
    const request = paymentRequest({ ...actor.getSnapshot().context, attemptKey: 'k' });
    // The receipt's address comes prefilled from the quote (the application's or the account's).
    expect(request).toMatchObject({ plan: 'pro', amount: 102.99, leadId: QUOTE.lead?.id, idempotencyKey: 'k', email: 'maria@example.com' });
    expect(request).not.toHaveProperty('newApplication');
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(lastNavigation(actor.effects)).toBe(`/payment-confirmation?order=${ORDER.id}`);
  });

  it("says 'Missing Information' for an empty card and never calls the server", async () => {
    const processPayment = vi.fn(async () => ORDER);
    const actor = start(fromPromise(processPayment));
    await settle(actor);
    actor.send({ type: 'PAY' });
    // Said once, and focus goes to the first field in error.
    expect(actor.effects).toEqual([
      { type: 'toast', toast: { title: 'commerce:toast.missing.title', description: 'commerce:toast.missing.description', variant: 'destructive' } },
      { type: 'focusError', form: 'payment-form' },
    ]);
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(expect.arrayContaining(['cardNumber', 'expiryDate', 'cvv']));
    expect(processPayment).not.toHaveBeenCalled();
  });

  it('keeps the idempotency key only to retry a payment whose answer was lost', async () => {
    const keys: string[] = [];
    let answer: unknown = new TypeError('Failed to fetch');
    const processPayment = fromPromise(async ({ input }: { input: { idempotencyKey: string } }) => {
      keys.push(input.idempotencyKey);
      throw answer;
    });
    const actor = start(processPayment as never);
    await settle(actor);
    fill(actor);
    actor.send({ type: 'PAY' });
    await settle(actor);
    actor.send({ type: 'PAY' });
    await settle(actor);
    answer = Object.assign(new Error('402'), { status: 402, serverMessage: 'Your card was declined.', code: 'card_declined' });
    actor.send({ type: 'PAY' });
    await settle(actor);
    actor.send({ type: 'PAY' });
    await settle(actor);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[1]).toBe(keys[2]);
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('refuses a receipt address that is not one, with the field named, and never calls the server', async () => {
    const processPayment = vi.fn(async () => ORDER);
    const actor = start(fromPromise(processPayment));
    await settle(actor);
    fill(actor);
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: 'maria@' });
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: { key: 'validation.email.invalid' } });
    expect(processPayment).not.toHaveBeenCalled();
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: ' ana@example.com ' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(paymentRequest({ ...actor.getSnapshot().context, attemptKey: 'k' }).email).toBe('ana@example.com');
  });

  it("names the order behind an option no longer for sale: the same package's, else the highest the application has", () => {
    const option = (product: 'basic' | 'pro' | 'premium', available: boolean) => ({ ...QUOTE.options[1]!, product, available });
    const order = (product: 'basic' | 'pro', n: string) => ({ product, orderId: `${n}3333333-3333-4333-8333-333333333333`, number: `RB-261123-${product.toUpperCase()}` });
    const quote = { ...QUOTE, options: [option('basic', false), option('pro', false), option('premium', true)], owned: [order('basic', '1'), order('pro', '2')] };
    expect(ownedOrder(quote, 'basic')).toEqual(order('basic', '1'));
    expect(ownedOrder(quote, 'pro')).toEqual(order('pro', '2'));
    expect(ownedOrder({ ...quote, owned: [order('basic', '1'), order('pro', '2')].reverse() }, 'basic')).toEqual(order('basic', '1'));
    expect(ownedOrder({ ...quote, options: [option('basic', false), option('pro', false)], owned: [order('basic', '1'), order('pro', '2')] }, 'premium')).toBeNull();
    expect(ownedOrder({ ...quote, owned: [order('basic', '1'), order('pro', '2')] }, 'premium')).toBeNull();
    expect(ownedOrder({ ...quote, options: [option('basic', true), option('pro', false)], owned: [order('basic', '1'), order('pro', '2')] }, 'pro')).toEqual(order('pro', '2'));
    expect(ownedOrder({ ...quote, options: [option('basic', true), option('pro', false)], owned: [order('basic', '1')] }, 'pro')).toEqual(order('basic', '1'));
    expect(ownedOrder(null, 'basic')).toBeNull();
    expect(stillForSale(quote).map((o) => o.product)).toEqual(['premium']);
  });

  it('opens on the paid order, not a form, when the link names a package the application has (Back after paying)', async () => {
    const actor = createActor(checkoutMachine.provide({ actors: { fetchQuote: resolves({ ...QUOTE, selected: 'basic' }) } }), {
      input: { query: { plan: 'basic' }, today: '2026-11-23' },
    }).start();
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('owned');
    expect(ownedOrder(actor.getSnapshot().context.quote, 'basic')).toEqual(QUOTE.owned[0]);
    expect(stillForSale(actor.getSnapshot().context.quote).map((o) => o.product)).toEqual(['pro']);
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().value).toBe('owned');
    // What else can be bought: the upgrade, with the application's e-mail prefilled.
    actor.send({ type: 'PLAN.SELECT', product: 'pro' });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ selected: 'pro', email: 'maria@example.com' });
  });

  it('buys the same package for another traveller only when asked, as a new application', async () => {
    const queries: unknown[] = [];
    const fetchQuote = fromPromise(async ({ input }: { input: unknown }) => {
      queries.push(input);
      return queries.length === 1 ? { ...QUOTE, selected: 'basic' } : { ...QUOTE, lead: null, owned: [], newApplication: true, options: QUOTE.options.map((o) => ({ ...o, available: true })), selected: 'basic' };
    });
    const actor = createActor(checkoutMachine.provide({ actors: { fetchQuote: fetchQuote as never } }), { input: { query: { plan: 'basic', lead: QUOTE.lead?.id }, today: '2026-11-23' } }).start();
    await settle(actor);
    actor.send({ type: 'ANOTHER_TRAVELLER' });
    await settle(actor);
    expect(queries[1]).toEqual({ plan: 'basic', formType: 'DS-160', newApplication: true });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    const request = paymentRequest({ ...actor.getSnapshot().context, attemptKey: 'k' });
    expect(request).toMatchObject({ plan: 'basic', newApplication: true });
    expect(request).not.toHaveProperty('leadId');
  });

  it('paid in another tab: the refusal asks again what the application has and shows it', async () => {
    let quotes = 0;
    const fetchQuote = fromPromise(async () => (++quotes === 1 ? QUOTE : { ...QUOTE, options: QUOTE.options.map((o) => ({ ...o, available: false })), owned: [...QUOTE.owned, { product: 'pro' as const, orderId: ORDER.id, number: ORDER.number }] }));
    const actor = startHeard(checkoutMachine.provide({ actors: { fetchQuote: fetchQuote as never, processPayment: rejects(conflict('already_purchased')) } }), {
      query: { plan: 'pro' },
      today: '2026-11-23',
    });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'PAY' });
    await settle(actor);
    expect(effectsOf(actor.effects, 'toast').map((e) => e.toast)).toEqual([{ title: 'commerce:toast.alreadyPurchased.title', description: 'commerce:toast.alreadyPurchased.description' }]);
    expect(actor.getSnapshot().value).toBe('owned');
    expect(ownedOrder(actor.getSnapshot().context.quote, 'pro')).toMatchObject({ orderId: ORDER.id });
    expect(actor.getSnapshot().context.attemptKey).toBeNull();
  });

  it("shows 'Invalid Plan' for a link naming no plan", async () => {
    const actor = createActor(checkoutMachine.provide({ actors: { fetchQuote: resolves({ ...QUOTE, selected: null }) } }), {
      input: { query: { plan: 'gold' }, today: '2026-11-23' },
    }).start();
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('invalidPlan');
  });
});

describe('confirmation', () => {
  it('trusts only the server: a missing id loads nothing, a pending order is not shown paid', async () => {
    expect(createActor(confirmationMachine, { input: { orderId: null } }).start().getSnapshot().value).toBe('missing');
    expect(createActor(confirmationMachine, { input: { orderId: 'x' } }).start().getSnapshot().value).toBe('missing');
    const pending = createActor(confirmationMachine.provide({ actors: { fetchOrder: resolves({ ...ORDER, status: 'pending' }) } }), { input: { orderId: ORDER.id } }).start();
    await settle(pending);
    expect(pending.getSnapshot().value).toBe('pending');
  });

  it('saves a PDF it downloads, and names the order when one fails', async () => {
    const file = { fileName: 'ds160-confirmation-x.pdf', bytes: new Uint8Array([37]) };
    const actor = startHeard(
      confirmationMachine.provide({ actors: { fetchOrder: resolves(ORDER), downloadReceipt: resolves(file), downloadForm: rejects(new Error('x')) } }),
      { orderId: ORDER.id },
    );
    await settle(actor);
    actor.send({ type: 'DOWNLOAD.RECEIPT' });
    await settle(actor);
    actor.send({ type: 'DOWNLOAD.FORM' });
    await settle(actor);
    expect(actor.effects).toEqual([
      { type: 'download', file },
      { type: 'toast', toast: { title: 'commerce:toast.formFailed.title', description: 'commerce:toast.formFailed.description', params: { number: ORDER.number }, variant: 'destructive' } },
    ]);
    expect(actor.getSnapshot().matches({ paid: 'idle' })).toBe(true);
  });
});

describe('login', () => {
  const ACCOUNT: AccountDto = { id: 'u', email: 'maria@example.com', role: 'user' };

  it('opens on the tab the link asks for and checks the form before sending it', async () => {
    const signup = vi.fn(async () => ACCOUNT);
    const actor = startHeard(loginMachine.provide({ actors: { signup: fromPromise(signup) } }), { tab: 'signup' });
    expect(actor.getSnapshot().matches('signup')).toBe(true);
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: 'maria@example.com' });
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'a long passphrase' });
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'another passphrase' });
    actor.send({ type: 'SIGNUP' });
    // 'Passwords do not match', and focus to the first field in error of the sign-up form.
    expect(actor.effects).toEqual([
      { type: 'toast', toast: { title: 'account:toast.mismatch.title', description: 'account:toast.mismatch.description', variant: 'destructive' } },
      { type: 'focusError', form: 'signup-form' },
    ]);
    expect(signup).not.toHaveBeenCalled();
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'a long passphrase' });
    actor.send({ type: 'SIGNUP' });
    await waitFor(actor, (s) => s.status === 'done');
    // Signed up: the app's session is told who it is, and the dashboard opens.
    expect(actor.effects.slice(2)).toEqual([
      { type: 'toast', toast: { title: 'account:toast.signedUp.title', description: 'account:toast.signedUp.description' } },
      { type: 'signedIn', account: ACCOUNT },
      { type: 'navigate', to: '/dashboard' },
    ]);
  });

  it("passes the server's reason (its code, worded by the interface) to the toast and stays on the form", async () => {
    const actor = startHeard(loginMachine.provide({ actors: { userLogin: rejects({ status: 401, serverMessage: 'Invalid e-mail or password.', code: 'invalid_credentials' }) } }), { tab: 'login' });
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: 'maria@example.com' });
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'wrong' });
    actor.send({ type: 'LOGIN' });
    await settle(actor);
    expect(actor.effects).toEqual([{ type: 'toast', toast: { title: 'account:toast.loginFailed.title', description: 'errors:invalid_credentials', variant: 'destructive' } }]);
    expect(actor.getSnapshot().matches({ login: 'editing' })).toBe(true);
  });
});

describe('session', () => {
  it('is signed in only when the server says so, and says Logged Out even when the server is unreachable', async () => {
    const actor = startHeard(sessionMachine.provide({ actors: { fetchMe: resolves({ user: { id: 'u', email: 'a@b.co', role: 'user' } }), logout: rejects(new Error('offline')) } }));
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'SIGN_OUT' });
    await settle(actor);
    expect(actor.getSnapshot().context.account).toBeNull();
    expect(actor.effects).toEqual([{ type: 'toast', toast: { title: 'account:toast.loggedOut.title', description: 'account:toast.loggedOut.description' } }]);
    const anonymous = createActor(sessionMachine.provide({ actors: { fetchMe: rejects(new Error('offline')) } })).start();
    await settle(anonymous);
    expect(anonymous.getSnapshot().value).toBe('signedOut');
  });
});

describe('dashboard', () => {
  /** The dashboard as the page opens it: its effects heard, and told that someone is signed in. */
  const signedIn = (machine: typeof dashboardMachine) => {
    const actor = startHeard(machine);
    actor.send({ type: 'SESSION', signedIn: true, checking: false });
    return actor;
  };

  it('waits for the session: someone signed in loads the list, nobody goes to /login without asking the server', async () => {
    const fetchDashboard = vi.fn(async (): Promise<DashboardData> => ({ applications: [], orders: [], groupPayments: [] }));
    const nobody = startHeard(dashboardMachine.provide({ actors: { fetchDashboard: fromPromise(fetchDashboard) } }));
    expect(nobody.getSnapshot().hasTag('busy')).toBe(true);
    nobody.send({ type: 'SESSION', signedIn: false, checking: true });
    expect(nobody.getSnapshot().value).toBe('waiting');
    nobody.send({ type: 'SESSION', signedIn: false, checking: false });
    expect(nobody.effects).toEqual([{ type: 'navigate', to: '/login', replace: true }]);
    expect(fetchDashboard).not.toHaveBeenCalled();
    // Once open it stays: a later word from the session does not close it.
    const open = signedIn(dashboardMachine.provide({ actors: { fetchDashboard: fromPromise(fetchDashboard) } }));
    await settle(open);
    open.send({ type: 'SESSION', signedIn: false, checking: false });
    expect(open.getSnapshot().matches('ready')).toBe(true);
  });

  const app = (over: Partial<ApplicationDto>): ApplicationDto => ({
    id: 'a',
    type: 'ESTA',
    country: 'Spain',
    purpose: 'tourism',
    status: 'in-progress',
    createdAt: '',
    lastModified: '',
    progress: 40,
    paymentStatus: 'pending',
    plan: 'none',
    source: 'esta-wizard',
    wizard: 'esta',
    orders: [],
    group: null,
    ...over,
  });

  it('shows a family or group as one card, leader first, where its first application is', () => {
    const member = (id: string, relationship: string, group = 'g') => app({ id, group: { id: group, relationship, traveller: id } });
    const cards = applicationCards([member('luis', 'spouse'), app({ id: 'alone' }), member('ana', 'leader'), member('eva', 'leader', 'h')], []);
    expect(cards.map((c) => (c.kind === 'single' ? c.application.id : c.applications.map((a) => a.id)))).toEqual([['ana', 'luis'], 'alone', ['eva']]);
  });

  it("keeps a group's payments that went through on its card, each with the address of its confirmation and receipt", async () => {
    const member = (id: string, relationship: string, group: string) => app({ id, group: { id: group, relationship, traveller: id } });
    const price = { serviceFee: 30_000, credit: 0, processingFee: 299, total: 30_299, governmentFee: 4_200, outOfPocket: 34_499, visaClass: null, governmentFees: [] };
    const payment = (over: Partial<GroupPaymentSummaryDto>): GroupPaymentSummaryDto => ({
      id: 'p1',
      number: 'RB-261120-GROUP001',
      groupId: 'g',
      status: 'paid',
      price,
      createdAt: '2026-11-20T10:00:00.000Z',
      paidAt: '2026-11-20T10:00:04.000Z',
      ...over,
    });
    const payments = [
      payment({}),
      payment({ id: 'p2', number: 'RB-261119-DECLINED', status: 'failed', paidAt: null }),
      payment({ id: 'p3', number: 'RB-261118-WAITING0', status: 'pending', paidAt: null }),
      payment({ id: 'p4', number: 'RB-261117-OTHERGRP', groupId: 'h', price: { ...price, total: 7_999 } }),
      payment({ id: 'p5', number: 'RB-261116-NOCARD00', groupId: 'nobody-listed' }),
    ];
    const applications = [member('ana', 'leader', 'g'), member('luis', 'spouse', 'g'), app({ id: 'alone' }), member('eva', 'leader', 'h')];
    const actor = signedIn(dashboardMachine.provide({ actors: { fetchDashboard: resolves({ applications, orders: [], groupPayments: payments }) } }));
    expect(actor.getSnapshot().context.groupPayments).toEqual([]);
    await settle(actor);
    const { context } = actor.getSnapshot();
    expect(context.groupPayments).toEqual(payments);
    const cards = applicationCards(context.applications, context.groupPayments);
    expect(cards.map((c) => (c.kind === 'group' ? [c.id, c.payments] : c.application.id))).toEqual([
      ['g', [{ id: 'p1', number: 'RB-261120-GROUP001', paidAt: '2026-11-20T10:00:04.000Z', total: 30_299, to: '/payment-confirmation?groupPayment=p1' }]],
      'alone',
      ['h', [{ id: 'p4', number: 'RB-261117-OTHERGRP', paidAt: '2026-11-20T10:00:04.000Z', total: 7_999, to: '/payment-confirmation?groupPayment=p4' }]],
    ]);
    // A payment stored without its moment of payment is dated when it was made.
    const [undated] = applicationCards([member('ana', 'leader', 'g')], [payment({ paidAt: null })]);
    expect(undated?.kind === 'group' && undated.payments.map((p) => p.paidAt)).toEqual(['2026-11-20T10:00:00.000Z']);
  });

  it('continues drafts, work in progress and finished unpaid applications (issue 45 item 5), with a wizard', () => {
    expect(canContinue(app({}))).toBe(true);
    expect(canContinue(app({ status: 'draft' }))).toBe(true);
    expect(canContinue(app({ status: 'submitted' }))).toBe(true);
    expect(canContinue(app({ status: 'submitted', paymentStatus: 'paid' }))).toBe(false);
    expect(canContinue(app({ wizard: null }))).toBe(false);
    expect(inProgressCount([app({}), app({ status: 'draft' }), app({ status: 'in-progress' })])).toBe(2);
  });

  it('sends nobody-signed-in to /login, and Continue hands the answers to the wizard', async () => {
    const toLogin = signedIn(dashboardMachine.provide({ actors: { fetchDashboard: rejects({ status: 401 }) } }));
    await waitFor(toLogin, (s) => s.status === 'done');
    expect(lastNavigation(toLogin.effects)).toBe('/login');

    const actor = signedIn(dashboardMachine.provide({ actors: { fetchDashboard: resolves({ applications: [app({})], orders: [], groupPayments: [] }), fetchAnswers: resolves({ email: 'a@b.co' }) } }));
    await settle(actor);
    actor.send({ type: 'CONTINUE', id: 'a' });
    await waitFor(actor, (s) => s.status === 'done');
    // The wizard opens on the first question the answers leave open: the e-mail is answered, the first name is next.
    expect(estaCatalog.questions.slice(0, 2).map((q) => q.id)).toEqual(['email', 'first-name']);
    expect(actor.effects).toEqual([
      {
        type: 'store',
        area: 'local',
        values: { 'rumbo-wizard-esta': JSON.stringify({ answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'a', synced: { email: 'a@b.co' } }) },
      },
      { type: 'navigate', to: '/apply/esta-wizard' },
    ]);
  });

  it('adds travellers where the group panel is, by the one who fills and pays, while the application is open', () => {
    expect(canAddTraveller(app({}))).toBe(true);
    expect(canAddTraveller(app({ wizard: 'form', status: 'submitted' }))).toBe(true);
    expect(canAddTraveller(app({ group: { id: 'g', relationship: 'leader', traveller: 'Ana' } }))).toBe(true);
    expect(canAddTraveller(app({ group: { id: 'g', relationship: 'child', traveller: 'Diego' } }))).toBe(false);
    expect(canAddTraveller(app({ wizard: 'ds160' }))).toBe(false);
    expect(canAddTraveller(app({ wizard: 'preassessment' }))).toBe(false);
    expect(canAddTraveller(app({ status: 'approved' }))).toBe(false);
  });

  it('opens the ten-section form and "Add a traveller" by their address, loading nothing first', async () => {
    const fetchAnswers = vi.fn(async () => ({}));
    const open = async (event: { type: 'CONTINUE' | 'ADD_TRAVELLER'; id: string }) => {
      const actor = signedIn(
        dashboardMachine.provide({
          actors: { fetchDashboard: resolves({ applications: [app({}), app({ id: 'f', wizard: 'form', type: 'DS-160', source: 'ds160-wizard' })], orders: [], groupPayments: [] }), fetchAnswers: fromPromise(fetchAnswers) },
        }),
      );
      await settle(actor);
      actor.send(event);
      return lastNavigation(actor.effects);
    };
    expect(await open({ type: 'CONTINUE', id: 'f' })).toBe('/ds160-wizard?traveller=f');
    expect(await open({ type: 'ADD_TRAVELLER', id: 'f' })).toBe('/ds160-wizard?traveller=f&add-traveller=1');
    expect(await open({ type: 'ADD_TRAVELLER', id: 'a' })).toBe('/apply/esta-wizard?traveller=a&add-traveller=1');
    expect(await open({ type: 'ADD_TRAVELLER', id: 'nobody' })).toBeUndefined();
    expect(fetchAnswers).not.toHaveBeenCalled();
  });

  it("lists the orders, prints a paid one's receipt, and its form only once the form is complete", async () => {
    const paid = { ...ORDER, formReady: false } as OrderDto;
    const failed = { ...ORDER, id: 'f', number: 'RB-261123-FAILED00', status: 'failed', formReady: true } as OrderDto;
    const file: PdfFile = { fileName: 'r.pdf', bytes: new Uint8Array([37]) };
    const downloadReceipt = vi.fn(async () => file);
    const actor = signedIn(
      dashboardMachine.provide({
        actors: { fetchDashboard: resolves({ applications: [app({})], orders: [paid, failed], groupPayments: [] }), downloadReceipt: fromPromise(downloadReceipt), downloadForm: rejects(new Error('x')) },
      }),
    );
    await settle(actor);
    expect(actor.getSnapshot().context.orders).toEqual([paid, failed]);
    expect([hasReceipt(paid), hasFormPdf(paid), hasReceipt(failed), hasFormPdf(failed)]).toEqual([true, false, false, false]);
    // Nothing to print for a failed order, and no form before the application's form is complete.
    for (const event of [{ type: 'DOWNLOAD.RECEIPT', orderId: failed.id }, { type: 'DOWNLOAD.FORM', orderId: paid.id }, { type: 'DOWNLOAD.RECEIPT', orderId: 'nope' }] as const) {
      actor.send(event);
      expect(actor.getSnapshot().matches({ ready: 'list' })).toBe(true);
    }
    actor.send({ type: 'DOWNLOAD.RECEIPT', orderId: paid.id });
    expect(actor.getSnapshot().matches({ ready: 'receipt' })).toBe(true);
    expect(actor.getSnapshot().context.downloading).toBe(paid.id);
    await waitFor(actor, (s) => s.matches({ ready: 'list' }));
    expect(downloadReceipt).toHaveBeenCalledWith(expect.objectContaining({ input: { order: paid } }));
    expect(actor.effects).toEqual([{ type: 'download', file }]);
    expect(actor.getSnapshot().context.downloading).toBeNull();
  });
});

describe('results', () => {
  it('says there is nothing to analyse before a pre-assessment', async () => {
    const actor = startHeard(resultsMachine.provide({ actors: { fetchResults: resolves({ analysis: null, esta: null }) } }));
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('noData');
    actor.send({ type: 'START_NEW' });
    expect(actor.effects).toEqual([{ type: 'navigate', to: '/wizard' }]);
  });
});
