import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { groupCheckoutCalls } from '../../client/api/actors/groupCheckout';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import type { PaymentField } from '../../machines/domain/payment';
import { groupCheckoutMachine, type GroupCheckoutContext } from '../../machines/groupCheckout.machine';
import type { GroupQuoteDto } from '../../openapi/schemas/groups';
import { answersFor } from '../helpers/answers';
import { CARDS, chargedInAnotherTab, FILLED, MISSING_TOAST, PAID_TOAST, paymentFailedToast, toastsOf } from './commerce';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// The group's one checkout (issue 36) against the real quote and payment routes and the embedded test gateway: a
// mother (ESTA) leading her Mexican son (DS-160). The oracle reads the server's rows: one gateway charge for the
// quoted total, every line's order and every traveller's application paid, the key kept only for a lost answer.

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const TODAY = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
// The card form as the oracle states it (spec 1-core, checkout), not with the payment module's own rules
// (tests/domain/oracleImports.test.ts): its fields in the page's order, a card number read without spaces or
// dashes, and each blank field refused as required. The paths type nothing else that is wrong: every value they
// type is the fixture's (FILLED, CARDS.success, CARDS.declined), each accepted, and the e-mail is the quote's.
const PAYMENT_FIELDS: readonly PaymentField[] = ['cardNumber', 'expiryDate', 'cvv', 'cardName', 'billingAddress', 'city', 'zipCode', 'country'];
const cardDigits = (typed: string) => typed.replace(/[\s-]/g, '');
const context = (s: Snap) => s.context as GroupCheckoutContext;

/** The mother's completed ESTA in this path's session, then her group with her son; the group's id. */
async function family(world: World, options: { motherPaid?: boolean; allPaid?: boolean; sonInAnotherTab?: boolean; sonMinor?: boolean } = {}): Promise<string> {
  const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
  const answers = answersFor(estaCatalog, { email, 'first-name': 'Ana', 'last-name': 'Garcia' });
  const created = await world.http({ method: 'POST', path: '/api/leads', body: { email, formType: 'ESTA', source: 'esta-wizard', formData: answers, completionStatus: 'completed' } });
  const leader = (JSON.parse(created.text) as { id: string }).id;
  if (options.motherPaid) {
    const paid = await world.http({ method: 'POST', path: '/api/checkout/process', body: { plan: 'esta', leadId: leader, email, idempotencyKey: `path_${randomUUID()}`, paymentDetails: FILLED } });
    expect(paid.status).toBe(200);
  }
  const group = JSON.parse((await world.http({ method: 'POST', path: `/api/leads/${leader}/group`, body: undefined })).text) as { id: string };
  const added = await world.http({ method: 'POST', path: `/api/groups/${group.id}/travellers`, body: { firstName: 'Diego', lastName: 'Garcia', relationship: 'child', nationality: 'Mexico' } });
  expect(added.status).toBe(201);
  const son = (JSON.parse(added.text) as { leadId: string }).leadId;
  if (options.sonInAnotherTab) await chargedInAnotherTab(world, son, { service: 'DS-160', plan: 'basic', serviceFee: 5_000 });
  if (options.sonMinor) {
    const saved = await world.http({ method: 'PATCH', path: `/api/leads/${son}/update`, body: { formData: { 'personal-info': { birthDate: TEN_YEARS_AGO } } } });
    expect(saved.status).toBe(200);
  }
  if (options.allPaid) {
    const paid = await world.http({ method: 'POST', path: `/api/groups/${group.id}/checkout`, body: { email, idempotencyKey: `path_${randomUUID()}`, paymentDetails: FILLED } });
    expect(paid.status).toBe(200);
  }
  return group.id;
}

const DS160 = ['basic', 'pro', 'premium'] as const;
const TEN_YEARS_AGO = `${Number(TODAY.slice(0, 4)) - 10}-03-01`;

/**
 * The mother and her ten-year-old son, his father Luis travelling too and named as the son's parent; the live
 * input says to remove Luis from the group in another tab when the payment is sent, taking the son's guardian with him.
 */
