import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { checkoutCalls } from '../../client/api/actors/checkout';
import { checkoutMachine, type CheckoutContext } from '../../machines/checkout.machine';
import type { PaymentField } from '../../machines/domain/payment';
import { application, CARDS, chargedInAnotherTab, FILLED, MISSING_TOAST, PAID_TOAST, pay, paymentFailedToast, toastsOf } from './commerce';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /checkout (spec 1-core §2.5) against the real quote and payment routes and the embedded test gateway.
// Each case opens the page as a link would; the card form is filled field by field, then paid.

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

// The card form as this oracle states it (spec 1-core §2.5, §5), for the values the paths type.
const PAYMENT_FIELDS: readonly PaymentField[] = ['cardNumber', 'expiryDate', 'cvv', 'cardName', 'billingAddress', 'city', 'zipCode', 'country'];
const cardDigits = (typed: string) => typed.replace(/[\s-]/g, '');
/** What the form shows of what is typed: a card number in groups of four, the expiry as MM/YY, the CVV's digits. */
const SHOWN: Partial<Record<PaymentField, Record<string, string>>> = {
  cardNumber: Object.fromEntries(Object.values(CARDS).flatMap((card) => [[card, card], [cardDigits(card), card]])),
  expiryDate: { '1239': '12/39', '12/39': '12/39' },
  cvv: { '12a3': '123', '123': '123' },
};
function shownValue(field: PaymentField, typed: string): string {
  const table = SHOWN[field];
  if (!table) return typed;
  if (!(typed in table)) throw new Error(`the oracle does not say how ${field} shows ${JSON.stringify(typed)}`);
  return table[typed] as string;
}
/** 'Missing Information': the card, its expiry or its CVV left empty. */
const missingCard = (d: CheckoutContext['details']) => ['cardNumber', 'expiryDate', 'cvv'].some((f) => d[f as PaymentField].trim() === '');
/** The receipt's address: an e-mail with a name, an @ and a domain (an empty one is as invalid as a wrong one). */
const emailError = (typed: string) => (/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(typed.trim()) ? null : { key: 'validation.email.invalid' });
/** Each card field's message: an empty one is required; the card that fails its checksum is refused; the fixture's values pass. */
function cardErrors(d: CheckoutContext['details']) {
  return Object.fromEntries(
    PAYMENT_FIELDS.flatMap((field) => {
      if (d[field].trim() === '') return [[field, { key: 'validation.required' }]];
      if (field === 'cardNumber' && cardDigits(d[field]) === cardDigits(CARDS.invalid)) return [[field, { key: 'validation.payment.cardNumber' }]];
      return [];
    }),
  );
}

const context = (s: Snap) => s.context as CheckoutContext;

// The page's rules as this oracle states them (spec 1-core §2.5), not imported from the machine it judges.
/** The option on screen: the quote's option for the product chosen. */
const selectedOption = (c: CheckoutContext) => c.quote?.options.find((o) => o.product === c.selected);
/** What the application can still buy. */
const stillForSale = (quote: CheckoutContext['quote']) => quote?.options.filter((o) => o.available) ?? [];
/** The paid order behind an option the application already has: the same package, else the highest it has. */
function ownedOrder(quote: CheckoutContext['quote'], selected: string | null) {
  const option = quote?.options.find((o) => o.product === selected);
  if (!quote || !option || option.available) return null;
  const rank = (product: string) => ['basic', 'pro', 'premium'].indexOf(product);
  return quote.owned.find((o) => o.product === selected) ?? [...quote.owned].sort((a, b) => rank(b.product) - rank(a.product))[0] ?? null;
}
/** What Pay sends: the chosen option, its shown amount, the application, the receipt's address, the key and the card. */
function paymentRequest(c: CheckoutContext) {
  const option = selectedOption(c)!;
  return {
    plan: option.product,
    amount: option.price.total / 100,
    ...(c.quote?.lead ? { leadId: c.quote.lead.id } : {}),
    ...(c.quote?.newApplication ? { newApplication: true } : {}),
    email: c.email.trim(),
    idempotencyKey: c.attemptKey,
    paymentDetails: c.details,
  };
}
/** Each field's message as the server judges it: the receipt's e-mail, then the card and the billing address. */
function checkoutErrors(c: CheckoutContext): CheckoutContext['errors'] {
  const email = emailError(c.email);
  return { ...(email ? { email } : {}), ...cardErrors(c.details) };
}

