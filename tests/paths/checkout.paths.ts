import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { checkoutCalls } from '../../client/api/actors/checkout';
import { checkoutMachine, paymentRequest, selectedOption, type CheckoutContext } from '../../machines/checkout.machine';
import { cardDigits, formatCardNumber, formatExpiry, missingPaymentDetails, PAYMENT_FIELDS, validatePaymentDetails, type PaymentField } from '../../machines/domain/payment';
import { toIsoDate } from '../../machines/domain/validators';
import { application, CARDS, FILLED, pay } from './commerce';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /checkout (spec 1-core §2.5) against the real quote and payment routes and the embedded test gateway.
// Each case opens the page as a link would; the card form is filled field by field, then paid.

const TODAY = toIsoDate(new Date());

const context = (s: Snap) => s.context as CheckoutContext;

async function paidBasic(world: World): Promise<string> {
  const leadId = await application(world);
  await pay(world, 'basic', leadId);
  return leadId;
}
const cardOf = (s: Snap) => cardDigits(context(s).details.cardNumber);

/**
 * What the model expects the server to quote: the options (only which exist and which are available matter to
 * the machine) and the one preselected. The live actor gets the server's real quote; the oracle checks it.
 */
function modelQuote(selected: string | null, options: Array<[product: string, available: boolean]>) {
  const price = { serviceFee: 0, credit: 0, processingFee: 0, total: 0, governmentFee: 0 };
  return { selected, options: options.map(([product, available]) => ({ product, available, price })), lead: null };
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

/** Every PAY the machine accepted, with the key it paid with, in order. */
const payments = (world: World) => world.held.filter((h) => h.name === 'processPayment');

export const checkoutPaths: PathModel = {
  machine: checkoutMachine,
  budget: 90,
  calls: checkoutCalls,
  effects: ['announceMissing', 'announcePaid', 'announcePaymentFailed', 'announceInvalidPlan'],
  abstraction: (s) => {
    const c = context(s);
    return {
      value: s.value,
      selected: c.selected,
      card: cardDigits(c.details.cardNumber),
      filled: PAYMENT_FIELDS.filter((f) => c.details[f] !== '').length,
      keyKept: c.attemptKey !== null,
      errors: Object.keys(c.errors).sort(),
    };
  },
  payloadKind: (before, event) => `${JSON.stringify(event)} ${before.matches({ ready: 'paying' }) ? '' : context(before).attemptKey ? 'retrying' : ''}`,
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
      events: (s) => (s.matches({ ready: 'editing' }) && context(s).details.cardNumber !== '' ? [{ type: 'PAY' }] : events(modelQuote('esta', [['esta', true]]))(s)),
    },
    { name: 'a link naming a plan that does not exist', input: { query: { plan: 'gold' }, today: TODAY }, events: events(modelQuote(null, [])) },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(lastHeld(world, 'fetchQuote')?.input).toEqual(world.input.query);
    },
    step: ({ before, event, after, world, started, asked }) => {
      // The Pay button waits (busy) exactly while the quote or the payment is under way.
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches({ ready: 'paying' }));
      // A payment is asked for only with every field valid; otherwise the page shows each field's message,
      // and 'Missing Information' when the card, expiry or CVV is empty.
      // What is typed is kept as the form shows it: the card number grouped, the expiry as MM/YY, the CVV digits only.
      if (event.type === 'FIELD.CHANGE' && before.matches({ ready: 'editing' })) {
        const field = event.field as PaymentField;
        const previous = context(before).details[field];
        const shown =
          field === 'cardNumber' ? formatCardNumber(event.value) : field === 'expiryDate' ? formatExpiry(event.value, previous) : field === 'cvv' ? event.value.replace(/\D/g, '').slice(0, 4) : event.value;
        expect(context(after).details[field]).toBe(shown);
        expect(context(after).errors[field]).toBeUndefined();
        expect(context(after).attemptKey).toBeNull();
      }
      if (event.type === 'PAY' && before.matches({ ready: 'editing' })) {
        const details = context(before).details;
        const errors = validatePaymentDetails(details, TODAY);
        const valid = Object.keys(errors).length === 0;
        expect(started.map((h) => h.name), 'a payment started').toEqual(valid ? ['processPayment'] : []);
        expect(asked.map((e) => e.type)).toEqual(missingPaymentDetails(details) ? ['announceMissing'] : []);
        expect(context(after).errors).toEqual(errors);
      } else {
        expect(started.filter((h) => h.name === 'processPayment')).toEqual([]);
      }
      // Every payment refused or lost is announced once, with the server's own reason when it gave one.
      const failures = effectsOf(world, 'announcePaymentFailed');
      expect(failures).toHaveLength(world.events.filter((e) => e.type === 'xstate.error.actor.processPayment').length);
      if (event.type === 'xstate.error.actor.processPayment') {
        const answer = lastCall(world, 'POST', '/api/checkout/process');
        const sent = lastHeld(world, 'processPayment')?.verdict === 'sent';
        const body = answer?.response as { message?: string; code?: string } | undefined;
        expect(failures.at(-1)?.params).toEqual(sent ? { message: body?.message, code: body?.code } : { message: undefined, code: undefined });
        if (sent) expect(answer?.status).toBe(402);
      }
      // The idempotency key: a new one for each attempt, the same one only to retry a payment whose answer was lost.
      const paid = payments(world);
      if (started.some((h) => h.name === 'processPayment') && paid.length > 1) {
        const [previous, current] = paid.slice(-2) as [(typeof paid)[number], (typeof paid)[number]];
        const lastFailure = world.events.map((e) => e.type).lastIndexOf('xstate.error.actor.processPayment');
        const changedSince = world.events.slice(lastFailure + 1).some((e) => e.type === 'FIELD.CHANGE' || e.type === 'PLAN.SELECT');
        const retry = previous.verdict === 'dropped' && !changedSince;
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
      invalidPlan: (s, world) => {
        expect(lastCall(world, 'GET', '/api/checkout/quote')?.response).toMatchObject({ selected: null });
        expect(world.held.filter((h) => h.name === 'processPayment')).toEqual([]);
        expect(effectsOf(world, 'announceInvalidPlan')).toHaveLength(1);
      },
      failed: (s, world) => {
        expect(lastHeld(world, 'fetchQuote')?.verdict).toBe('dropped');
      },
      paid: async (s, world) => {
        const answer = lastCall(world, 'POST', '/api/checkout/process');
        expect(answer?.status).toBe(200);
        const order = answer?.response as { id: string; status: string; price: { total: number }; card: unknown };
        expect(s.output).toEqual({ to: `/payment-confirmation?order=${order.id}` });
        expect(effectsOf(world, 'announcePaid')).toHaveLength(1);
        // Charged once, at the server's price, and only the card's brand and last four kept.
        const rows = await world.app.db.selectFrom('orders').selectAll().where('id', '=', order.id).execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'paid', total_cents: selectedOption(context(s))!.price.total, card_brand: 'visa', card_last4: '4242' });
        const attempts = await world.app.db.selectFrom('payment_attempts').select('status').where('order_id', '=', order.id).execute();
        expect(attempts).toEqual([{ status: 'succeeded' }]);
      },
    },
  },
};