async function familyWithFather(world: World): Promise<{ groupId: string; leavesWhilePaying: string }> {
  const groupId = await family(world, { sonMinor: true });
  const [, son] = await travellerIds(world, groupId);
  const added = await world.http({ method: 'POST', path: `/api/groups/${groupId}/travellers`, body: { firstName: 'Luis', lastName: 'Garcia', relationship: 'spouse', nationality: 'Spain' } });
  const father = (JSON.parse(added.text) as { leadId: string }).leadId;
  const set = await world.http({ method: 'PUT', path: `/api/groups/${groupId}/travellers/${son}/guardian`, body: { leadId: father, role: 'parent' } });
  expect(set.status).toBe(200);
  return { groupId, leavesWhilePaying: father };
}

const travellerIds = async (world: World, groupId: string) =>
  (await world.app.db.selectFrom('group_members').select('lead_id').where('group_id', '=', groupId).orderBy('position').execute()).map((m) => m.lead_id);

/**
 * The rule, as the oracle states it: a traveller under 18 today by the birth date their form holds, whose parent or
 * guardian is not recorded (or was a traveller no longer in the group), is waited for; the server's rows decide.
 */
async function waitingForGuardian(world: World, leadIds: readonly string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = await world.app.db.selectFrom('group_members').innerJoin('leads', 'leads.id', 'group_members.lead_id').select(['leads.id', 'leads.form_type', 'leads.form_data', 'group_members.guardian', 'group_members.group_id']).where('leads.id', 'in', [...leadIds]).execute();
  const members = new Set(await travellerIds(world, world.input.groupId));
  const eighteenYearsAgo = `${Number(TODAY.slice(0, 4)) - 18}${TODAY.slice(4)}`;
  return rows
    .filter((row) => {
      const form = JSON.parse(row.form_data) as Record<string, any>;
      const birth = row.form_type === 'ESTA' ? form['birth-date'] : form['personal-info']?.birthDate;
      const guardian = row.guardian ? (JSON.parse(row.guardian) as { leadId: string | null }) : null;
      const hasGuardian = guardian !== null && (guardian.leadId === null || members.has(guardian.leadId));
      return typeof birth === 'string' && birth > eighteenYearsAgo && !hasGuardian;
    })
    .map((row) => row.id);
}

/**
 * What the model expects the server to quote: the lines' services and products (the guards read only those and the
 * options for sale); the live actor gets the server's real quote and the oracle checks it.
 */
function modelQuote(lines: Array<'esta' | 'ds160'>, plans: Record<string, string> = {}, needsGuardian: readonly boolean[] = []): GroupQuoteDto {
  const price = { serviceFee: 0, credit: 0, processingFee: 0, total: 0, governmentFee: 0, outOfPocket: 0, visaClass: null, governmentFees: [] };
  const features = {} as GroupQuoteDto['lines'][number]['options'][number]['features'];
  return {
    groupId: 'model',
    lines: lines.map((kind, i) => {
      const leadId = `lead-${i}`;
      const products = kind === 'esta' ? ['esta'] : [...DS160];
      return {
        leadId,
        name: '',
        relationship: i === 0 ? 'leader' : 'child',
        service: kind === 'esta' ? 'ESTA' : 'DS-160',
        product: (plans[leadId] ?? products[0]) as never,
        price,
        options: products.map((product) => ({ product: product as never, price, available: true, features })),
        needsGuardian: needsGuardian[i] ?? false,
      };
    }) as unknown as GroupQuoteDto['lines'],
    settled: [],
    price,
    email: 'ana@example.com',
  };
}