async function paidBasic(world: World): Promise<string> {
  const leadId = await application(world);
  await pay(world, 'basic', leadId);
  return leadId;
}
const cardOf = (s: Snap) => cardDigits(context(s).details.cardNumber);

/**
 * Another tab paid Pro for this application and its server died before settling it: the order is pending, past
 * its grace period, and the gateway's record says charged. This page's quote still offers Pro; its payment makes
 * the server reconcile that order first, and the answer is 409 already_purchased naming it.
 */
async function paidInAnotherTab(world: World): Promise<string> {
  const leadId = await application(world);
  await chargedInAnotherTab(world, leadId, { service: 'DS-160', plan: 'pro', serviceFee: 10_000 });
  return leadId;
}

/**
 * What the model expects the server to quote: the options (only which exist and which are available matter to
 * the machine) and the one preselected. The live actor gets the server's real quote; the oracle checks it.
 */
function modelQuote(selected: string | null, options: Array<[product: string, available: boolean]>, owned: string[] = [], email: string | null = 'maria@example.com') {
  const price = { serviceFee: 0, credit: 0, processingFee: 0, total: 0, governmentFee: 0, outOfPocket: 0, visaClass: null, governmentFees: [] };
  return {
    selected,
    options: options.map(([product, available]) => ({ product, available, price })),
    lead: null,
    owned: owned.map((product) => ({ product, orderId: 'model', number: 'model' })),
    email,
    newApplication: false,
  };
}

const PACKAGES = modelQuote('pro', [['basic', true], ['pro', true], ['premium', true]]);

/** The page's moves: fill the first empty field, swap the card, choose another option, pay; and each call's outcome. */
const events = (quote: ReturnType<typeof modelQuote>) => (s: Snap): AnyEventObject[] => {
  const c = context(s);
  if (s.matches('loading')) {
    return [
      { type: 'xstate.done.actor.fetchQuote', output: quote },
      { type: 'xstate.error.actor.fetchQuote', error: 'network' },
    ];
  }
  if (s.matches('failed')) return [{ type: 'RETRY' }, { type: 'PAY' }];
  if (s.matches('invalidPlan')) return [{ type: 'PAY' }, { type: 'RETRY' }];
  if (s.matches('owned')) return [{ type: 'PAY' }, ...stillForSale(c.quote).map((o) => ({ type: 'PLAN.SELECT', product: o.product })), { type: 'ANOTHER_TRAVELLER' }];
  if (s.matches({ ready: 'paying' })) {
    const card = cardOf(s);
    return [
      ...(card === cardDigits(CARDS.success) ? [{ type: 'xstate.done.actor.processPayment', output: { id: 'model' } }] : []),
      ...(card === cardDigits(CARDS.declined) ? [{ type: 'xstate.error.actor.processPayment', error: 'server' }] : []),
      { type: 'xstate.error.actor.processPayment', error: 'network' },
      // A double click: the button is disabled while paying, and the machine ignores a second PAY anyway.
      { type: 'PAY' },
    ];
  }
  if (!s.matches({ ready: 'editing' })) return [];
  const moves: AnyEventObject[] = [{ type: 'PAY' }];
  const empty = PAYMENT_FIELDS.find((field) => c.details[field] === '');
  // The receipt's address: prefilled from the application, typed (wrong, then right) when there is none.
  if (c.email === '' || c.email === 'maria@') moves.push({ type: 'FIELD.CHANGE', field: 'email', value: c.email === '' ? 'maria@' : 'maria@example.com' });
  if (empty === 'cardNumber') {
    // Typed as people type: the success card without spaces (the form groups it), the others as printed.
    moves.push(...Object.values(CARDS).map((value, i) => ({ type: 'FIELD.CHANGE', field: 'cardNumber', value: i === 0 ? cardDigits(value) : value })));
  } else if (empty) {
    const typed: Partial<Record<PaymentField, string>> = { expiryDate: '1239', cvv: '12a3' };
    moves.push({ type: 'FIELD.CHANGE', field: empty, value: typed[empty] ?? FILLED[empty] });
  } else {
    moves.push(...Object.values(CARDS).filter((v) => cardDigits(v) !== cardOf(s)).map((value) => ({ type: 'FIELD.CHANGE', field: 'cardNumber', value })));
  }
  for (const option of c.quote?.options ?? []) if (option.product !== c.selected) moves.push({ type: 'PLAN.SELECT', product: option.product });
  return moves;
};

