import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { groupCheckoutMachine, groupPaymentRequest, quoteQuery } from '../../machines/groupCheckout.machine';
import { groupConfirmationMachine } from '../../machines/groupConfirmation.machine';
import { backToPanel, groupCheckoutFlow, guardiansMissing } from '../../machines/groupCheckout.view';
import { groupCheckoutLink } from '../../machines/travellerGroup.view';
import type { GroupDto, GroupPaymentDto, GroupQuoteDto } from '../../openapi/schemas/groups';

// The group's one checkout and its confirmation (issue 36), with the calls stood in for: the rules the page keeps.

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const PRICE = { serviceFee: 7700, credit: 0, processingFee: 299, total: 7999, governmentFee: 4000, outOfPocket: 11999, visaClass: 'ESTA' as const, governmentFees: [] };
const FEATURES = { wizardAccess: true, estaCheck: true, aiAnalysis: false, documentReview: false, interviewPrep: false, prioritySupport: false };
const ANA = '11111111-1111-4111-8111-111111111111';
const DIEGO = '22222222-2222-4222-8222-222222222222';
const PAYMENT_ID = '33333333-3333-4333-8333-333333333333';
const CARD = { cardNumber: '4242424242424242', expiryDate: '12/39', cvv: '123', cardName: 'Ana Garcia', billingAddress: 'Calle Mayor 5', city: 'Madrid', zipCode: '28013', country: 'Spain' };

function quote(diego: 'basic' | 'pro' | 'premium' = 'basic', lines = 2, diegoNeedsGuardian = false): GroupQuoteDto {
  const ds160 = (product: 'basic' | 'pro' | 'premium') => ({ product, service: 'DS-160' as const, price: { ...PRICE, processingFee: 0 }, features: FEATURES, available: true });
  return {
    groupId: 'g',
    lines: [
      { leadId: ANA, name: 'Ana Garcia', relationship: 'leader' as const, service: 'ESTA' as const, product: 'esta' as const, price: PRICE, options: [{ product: 'esta' as const, service: 'ESTA' as const, price: PRICE, features: FEATURES, available: true }], needsGuardian: false },
      { leadId: DIEGO, name: 'Diego Garcia', relationship: 'child' as const, service: 'DS-160' as const, product: diego, price: { ...PRICE, processingFee: 0 }, options: [ds160('basic'), ds160('pro'), ds160('premium')], needsGuardian: diegoNeedsGuardian },
    ].slice(0, lines),
    settled: [],
    price: PRICE,
    email: 'ana@example.com',
  };
}

/** Which toast each announcement is, by its title: a spy given for one hears that toast. */
const ANNOUNCED: Record<string, (title: string) => boolean> = {
  announcePaid: (title) => title === 'commerce:toast.paid.title',
  announceMissing: (title) => title === 'commerce:toast.missing.title',
  announcePaymentFailed: (title) => title === 'commerce:toast.paymentFailed.title',
  announceRequoteFailed: (title) => title === 'group:checkout.requoteFailed.title',
  announceQuoteChanged: (title) => title.startsWith('group:checkout.') && title !== 'group:checkout.requoteFailed.title',
};

function start(actors: { fetchQuote?: (input: any) => Promise<GroupQuoteDto>; processPayment?: (input: any) => Promise<GroupPaymentDto> }, heard: Record<string, (...a: any[]) => void> = {}) {
  const fetchQuote = vi.fn(actors.fetchQuote ?? (async () => quote()));
  const processPayment = vi.fn(actors.processPayment ?? (async () => ({ id: PAYMENT_ID }) as GroupPaymentDto));
  const actor = createActor(
    groupCheckoutMachine.provide({
      actors: { fetchQuote: fromPromise(({ input }) => fetchQuote(input)), processPayment: fromPromise(({ input }) => processPayment(input)) },
    }),
    { input: { groupId: 'g', today: '2026-11-27' } },
  );
  const navigations: string[] = [];
  actor.on('toast', ({ toast }) => {
    for (const [name, spy] of Object.entries(heard)) if (ANNOUNCED[name]?.(toast.title)) spy(toast);
  });
  actor.on('navigate', ({ to }) => void navigations.push(to));
  actor.start();
  return { actor, fetchQuote, processPayment, navigations };
}