const done = (actor: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${actor}`, output });
const dropped = (actor: string): AnyEventObject => ({ type: `xstate.error.actor.${actor}`, error: 'network' });
const DECLINE = { type: 'xstate.error.actor.processPayment', error: { status: 402, code: 'card_declined' }, sent: true };
const cardOf = (s: Snap) => cardDigits(context(s).details.cardNumber);
const editing = (s: Snap) => s.matches({ ready: 'editing' }) || s.matches({ ready: 'declined' }) || s.matches({ ready: 'failed' });

/** The leader's moves: fill the first empty field, swap the card, change the son's package, pay; and each call's outcome. */
const events = (lines: Array<'esta' | 'ds160'>) => (s: Snap): AnyEventObject[] => {
  const c = context(s);
  if (s.matches('loading')) return [done('fetchQuote', modelQuote(lines, c.plans)), dropped('fetchQuote')];
  if (s.matches('quoteFailed')) return [{ type: 'RETRY' }, { type: 'PAY' }];
  // While the server prices a package the form is closed: the buttons are disabled, and the machine ignores them.
  const closed: AnyEventObject[] = [{ type: 'LINE.SELECT', line: lines.length - 1, product: 'pro' }, { type: 'FIELD.CHANGE', field: 'cardName', value: 'Ana' }];
  if (s.matches({ ready: 'requoting' })) return [done('fetchQuote', modelQuote(lines, c.plans)), dropped('fetchQuote'), { type: 'PAY' }, ...closed];
  if (s.matches({ ready: 'paying' })) {
    const card = cardOf(s);
    return [
      ...(card === cardDigits(CARDS.success) ? [done('processPayment', { id: 'model' })] : []),
      ...(card === cardDigits(CARDS.declined) ? [DECLINE] : []),
      dropped('processPayment'),
      { type: 'PAY' },
      ...closed,
    ];
  }
  if (!editing(s)) return [];
  const moves: AnyEventObject[] = [{ type: 'PAY' }];
  const empty = PAYMENT_FIELDS.find((field) => c.details[field] === '');
  if (empty === 'cardNumber') moves.push(...[CARDS.declined, CARDS.success].map((value) => ({ type: 'FIELD.CHANGE', field: 'cardNumber', value })));
  else if (empty) moves.push({ type: 'FIELD.CHANGE', field: empty, value: FILLED[empty] });
  else moves.push(...[CARDS.success, CARDS.declined].filter((v) => cardDigits(v) !== cardOf(s)).map((value) => ({ type: 'FIELD.CHANGE', field: 'cardNumber', value })));
  c.quote?.lines.forEach((line, i) => {
    for (const option of line.options) if (option.product !== line.product) moves.push({ type: 'LINE.SELECT', line: i, product: option.product });
  });
  // A line that sells only the ESTA: choosing a package there is refused.
  moves.push({ type: 'LINE.SELECT', line: 0, product: 'premium' });
  return moves;
};

const pays = (event: AnyEventObject, before: Snap) => event.type === 'PAY' && editing(before) && before.can({ type: 'PAY' });
const GUARDIAN_REMOVED = { type: 'xstate.error.actor.processPayment', error: { status: 409, code: 'guardian_missing' }, sent: true };
const filledIn = (s: Snap) => PAYMENT_FIELDS.every((field) => context(s).details[field] !== '');

/** Fill the card with a card that pays, then Pay: the leader's moves where the quote, not the card, is what is judged. */
const fillThenPay = (s: Snap): AnyEventObject[] => {
  const empty = PAYMENT_FIELDS.find((field) => context(s).details[field] === '');
  return empty ? [{ type: 'FIELD.CHANGE', field: empty, value: FILLED[empty] }] : [{ type: 'PAY' }];
};
const payments = (world: World) => world.held.filter((h) => h.name === 'processPayment');

/** Each field's message: a blank one is required (see above); the fixture's values are accepted. */
function formErrors(c: GroupCheckoutContext) {
  return Object.fromEntries(PAYMENT_FIELDS.filter((field) => c.details[field].trim() === '').map((field) => [field, { key: 'validation.required' }]));
}

export const groupCheckoutPaths: PathModel = {
  machine: groupCheckoutMachine,
  budget: 100,
  // Another tab removes the son's father from the group as this payment is sent (the live input names him).
  calls: (http, input: { leavesWhilePaying?: string; groupId: string }) => {
    const calls = groupCheckoutCalls(http);
    const leaving = input.leavesWhilePaying;
    if (!leaving) return calls;
    return {
      ...calls,
      processPayment: async (request: Parameters<typeof calls.processPayment>[0]) => {
        await http({ method: 'DELETE', path: `/api/groups/${input.groupId}/travellers/${leaving}` });
        return calls.processPayment(request);
      },
    };
  },
  abstraction: (s) => {
    const c = context(s);
    return {
      value: s.value,
      card: cardOf(s),
      filled: PAYMENT_FIELDS.filter((f) => c.details[f] !== '').length,
      keyKept: c.attemptKey !== null,
      errors: Object.keys(c.errors).sort(),
      plans: c.plans,
      quoted: c.quote !== null,
      waitsForGuardian: c.quote?.lines.some((l) => l.needsGuardian) ?? false,
      signedIn: c.signedIn,
    };
  },
  payloadKind: (before, event) => `${JSON.stringify(event)} ${context(before).attemptKey ? 'retrying' : ''}`,
  required: [
    { name: 'a declined card, then Pay again', through: [(event) => event === DECLINE || (event.type === 'xstate.error.actor.processPayment' && (event as { sent?: boolean }).sent === true), pays] },
    { name: 'a lost connection, then Pay again with the same key', through: [(event) => event.type === 'xstate.error.actor.processPayment' && (event as { error?: unknown }).error === 'network', pays] },
    { name: "the son's package changed to Premium, then paid", through: [(event) => event.type === 'LINE.SELECT' && event.product === 'premium' && event.line === 1, (event) => event.type === 'xstate.done.actor.fetchQuote', pays, (event) => event.type === 'xstate.done.actor.processPayment'] },
    {
      name: 'a son under 18 with no parent or guardian: the card filled in, Pay takes nothing',
      case: 'a ten-year-old son with no parent or guardian recorded',
      through: [(event) => event.type === 'xstate.done.actor.fetchQuote', (event, before) => event.type === 'PAY' && filledIn(before)],
    },
    {
      name: "the son's guardian removed in another tab while paying: refused, quoted again, and Pay then waits",
      case: "the son's father, his guardian, removed from the group in another tab while paying",
      through: [(event) => event === GUARDIAN_REMOVED, (event) => event.type === 'xstate.done.actor.fetchQuote', (event, before) => event.type === 'PAY' && filledIn(before)],
    },
    { name: 'a quote that failed, then Retry', through: [(event) => event.type === 'xstate.error.actor.fetchQuote', (event) => event.type === 'RETRY', (event) => event.type === 'xstate.done.actor.fetchQuote'] },
  ],
  cases: [
    {
      name: 'a mother and her Mexican son, paid together',
      input: { groupId: 'group', today: TODAY },
      setup: async (world, input) => ({ ...input, groupId: await family(world) }),
      events: events(['esta', 'ds160']),
    },
    {
      name: 'the mother paid her ESTA before the group: only her son is left',
      input: { groupId: 'group', today: TODAY },
      setup: async (world, input) => ({ ...input, groupId: await family(world, { motherPaid: true }) }),
      events: (s) => {
        if (s.matches('loading')) return [done('fetchQuote', modelQuote(['ds160'], context(s).plans))];
        const c = context(s);
        if (s.matches({ ready: 'paying' })) return [done('processPayment', { id: 'model' })];
        if (!editing(s)) return [];
        const empty = PAYMENT_FIELDS.find((field) => c.details[field] === '');
        return empty ? [{ type: 'FIELD.CHANGE', field: empty, value: FILLED[empty] }] : [{ type: 'PAY' }];
      },
    },
    {
      // Another tab paid the son's Basic and its server died before settling it: this page still quotes him; its
      // payment makes the server settle that order first, and then there is nothing left to pay.
      name: "the son's package paid in another tab meanwhile",
      input: { groupId: 'group', today: TODAY },
      setup: async (world, input) => ({ ...input, groupId: await family(world, { motherPaid: true, sonInAnotherTab: true }) }),
      events: (s) => {
        const c = context(s);
        if (s.matches('loading')) return [done('fetchQuote', c.quote ? { ...modelQuote([]), lines: [] } : modelQuote(['ds160']))];
        if (s.matches({ ready: 'paying' })) return [{ type: 'xstate.error.actor.processPayment', error: { status: 409, code: 'nothing_to_pay' }, sent: true }];
        if (!editing(s)) return [];
        const empty = PAYMENT_FIELDS.find((field) => c.details[field] === '');
        return empty ? [{ type: 'FIELD.CHANGE', field: empty, value: FILLED[empty] }] : [{ type: 'PAY' }];
      },
    },
    {
      name: 'a ten-year-old son with no parent or guardian recorded',
      input: { groupId: 'group', today: TODAY },
      setup: async (world, input) => ({ ...input, groupId: await family(world, { sonMinor: true }) }),
      events: (s) => {
        if (s.matches('loading')) return [done('fetchQuote', modelQuote(['esta', 'ds160'], context(s).plans, [false, true]))];
        return editing(s) ? fillThenPay(s) : [];
      },
    },
    {
      name: "the son's father, his guardian, removed from the group in another tab while paying",
      input: { groupId: 'group', today: TODAY },
      setup: async (world, input) => ({ ...input, ...(await familyWithFather(world)) }),
      events: (s) => {
        // First the three of them, nobody waited for; after the refusal, the father gone and the son waited for.
        if (s.matches('loading')) return [done('fetchQuote', context(s).quote ? modelQuote(['esta', 'ds160'], {}, [false, true]) : modelQuote(['esta', 'ds160', 'esta']))];
        if (s.matches({ ready: 'paying' })) return [GUARDIAN_REMOVED];
        return editing(s) ? fillThenPay(s) : [];
      },
    },
    {
      name: 'everyone has paid already',
      input: { groupId: 'group', today: TODAY },
      setup: async (world, input) => ({ ...input, groupId: await family(world, { allPaid: true }) }),
      // The app's session, heard when it is known and again when the leader signs in or out in another tab.
      events: (s) => (s.matches('loading') ? [done('fetchQuote', { ...modelQuote([]), lines: [] })] : [{ type: 'PAY' }, { type: 'RETRY' }, { type: 'SESSION', signedIn: true }, { type: 'SESSION', signedIn: false }]),
    },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(lastHeld(world, 'fetchQuote')?.input).toEqual({ groupId: world.input.groupId, query: {} });
    },
    step: async ({ before, event, after, world, started, asked }) => {
      // Who is signed in is what the session last said, whatever the state; it changes nothing else and asks nothing.
      if (event.type === 'SESSION') {
        expect(context(after).signedIn).toBe(event.signedIn);
        expect([after.value, started, asked]).toEqual([before.value, [], []]);
      } else expect(context(after).signedIn).toBe(context(before).signedIn);
      // Busy exactly while the quote or the payment is under way.
      expect(after.hasTag('busy')).toBe(after.matches('loading') || after.matches({ ready: 'requoting' }) || after.matches({ ready: 'paying' }) || after.matches('paid'));
      // A package is asked for only where the line sells it, and the server prices it again with `plans=`.
      if (event.type === 'LINE.SELECT' && editing(before)) {
        const line = context(before).quote!.lines[event.line];
        const sells = Boolean(line && line.product !== event.product && line.options.some((o) => o.product === event.product && o.available));
        expect(started.map((h) => h.name)).toEqual(sells ? ['fetchQuote'] : []);
        if (sells) expect(started[0]!.input.query).toEqual({ plans: Object.entries(context(after).plans).map(([id, p]) => `${id}:${p}`).join(',') });
      }
      if (event.type === 'PAY' && editing(before)) {
        // A quoted minor without a parent or guardian: nothing is sent and no card error is made up.
        const waited = await waitingForGuardian(world, context(before).quote!.lines.map((l) => l.leadId));
        const errors = waited.length > 0 ? context(before).errors : formErrors(context(before));
        expect(started.map((h) => h.name)).toEqual(waited.length === 0 && Object.keys(errors).length === 0 ? ['processPayment'] : []);
        expect(context(after).errors).toEqual(errors);
        // 'Missing Information' when a card field is empty; focus goes to the first field in error whenever Pay is refused
        // for the form (not while it waits for a guardian, which the page names beside the disabled Pay).
        const missing = waited.length === 0 && PAYMENT_FIELDS.slice(0, 3).some((f) => context(before).details[f] === '');
        expect(asked.filter((e) => e.type === 'toast').map((e) => e.params.toast)).toEqual(missing ? [MISSING_TOAST] : []);
        expect(asked.filter((e) => e.type === 'focusError').map((e) => e.params)).toEqual(
          waited.length === 0 && Object.keys(errors).length > 0 ? [{ type: 'focusError', form: 'payment-form' }] : [],
        );
      } else {
        expect(started.filter((h) => h.name === 'processPayment')).toEqual([]);
      }
      // A package that could not be priced says so; the line keeps the package it had.
      if (event.type === 'xstate.error.actor.fetchQuote' && before.matches({ ready: 'requoting' })) {
        expect(asked.map((e) => e.params.toast)).toEqual([{ title: 'group:checkout.requoteFailed.title', description: 'group:checkout.requoteFailed.description', variant: 'destructive' }]);
      }
      // A refused card says so (402, card_declined); a lost answer says the payment did not go through.
      if (event.type === 'xstate.error.actor.processPayment') {
        const sent = lastHeld(world, 'processPayment')?.verdict === 'sent';
        const answer = lastCall(world, 'POST', '/api/groups/');
        const code = (answer?.response as { code?: string } | undefined)?.code;
        if (sent && answer?.status === 409) {
          // Paid meanwhile, or a guardian removed meanwhile: the page says so and asks the server again what is left,
          // with a new key for any payment. A refusal for a guardian names the child and charges nothing.
          const waited = await waitingForGuardian(world, context(before).quote!.lines.map((l) => l.leadId));
          expect(code).toBe(waited.length > 0 ? 'guardian_missing' : 'nothing_to_pay');
          if (code === 'guardian_missing') {
            const key = lastHeld(world, 'processPayment')!.input.body.idempotencyKey as string;
            expect(await world.app.db.selectFrom('gateway_charges').select('idempotency_key').where('idempotency_key', '=', key).execute()).toEqual([]);
            for (const line of context(before).quote!.lines.filter((l) => waited.includes(l.leadId))) expect((answer?.response as { message: string }).message).toContain(line.name);
          }
          const key = code === 'guardian_missing' ? 'guardianRemoved' : 'changed';
          expect(toastsOf(world).at(-1)).toEqual({ title: `group:checkout.${key}.title`, description: `group:checkout.${key}.description` });
          expect(after.matches('loading')).toBe(true);
          expect(context(after).attemptKey).toBeNull();
        } else if (sent) {
          expect(answer?.status).toBe(402);
          expect(after.matches({ ready: 'declined' })).toBe(true);
          expect(context(after).failure).toBe(code);
          expect(context(after).attemptKey).toBeNull();
        } else expect(after.matches({ ready: 'failed' })).toBe(true);
        if (!(sent && answer?.status === 409)) expect(toastsOf(world).at(-1)).toEqual(paymentFailedToast(sent ? code : undefined));
        const refusalToasts = toastsOf(world).filter((t) => t.title === 'commerce:toast.paymentFailed.title' || t.title.startsWith('group:checkout.'));
        expect(refusalToasts.filter((t) => t.title !== 'group:checkout.requoteFailed.title')).toHaveLength(world.events.filter((e) => e.type === 'xstate.error.actor.processPayment').length);
      }
      // The key: new for each attempt, the same only to retry a payment whose answer was lost with nothing changed.
      const paid = payments(world);
      if (started.some((h) => h.name === 'processPayment') && paid.length > 1) {
        const [previous, current] = paid.slice(-2) as [(typeof paid)[number], (typeof paid)[number]];
        const lastFailure = world.events.map((e) => e.type).lastIndexOf('xstate.error.actor.processPayment');
        // A field typed, or a package the server priced again, is a new attempt.
        const changed = world.events.slice(lastFailure + 1).some((e) => e.type === 'FIELD.CHANGE' || e.type.endsWith('.actor.fetchQuote'));
        const retry = previous.verdict === 'dropped' && !changed;
        expect(current.input.body.idempotencyKey === previous.input.body.idempotencyKey, 'the key is reused').toBe(retry);
      }
    },
    states: {
      ready: async (s, world) => {
        const answer = lastCall(world, 'GET', `/api/groups/${world.input.groupId}/quote`);
        expect(answer?.status).toBe(200);
        const quote = context(s).quote!;
        expect(quote).toEqual(answer?.response);
        // The processing fee once, on the first line; the lines add up to the charge.
        expect(quote.lines.slice(1).every((l) => l.price.processingFee === 0)).toBe(true);
        expect(quote.lines.reduce((n, l) => n + l.price.total, 0)).toBe(quote.price.total);
        expect(quote.price.processingFee).toBe(299);
        // The quote marks exactly the travellers the rule waits for.
        const waited = await waitingForGuardian(world, quote.lines.map((l) => l.leadId));
        expect(quote.lines.filter((l) => l.needsGuardian).map((l) => l.leadId)).toEqual(quote.lines.filter((l) => waited.includes(l.leadId)).map((l) => l.leadId));
        // Each package chosen on the page is the one the server priced (once the price is back).
        if (!s.matches({ ready: 'requoting' })) for (const [leadId, product] of Object.entries(context(s).plans)) expect(quote.lines.find((l) => l.leadId === leadId)?.product).toBe(product);
        // The receipt goes to the leader's address unless the payer typed another.
        expect(context(s).email).toBe(quote.email);
      },
      'ready.paying': (s, world) => {
        const held = lastHeld(world, 'processPayment')!;
        const c = context(s);
        expect(held.input.groupId).toBe(world.input.groupId);
        expect(held.input.body).toEqual({
          ...(Object.keys(c.plans).length > 0 ? { plans: Object.entries(c.plans).map(([leadId, product]) => ({ leadId, product })) } : {}),
          email: c.email.trim(),
          idempotencyKey: c.attemptKey,
          paymentDetails: c.details,
        });
        expect(held.input.body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      },
      quoteFailed: (s, world) => expect(lastHeld(world, 'fetchQuote')?.verdict).toBe('dropped'),
      nothingToPay: async (s, world) => {
        expect(context(s).quote).toMatchObject({ lines: [] });
        const members = await world.app.db.selectFrom('group_members').innerJoin('leads', 'leads.id', 'group_members.lead_id').select('leads.payment_status').where('group_members.group_id', '=', world.input.groupId).execute();
        expect(members.map((m) => m.payment_status)).toEqual(members.map(() => 'paid'));
        expect(s.can({ type: 'PAY' })).toBe(false);
      },
      paid: async (s, world) => {
        const answer = lastCall(world, 'POST', `/api/groups/${world.input.groupId}/checkout`);
        expect(answer?.status).toBe(200);
        const payment = answer?.response as { id: string; price: { total: number }; lines: Array<{ order: { id: string; leadId: string; status: string } }> };
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual([`/payment-confirmation?groupPayment=${payment.id}`]);
        expect(toastsOf(world).filter((t) => t.title === PAID_TOAST.title)).toEqual([PAID_TOAST]);
        expect(s.hasTag('busy')).toBe(true);
        // Charged once, for the quoted total: one gateway charge under the payment's key.
        const quote = context(s).quote!;
        expect(payment.price.total).toBe(quote.price.total);
        const attempts = await world.app.db.selectFrom('payment_attempts').select(['idempotency_key', 'status']).where('order_id', '=', payment.id).execute();
        expect(attempts).toEqual([{ idempotency_key: context(s).attemptKey, status: 'succeeded' }]);
        const charges = await world.app.db.selectFrom('gateway_charges').select(['amount_cents', 'status']).where('idempotency_key', '=', context(s).attemptKey as string).execute();
        expect(charges).toEqual([{ amount_cents: quote.price.total, status: 'succeeded' }]);
        // Every traveller quoted has their own paid order and their application paid; the lines are the quote's.
        const rows = await world.app.db.selectFrom('orders').select(['lead_id', 'status', 'plan', 'total_cents']).where('parent_order_id', '=', payment.id).execute();
        expect(rows.map((r) => r.lead_id).sort()).toEqual(quote.lines.map((l) => l.leadId).sort());
        for (const line of quote.lines) expect(rows.find((r) => r.lead_id === line.leadId)).toMatchObject({ status: 'paid', plan: line.product, total_cents: line.price.total });
        const leads = await world.app.db.selectFrom('leads').select('payment_status').where('id', 'in', quote.lines.map((l) => l.leadId)).execute();
        expect(leads.map((l) => l.payment_status)).toEqual(quote.lines.map(() => 'paid'));
      },
    },
  },
};