/** The shortest way through the form: each empty field with what pays, then Pay; the payment goes through. */
function fillAndPay(s: Snap): AnyEventObject[] {
  const c = context(s);
  if (s.matches({ ready: 'paying' })) return [{ type: 'xstate.done.actor.processPayment', output: { id: 'model' } }];
  if (!s.matches({ ready: 'editing' })) return [];
  const empty = PAYMENT_FIELDS.find((field) => c.details[field] === '');
  return empty ? [{ type: 'FIELD.CHANGE', field: empty, value: FILLED[empty] }] : [{ type: 'PAY' }];
}

const paymentFails = (kind: 'server' | 'network') => (event: AnyEventObject) => event.type === 'xstate.error.actor.processPayment' && (event as { error?: unknown }).error === kind;
const pays = (event: AnyEventObject, before: Snap) => event.type === 'PAY' && before.matches({ ready: 'editing' });

/** Every PAY the machine accepted, with the key it paid with, in order. */
const payments = (world: World) => world.held.filter((h) => h.name === 'processPayment');

export const checkoutPaths: PathModel = {
  machine: checkoutMachine,
  budget: 100,
  calls: checkoutCalls,
  abstraction: (s) => {
    const c = context(s);
    return {
      value: s.value,
      selected: c.selected,
      card: cardDigits(c.details.cardNumber),
      filled: PAYMENT_FIELDS.filter((f) => c.details[f] !== '').length,
      keyKept: c.attemptKey !== null,
      errors: Object.keys(c.errors).sort(),
      email: c.email,
      quoted: c.quote !== null,
      newApplication: c.query.newApplication === true,
    };
  },
  payloadKind: (before, event) => `${JSON.stringify(event)} ${before.matches({ ready: 'paying' }) ? '' : context(before).attemptKey ? 'retrying' : ''}`,
  // The sequences the key rule is about, whatever the transition cover picks: a card refused by the gateway is a
  // new attempt (a new key); a payment whose answer was lost is retried with its key, unless the plan changed.
  required: [
    { name: 'a declined card, then Pay again', through: [paymentFails('server'), pays] },
    { name: 'a lost connection, then Pay again', through: [paymentFails('network'), pays] },
    { name: 'a lost connection, another plan, then Pay', through: [paymentFails('network'), (event) => event.type === 'PLAN.SELECT', pays] },
    // The quote that could not be loaded is asked for again, and the checkout opens on it.
    { name: 'a quote that failed, then Retry', through: [(event) => event.type === 'xstate.error.actor.fetchQuote', (event) => event.type === 'RETRY', (event) => event.type === 'xstate.done.actor.fetchQuote'] },
    // Back after paying: the upgrade opens the form, another traveller is a new quote for a new application.
    { name: 'Back after paying, then the upgrade, then Pay', case: 'Back to the checkout of a package already paid', through: [(event, before) => event.type === 'PLAN.SELECT' && before.matches('owned'), pays] },
    {
      name: 'Back after paying, then another traveller',
      case: 'Back to the checkout of a package already paid',
      through: [(event, before) => event.type === 'ANOTHER_TRAVELLER' && before.matches('owned'), (event) => event.type === 'xstate.done.actor.fetchQuote'],
    },
  ],
  cases: [
    {
      name: 'a DS-160 application paying Pro',
      input: { query: { plan: 'pro' }, today: TODAY },
      setup: async (world, input) => ({ ...input, query: { ...input.query, lead: await application(world) } }),
      events: events(PACKAGES),
    },
    {
      name: 'an application that already has Basic, upgrading',
      input: { query: { formType: 'DS-160', amount: '100' }, today: TODAY },
      setup: async (world, input) => ({ ...input, query: { ...input.query, lead: await paidBasic(world) } }),
      // Enough to see the owned package refused and the upgrade priced; paying is the first case's.
      events: (s) =>
        s.matches({ ready: 'editing' })
          ? context(s).quote!.options.map((o) => ({ type: 'PLAN.SELECT', product: o.product }))
          : events(modelQuote('pro', [['basic', false], ['pro', true], ['premium', true]]))(s),
    },
    {
      name: 'an ESTA link that says amount=1',
      input: { query: { formType: 'ESTA', amount: '1' }, today: TODAY },
      // No application, so no address to prefill: the receipt's e-mail is typed.
      events: (s) => (s.matches({ ready: 'editing' }) && context(s).details.cardNumber !== '' ? [{ type: 'PAY' }] : events(modelQuote('esta', [['esta', true]], [], null))(s)),
    },
    { name: 'a link naming a plan that does not exist', input: { query: { plan: 'gold' }, today: TODAY }, events: events(modelQuote(null, [])) },
    {
      // Back after paying: the link names the package the application has. The page shows that order, the
      // upgrade, and another traveller's purchase as an explicit choice.
      name: 'Back to the checkout of a package already paid',
      input: { query: { plan: 'pro' }, today: TODAY },
      setup: async (world, input) => {
        const leadId = await application(world);
        await pay(world, 'pro', leadId);
        return { ...input, query: { ...input.query, lead: leadId } };
      },
      events: (s) => {
        const c = context(s);
        if (s.matches('loading')) {
          const quote = c.query.newApplication ? PACKAGES : modelQuote('pro', [['basic', false], ['pro', false], ['premium', true]], ['pro']);
          return [{ type: 'xstate.done.actor.fetchQuote', output: quote }];
        }
        if (s.matches('owned')) return events(PACKAGES)(s);
        return fillAndPay(s);
      },
    },
    {
      // Pro, then the upgrade to Premium: a link to Basic shows the highest package the application has.
      name: 'Back to the checkout of Basic after Pro and Premium',
      input: { query: { plan: 'basic' }, today: TODAY },
      setup: async (world, input) => {
        const leadId = await application(world);
        await pay(world, 'pro', leadId);
        await pay(world, 'premium', leadId);
        return { ...input, query: { ...input.query, lead: leadId } };
      },
      events: (s) => (s.matches('loading') ? [{ type: 'xstate.done.actor.fetchQuote', output: modelQuote('basic', [['basic', false], ['pro', false], ['premium', false]], ['pro', 'premium']) }] : []),
    },
    {
      name: 'paying Pro that another tab has just paid for',
      input: { query: { plan: 'pro' }, today: TODAY },
      setup: async (world, input) => ({ ...input, query: { ...input.query, lead: await paidInAnotherTab(world) } }),
      events: (s) => {
        const c = context(s);
        if (s.matches('loading')) {
          const quote = c.quote ? modelQuote('pro', [['basic', false], ['pro', false], ['premium', true]], ['pro']) : PACKAGES;
          return [{ type: 'xstate.done.actor.fetchQuote', output: quote }];
        }
        // Paying Pro is refused: the server settles the other tab's Pro first. The upgrade then goes through.
        if (s.matches({ ready: 'paying' }) && c.selected !== 'premium') {
          return [{ type: 'xstate.error.actor.processPayment', error: { status: 409, code: 'already_purchased' }, sent: true }];
        }
        if (s.matches('owned')) return [{ type: 'PLAN.SELECT', product: 'premium' }];
        return fillAndPay(s);
      },
    },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(lastHeld(world, 'fetchQuote')?.input).toEqual(world.input.query);
    },
    step: ({ before, event, after, world, started, asked }) => {
      // The Pay button waits (busy) exactly while the quote or the payment is under way, and once the page leaves paid.
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches({ ready: 'paying' }) || after.matches('paid'));
      // Back after paying: another traveller asks for a new application's quote, of the same service and package;
      // an upgrade still for sale opens the form on it; anything else stays on the order that is paid.
      if (before.matches('owned') && event.type === 'ANOTHER_TRAVELLER') {
        expect(after.matches('loading')).toBe(true);
        expect(context(after).query).toEqual({ plan: context(before).selected ?? undefined, formType: context(before).quote?.service, newApplication: true });
      }
      if (before.matches('owned') && event.type === 'PLAN.SELECT') {
        const forSale = context(before).quote!.options.some((o) => o.product === event.product && o.available);
        expect(after.matches('ready')).toBe(forSale);
        if (forSale) expect(context(after).selected).toBe(event.product);
      }
      if (before.matches('failed') && event.type === 'RETRY') expect(after.matches('loading')).toBe(true);
      // A payment is asked for only with every field valid; otherwise the page shows each field's message,
      // and 'Missing Information' when the card, expiry or CVV is empty.
      // What is typed is kept as the form shows it: the card number grouped, the expiry as MM/YY, the CVV digits only.
      if (event.type === 'FIELD.CHANGE' && before.matches({ ready: 'editing' }) && event.field === 'email') {
        expect(context(after).email).toBe(event.value);
        expect(context(after).errors.email).toBeUndefined();
        expect(context(after).attemptKey).toBeNull();
      } else if (event.type === 'FIELD.CHANGE' && before.matches({ ready: 'editing' })) {
        const field = event.field as PaymentField;
        expect(context(after).details[field]).toBe(shownValue(field, event.value));
        expect(context(after).errors[field]).toBeUndefined();
        expect(context(after).attemptKey).toBeNull();
      }
      if (event.type === 'PAY' && before.matches({ ready: 'editing' })) {
        const details = context(before).details;
        // The receipt's address and the card, judged as the server judges them (it checks both again).
        const errors = checkoutErrors(context(before));
        const valid = Object.keys(errors).length === 0;
        expect(started.map((h) => h.name), 'a payment started').toEqual(valid ? ['processPayment'] : []);
        // 'Missing Information' when a card field is empty; focus goes to the first field in error whenever Pay is refused.
        expect(asked.map((e) => e.type)).toEqual(valid ? [] : missingCard(details) ? ['toast', 'focusError'] : ['focusError']);
        if (!valid) expect(asked.at(-1)?.params).toEqual({ type: 'focusError', form: 'payment-form' });
        if (missingCard(details)) expect(asked[0]?.params.toast).toEqual(MISSING_TOAST);
        expect(context(after).errors).toEqual(errors);
      } else {
        expect(started.filter((h) => h.name === 'processPayment')).toEqual([]);
      }
      // Every payment refused or lost is announced once, with the server's own reason when it gave one.
      const said = toastsOf(world);
      const failures = said.filter((t) => t.title === 'commerce:toast.paymentFailed.title');
      const conflicts = said.filter((t) => t.title === 'commerce:toast.alreadyPurchased.title' || t.title === 'commerce:toast.inProgress.title');
      const refusals = world.events.filter((e) => e.type === 'xstate.error.actor.processPayment');
      expect(failures.length + conflicts.length).toBe(refusals.length);
      if (event.type === 'xstate.error.actor.processPayment') {
        const answer = lastCall(world, 'POST', '/api/checkout/process');
        const sent = lastHeld(world, 'processPayment')?.verdict === 'sent';
        const body = answer?.response as { message?: string; code?: string; orderId?: string } | undefined;
        if (sent && answer?.status === 409) {
          // Paid elsewhere: the server names the order, and the page asks again what the application has.
          expect(body).toMatchObject({ code: 'already_purchased', orderId: expect.any(String) });
          expect(conflicts.at(-1)).toEqual({ title: 'commerce:toast.alreadyPurchased.title', description: 'commerce:toast.alreadyPurchased.description' });
          expect(after.matches('loading')).toBe(true);
        } else {
          expect(failures.at(-1)).toEqual(paymentFailedToast(sent ? body?.code : undefined));
          if (sent) expect(answer?.status).toBe(402);
        }
      }
      // The idempotency key: a new one for each attempt, the same one only to retry a payment whose answer was lost.
      const paid = payments(world);
      if (started.some((h) => h.name === 'processPayment') && paid.length > 1) {
        const [previous, current] = paid.slice(-2) as [(typeof paid)[number], (typeof paid)[number]];
        const lastFailure = world.events.map((e) => e.type).lastIndexOf('xstate.error.actor.processPayment');
        const changedSince = world.events.slice(lastFailure + 1).some((e) => e.type === 'FIELD.CHANGE' || e.type === 'PLAN.SELECT');
        const retry = previous.verdict === 'dropped' && !changedSince && !world.events.slice(lastFailure + 1).some((e) => e.type === 'ANOTHER_TRAVELLER');
        expect(current.input.idempotencyKey === previous.input.idempotencyKey, 'the key is reused').toBe(retry);
      }
    },
    states: {
      ready: (s, world) => {
        const answer = lastCall(world, 'GET', '/api/checkout/quote');
        expect(answer?.status).toBe(200);
        expect(context(s).quote).toEqual(answer?.response);
        // The server prices every option; the amount in the link never changes a price.
        for (const option of context(s).quote!.options) {
          const { serviceFee, credit, processingFee, total } = option.price;
          expect(total).toBe(serviceFee - credit + processingFee);
          expect(processingFee).toBe(299);
        }
        const option = selectedOption(context(s));
        expect(option?.available).toBe(true);
        // Prefilled from the application (the quote says which address), kept once typed.
        const quote = context(s).quote!;
        if (quote.email && !world.events.some((e) => e.type === 'FIELD.CHANGE' && e.field === 'email')) expect(context(s).email).toBe(quote.email);
        if (context(s).query.newApplication) expect(quote).toMatchObject({ lead: null, owned: [], newApplication: true });
        if (world.input.query.formType === 'ESTA') expect(option?.price.serviceFee).toBe(7700);
        if (world.input.query.amount === '100' && world.input.query.lead) {
          expect(context(s).quote!.options.find((o) => o.product === 'basic')?.available).toBe(false);
          expect(s.can({ type: 'PLAN.SELECT', product: 'basic' })).toBe(false);
        }
      },
      'ready.paying': (s, world) => {
        const held = lastHeld(world, 'processPayment');
        expect(held?.input).toEqual(paymentRequest(context(s)));
        expect(held?.input.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
        expect(held?.input.amount).toBe(selectedOption(context(s))!.price.total / 100);
        expect(s.hasTag('busy')).toBe(true);
      },
      // The application has the link's package: the order the server says bought it, no payment form.
      owned: async (s, world) => {
        const answer = lastCall(world, 'GET', '/api/checkout/quote');
        expect(context(s).quote).toEqual(answer?.response);
        const owned = ownedOrder(context(s).quote, context(s).selected);
        const row = await world.app.db.selectFrom('orders').selectAll().where('id', '=', owned!.orderId).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'paid', plan: owned!.product, number: owned!.number, lead_id: context(s).quote!.lead!.id });
        expect(stillForSale(context(s).quote).every((o) => o.price.credit > 0)).toBe(true);
        expect(s.can({ type: 'PAY' })).toBe(false);
      },
      invalidPlan: (s, world) => {
        expect(lastCall(world, 'GET', '/api/checkout/quote')?.response).toMatchObject({ selected: null });
        expect(world.held.filter((h) => h.name === 'processPayment')).toEqual([]);
        expect(toastsOf(world)).toEqual([{ title: 'commerce:toast.invalidPlan.title', description: 'commerce:toast.invalidPlan.description', variant: 'destructive' }]);
      },
      failed: (s, world) => {
        expect(lastHeld(world, 'fetchQuote')?.verdict).toBe('dropped');
      },
      paid: async (s, world) => {
        const answer = lastCall(world, 'POST', '/api/checkout/process');
        expect(answer?.status).toBe(200);
        const order = answer?.response as { id: string; status: string; price: { total: number }; card: unknown };
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual([`/payment-confirmation?order=${order.id}`]);
        expect(toastsOf(world).filter((t) => t.title === PAID_TOAST.title)).toEqual([PAID_TOAST]);
        expect(s.hasTag('busy')).toBe(true);
        // Charged once, at the server's price, and only the card's brand and last four kept.
        const rows = await world.app.db.selectFrom('orders').selectAll().where('id', '=', order.id).execute();
        expect(rows).toHaveLength(1);
        // At today's price less what the application paid before (which another tab may have paid since the quote).
        const option = selectedOption(context(s))!;
        const before = await world.app.db.selectFrom('orders').select('service_fee_cents').where('lead_id', '=', rows[0]!.lead_id).where('status', '=', 'paid').where('id', '!=', order.id).execute();
        const credit = Math.min(option.price.serviceFee, Math.max(0, ...before.map((o) => o.service_fee_cents)));
        expect(rows[0]).toMatchObject({
          status: 'paid',
          total_cents: option.price.serviceFee - credit + option.price.processingFee,
          card_brand: 'visa',
          card_last4: '4242',
          receipt_email: context(s).email.trim(),
          settled_by: 'checkout',
        });
        // For the application the quote named; another traveller's purchase made a new one.
        if (context(s).quote!.lead) expect(rows[0]!.lead_id).toBe(context(s).quote!.lead!.id);
        if (context(s).quote!.newApplication) expect(rows[0]!.lead_id).not.toBe(world.input.query.lead);
        const attempts = await world.app.db.selectFrom('payment_attempts').select('status').where('order_id', '=', order.id).execute();
        expect(attempts).toEqual([{ status: 'succeeded' }]);
      },
    },
  },
};