function fill(actor: ReturnType<typeof start>['actor'], card = CARD) {
  for (const [field, value] of Object.entries(card)) actor.send({ type: 'FIELD.CHANGE', field: field as never, value });
}

describe('group checkout', () => {
  it("takes 'Back to your panel' to where the session it was told of says: the dashboard, or a guest's group panel", async () => {
    const { actor } = start({});
    await settle(actor);
    // Before the session is known, and for a guest: the leader's form, where the group's panel is.
    expect(backToPanel(actor.getSnapshot())).toBe(`/apply/esta-wizard?traveller=${ANA}`);
    // The door tells the flow who is signed in, from the app's session (the page reads nothing itself).
    actor.send(groupCheckoutFlow.session!({ account: { email: 'ana@example.com' } as never, checking: false }));
    expect(backToPanel(actor.getSnapshot())).toBe('/dashboard');
    actor.send(groupCheckoutFlow.session!({ account: null, checking: false }));
    expect(backToPanel(actor.getSnapshot())).toBe(`/apply/esta-wizard?traveller=${ANA}`);
  });

  it('opens on the quote with the leader’s e-mail, pays once and ends on the group confirmation', async () => {
    const paid = vi.fn();
    const { actor, processPayment, navigations } = start({}, { announcePaid: paid });
    await settle(actor);
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.email).toBe('ana@example.com');
    fill(actor);
    actor.send({ type: 'PAY' });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(processPayment).toHaveBeenCalledTimes(1);
    expect(processPayment.mock.calls[0]![0]).toMatchObject({ groupId: 'g', body: { email: 'ana@example.com', paymentDetails: { cardNumber: '4242 4242 4242 4242' } } });
    expect(processPayment.mock.calls[0]![0].body).not.toHaveProperty('plans');
    expect(navigations).toEqual([`/payment-confirmation?groupPayment=${PAYMENT_ID}`]);
    expect(paid).toHaveBeenCalledTimes(1);
  });

  it('asks the server for a DS-160 traveller’s other package and pays for the one it priced', async () => {
    const { actor, fetchQuote, processPayment } = start({ fetchQuote: async ({ query }) => quote(query.plans ? 'premium' : 'basic') });
    await settle(actor);
    // An ESTA line sells only the ESTA, and a line's own package is no change.
    actor.send({ type: 'LINE.SELECT', line: 0, product: 'premium' });
    actor.send({ type: 'LINE.SELECT', line: 1, product: 'basic' });
    expect(fetchQuote).toHaveBeenCalledTimes(1);
    actor.send({ type: 'LINE.SELECT', line: 1, product: 'premium' });
    expect(actor.getSnapshot().matches({ ready: 'requoting' })).toBe(true);
    await settle(actor);
    expect(fetchQuote.mock.calls[1]![0]).toEqual({ groupId: 'g', query: { plans: `${DIEGO}:premium` } });
    expect(actor.getSnapshot().context.quote?.lines[1]?.product).toBe('premium');
    fill(actor);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(processPayment.mock.calls[0]![0].body.plans).toEqual([{ leadId: DIEGO, product: 'premium' }]);
  });

  it('keeps the line’s package when the new one could not be priced', async () => {
    const failed = vi.fn();
    let calls = 0;
    const { actor } = start(
      {
        fetchQuote: async () => {
          calls += 1;
          if (calls > 1) throw new TypeError('Failed to fetch');
          return quote();
        },
      },
      { announceRequoteFailed: failed },
    );
    await settle(actor);
    actor.send({ type: 'LINE.SELECT', line: 1, product: 'pro' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.plans).toEqual({});
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('renews the key after a decline and keeps it to retry a payment whose answer was lost', async () => {
    const outcomes: Array<() => never | GroupPaymentDto> = [
      () => {
        throw Object.assign(new Error('402'), { status: 402, code: 'card_declined', serverMessage: 'Your card was declined.' });
      },
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ id: PAYMENT_ID }) as GroupPaymentDto,
    ];
    const failed = vi.fn();
    const { actor, processPayment } = start({ processPayment: async () => (outcomes.shift() as () => GroupPaymentDto)() }, { announcePaymentFailed: failed });
    await settle(actor);
    fill(actor);
    actor.send({ type: 'PAY' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ ready: 'declined' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('card_declined');
    expect(actor.getSnapshot().context.attemptKey).toBeNull();
    actor.send({ type: 'PAY' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done');
    const keys = processPayment.mock.calls.map(([input]) => input.body.idempotencyKey);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe(keys[1]);
    expect(failed.mock.calls.map(([toast]) => toast.description)).toEqual(['commerce:decline.card_declined', 'commerce:toast.paymentFailed.description']);
  });

  it('refuses to pay with a missing or invalid card, naming each field', async () => {
    const missing = vi.fn();
    const { actor, processPayment } = start({}, { announceMissing: missing });
    await settle(actor);
    actor.send({ type: 'PAY' });
    expect(missing).toHaveBeenCalledTimes(1);
    expect(Object.keys(actor.getSnapshot().context.errors)).toContain('cardNumber');
    fill(actor, { ...CARD, cardNumber: '4242 4242 4242 4241' });
    actor.send({ type: 'PAY' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['cardNumber']);
    expect(processPayment).not.toHaveBeenCalled();
  });

  it('says there is nothing to pay when every traveller has paid, before or during the payment', async () => {
    const empty = { ...quote(), lines: [], settled: [{ leadId: ANA, name: 'Ana Garcia' }] };
    const first = start({ fetchQuote: async () => empty });
    await settle(first.actor);
    expect(first.actor.getSnapshot().value).toBe('nothingToPay');

    let quoted = 0;
    const changed = vi.fn();
    const second = start(
      {
        fetchQuote: async () => (++quoted === 1 ? quote() : empty),
        processPayment: async () => {
          throw Object.assign(new Error('409'), { status: 409, code: 'nothing_to_pay' });
        },
      },
      { announceQuoteChanged: changed },
    );
    await settle(second.actor);
    fill(second.actor);
    second.actor.send({ type: 'PAY' });
    await waitFor(second.actor, (s) => s.matches('nothingToPay'));
    expect(changed).toHaveBeenCalledWith({ title: 'group:checkout.changed.title', description: 'group:checkout.changed.description' });
  });

  it('takes no payment while a quoted minor has no parent or guardian, and names them with where to add one', async () => {
    let needs = true;
    const missing = vi.fn();
    const { actor, fetchQuote, processPayment } = start({ fetchQuote: async () => quote('basic', 2, needs) }, { announceMissing: missing });
    await settle(actor);
    expect(guardiansMissing(actor.getSnapshot().context)).toEqual([{ leadId: DIEGO, name: 'Diego Garcia', to: `/ds160-wizard?traveller=${DIEGO}&guardian=1` }]);
    fill(actor);
    actor.send({ type: 'PAY' });
    // Nothing is sent, and no card error is made up: the card is fine, the guardian is what is missing.
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().can({ type: 'PAY' })).toBe(false);
    expect(processPayment).not.toHaveBeenCalled();
    expect(missing).not.toHaveBeenCalled();
    // Once the quote says the guardian is there (another package priced after it was set), Pay goes through.
    needs = false;
    actor.send({ type: 'LINE.SELECT', line: 1, product: 'pro' });
    await settle(actor);
    expect(fetchQuote).toHaveBeenCalledTimes(2);
    expect(guardiansMissing(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(processPayment).toHaveBeenCalledTimes(1);
  });

  it('quotes again when the server refuses the payment because a guardian was removed meanwhile', async () => {
    let quoted = 0;
    const changed = vi.fn();
    const failed = vi.fn();
    const { actor, processPayment } = start(
      {
        fetchQuote: async () => quote('basic', 2, ++quoted > 1),
        processPayment: async () => {
          throw Object.assign(new Error('409'), { status: 409, code: 'guardian_missing' });
        },
      },
      { announceQuoteChanged: changed, announcePaymentFailed: failed },
    );
    await settle(actor);
    fill(actor);
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('busy') && quoted === 2);
    expect(changed).toHaveBeenCalledWith({ title: 'group:checkout.guardianRemoved.title', description: 'group:checkout.guardianRemoved.description' });
    expect(failed).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.attemptKey).toBeNull();
    expect(guardiansMissing(actor.getSnapshot().context).map((m) => m.name)).toEqual(['Diego Garcia']);
    actor.send({ type: 'PAY' });
    expect(processPayment).toHaveBeenCalledTimes(1);
  });

  it('offers Retry when the quote could not be loaded', async () => {
    let calls = 0;
    const { actor } = start({
      fetchQuote: async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return quote();
      },
    });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('quoteFailed');
    actor.send({ type: 'RETRY' });
    await settle(actor);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('builds the quote query and the payment body from the packages chosen', () => {
    expect(quoteQuery({})).toEqual({});
    expect(quoteQuery({ [DIEGO]: 'pro', [ANA]: 'premium' })).toEqual({ plans: `${DIEGO}:pro,${ANA}:premium` });
    const body = groupPaymentRequest({ groupId: 'g', today: '', quote: null, plans: { [DIEGO]: 'pro' }, email: ' ana@example.com ', details: CARD, errors: {}, attemptKey: 'k', payment: null, failure: null, signedIn: false });
    expect(body).toEqual({ plans: [{ leadId: DIEGO, product: 'pro' }], email: 'ana@example.com', idempotencyKey: 'k', paymentDetails: CARD });
  });
});

describe('the group panel’s Pay for the group', () => {
  const group = (statuses: Array<'unpaid' | 'paid'>) => ({ id: 'g', travellers: statuses.map((paymentStatus) => ({ paymentStatus })) }) as GroupDto;
  it('leads to the group checkout while anyone has something to pay', () => {
    expect(groupCheckoutLink(group(['paid', 'unpaid']))).toBe('/checkout?group=g');
    expect(groupCheckoutLink(group(['paid', 'paid']))).toBeNull();
    expect(groupCheckoutLink(null)).toBeNull();
  });
});

describe('group confirmation', () => {
  const PAYMENT = {
    id: PAYMENT_ID,
    status: 'paid',
    lines: [
      { traveller: 'Ana', relationship: 'leader', order: { id: 'o1', number: 'RB-1', formReady: true } },
      { traveller: 'Diego', relationship: 'child', order: { id: 'o2', number: 'RB-2', formReady: false } },
    ],
  } as unknown as GroupPaymentDto;

  type Download = (input: unknown) => Promise<{ fileName: string; bytes: Uint8Array }>;
  const made: Download = async () => ({ fileName: 'f.pdf', bytes: new Uint8Array([37]) });

  function open(paymentId: string | null, payment: Partial<GroupPaymentDto> = PAYMENT, downloadForm: Download = made, downloadReceipt: Download = made) {
    const saved = vi.fn();
    const failed = vi.fn();
    const download = vi.fn(downloadForm);
    const receipt = vi.fn(downloadReceipt);
    const actor = createActor(
      groupConfirmationMachine.provide({
        actors: {
          fetchPayment: fromPromise(async () => payment as GroupPaymentDto),
          downloadForm: fromPromise(({ input }) => download(input as never)),
          downloadReceipt: fromPromise(({ input }) => receipt(input as never)),
        },
      }),
      { input: { paymentId } },
    );
    // What it hands the browser (a download) and says (a toast naming the form's order), as the page would hear it.
    actor.on('download', ({ file }) => saved(file));
    actor.on('toast', ({ toast }) => failed(toast));
    actor.start();
    return { actor, saved, failed, download, receipt };
  }

  it('makes the receipt of the one charge from the payment, busy meanwhile, and no form at the same time', async () => {
    let finish: (file: { fileName: string; bytes: Uint8Array }) => void = () => {};
    const { actor, saved, download, receipt } = open(PAYMENT_ID, PAYMENT, made, () => new Promise((resolve) => (finish = resolve)));
    await settle(actor);
    actor.send({ type: 'DOWNLOAD.RECEIPT' });
    expect(actor.getSnapshot().matches({ paid: 'receipt' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'DOWNLOAD.FORM', line: 0 });
    actor.send({ type: 'DOWNLOAD.RECEIPT' });
    expect(download).not.toHaveBeenCalled();
    expect(receipt).toHaveBeenCalledTimes(1);
    expect(receipt.mock.calls[0]![0]).toEqual({ payment: PAYMENT });
    finish({ fileName: 'group-confirmation-RB-G.pdf', bytes: new Uint8Array([37]) });
    await settle(actor);
    expect(actor.getSnapshot().matches({ paid: 'idle' })).toBe(true);
    expect(saved).toHaveBeenCalledWith({ fileName: 'group-confirmation-RB-G.pdf', bytes: new Uint8Array([37]) });
    expect(actor.getSnapshot().context.receiptFailure).toBeNull();
  });

  it('keeps why the receipt was not made for the page, until the next try', async () => {
    const answers = [
      Object.assign(new Error('429'), { status: 429 }),
      // Issue 45: a 429 that names its wait (Retry-After, 61 s) is said in whole minutes, rounded up.
      Object.assign(new Error('429'), { status: 429, retryAfter: 61 }),
      new TypeError('Failed to fetch'),
      Object.assign(new Error('500'), { status: 500, retryAfter: 30 }),
    ];
    const { actor, saved } = open(PAYMENT_ID, PAYMENT, made, async () => {
      throw answers.shift();
    });
    await settle(actor);
    const attempt = async () => {
      actor.send({ type: 'DOWNLOAD.RECEIPT' });
      expect(actor.getSnapshot().context.receiptFailure).toBeNull();
      expect(actor.getSnapshot().context.receiptWait).toBeNull();
      await settle(actor);
      return [actor.getSnapshot().context.receiptFailure, actor.getSnapshot().context.receiptWait];
    };
    expect(await attempt()).toEqual(['too_many_requests', null]);
    expect(await attempt()).toEqual(['too_many_requests', 2]);
    expect(await attempt()).toEqual(['failed', null]);
    expect(await attempt()).toEqual(['failed', null]);
    expect(actor.getSnapshot().matches({ paid: 'idle' })).toBe(true);
    expect(saved).not.toHaveBeenCalled();
  });

  it('shows a paid payment and makes only a ready form’s PDF, from that traveller’s order', async () => {
    const { actor, saved, download } = open(PAYMENT_ID);
    await settle(actor);
    expect(actor.getSnapshot().matches({ paid: 'idle' })).toBe(true);
    actor.send({ type: 'DOWNLOAD.FORM', line: 1 });
    expect(download).not.toHaveBeenCalled();
    actor.send({ type: 'DOWNLOAD.FORM', line: 0 });
    await settle(actor);
    expect(download.mock.calls[0]![0]).toEqual({ order: PAYMENT.lines[0]!.order });
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('names the traveller’s confirmation number when their form could not be made', async () => {
    const { actor, failed } = open(PAYMENT_ID, PAYMENT, async () => {
      throw new TypeError('Failed to fetch');
    });
    await settle(actor);
    actor.send({ type: 'DOWNLOAD.FORM', line: 0 });
    await settle(actor);
    expect(failed).toHaveBeenCalledWith({ title: 'commerce:toast.formFailed.title', description: 'commerce:toast.formFailed.description', params: { number: 'RB-1' }, variant: 'destructive' });
  });

  it('never shows a declined payment as paid, and an address without a payment shows nothing', async () => {
    const declined = open(PAYMENT_ID, { ...PAYMENT, status: 'failed' });
    await settle(declined.actor);
    expect(declined.actor.getSnapshot().value).toBe('notPaid');
    expect(open('RB-123').actor.getSnapshot().value).toBe('missing');
  });
});
