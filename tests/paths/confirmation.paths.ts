import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { confirmationCalls } from '../../client/api/actors/confirmation';
import { confirmationMachine } from '../../machines/confirmation.machine';
import { injectTransport } from '../helpers/transport';
import { application, CARDS, orderWithStatus, pay } from './commerce';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// /payment-confirmation (spec 1-core §2.6, docs/DECISIONS.md): the order as the server recorded it, never what the
// address says; the receipt and form PDFs made by the server.

type Status = 'paid' | 'pending' | 'failed' | 'refunded';

const STATE_OF: Record<Status, string> = { paid: 'paid', pending: 'pending', failed: 'declined', refunded: 'refunded' };

const outcomes = (s: Snap, status: Status, refused: boolean): AnyEventObject[] => {
  if (s.matches('loading')) {
    return refused
      ? [{ type: 'xstate.error.actor.fetchOrder', error: 'server' }, { type: 'xstate.error.actor.fetchOrder', error: 'network' }]
      : [{ type: 'xstate.done.actor.fetchOrder', output: { status } }, { type: 'xstate.error.actor.fetchOrder', error: 'network' }];
  }
  const downloads: AnyEventObject[] = [{ type: 'DOWNLOAD.RECEIPT' }, { type: 'DOWNLOAD.FORM' }];
  if (s.matches({ paid: 'idle' })) return downloads;
  if (s.matches({ paid: 'receipt' })) {
    // While one PDF is made the buttons are disabled; the machine ignores another request anyway.
    return [{ type: 'xstate.done.actor.downloadReceipt', output: {} }, { type: 'xstate.error.actor.downloadReceipt', error: 'network' }, { type: 'DOWNLOAD.FORM' }];
  }
  if (s.matches({ paid: 'form' })) return [{ type: 'xstate.done.actor.downloadForm', output: {} }, { type: 'xstate.error.actor.downloadForm', error: 'network' }];
  if (s.matches('failed')) return [{ type: 'RETRY' }, ...downloads];
  if (s.matches('pending')) return [{ type: 'REFRESH' }, ...downloads];
  return downloads;
};

function orderCase(name: string, status: Status, setup: (world: World) => Promise<string>, refused = false, written = (id: string) => id): PathCase {
  return { name, input: { orderId: randomUUID() }, setup: async (world) => ({ orderId: written(await setup(world)) }), events: (s) => outcomes(s, status, refused) };
}

/*
 * The oracle's own statement of what the address may hold: an order's id is a UUID, whole (nothing before or after
 * it), with the spaces a pasted link brings trimmed; anything else opens nothing.
 */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orderIdOf = (written: unknown): string | null => (typeof written === 'string' && ORDER_ID.test(written.trim()) ? written.trim() : null);

/** Where each event a person sends must lead, by the state it is sent in (own table); unlisted: nowhere. */
const MOVES: Record<string, Record<string, string>> = {
  failed: { RETRY: 'loading' },
  pending: { REFRESH: 'loading' },
  'paid.idle': { 'DOWNLOAD.RECEIPT': 'paid.receipt', 'DOWNLOAD.FORM': 'paid.form' },
};
const PERSON = new Set(['RETRY', 'REFRESH', 'DOWNLOAD.RECEIPT', 'DOWNLOAD.FORM']);
const where = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.entries(s.value as Record<string, string>).map(([k, v]) => `${k}.${v}`)[0]) as string;
/** The states whose screen shows a wait: the order loading and a PDF being made. */
const BUSY = new Set(['loading', 'paid.receipt', 'paid.form']);

const paidPremium = async (world: World) => pay(world, 'premium', await application(world));

const fileOf = (world: World, kind: 'confirmation' | 'form') => {
  const order = lastCall(world, 'GET', '/api/orders/')?.response as { number: string };
  return `ds160-${kind}-${order.number}.pdf`;
};

export const confirmationPaths: PathModel = {
  machine: confirmationMachine,
  // The transition cover's paths and the required sequences' (four); 12 of them the pasted id's walk.
  budget: 72,
  // What a person does after a failure or on an order that is not paid, whatever the transition cover picks: a
  // lost order or PDF is asked for again; a declined or refunded order gives no receipt or form.
  required: [
    {
      name: 'an order that did not load, then Try again, then shown',
      through: [(e) => e.type === 'xstate.error.actor.fetchOrder', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchOrder'],
    },
    {
      name: 'a receipt lost, then downloaded again',
      through: [(e) => e.type === 'xstate.error.actor.downloadReceipt', (e) => e.type === 'DOWNLOAD.RECEIPT', (e) => e.type === 'xstate.done.actor.downloadReceipt'],
    },
    { name: 'a declined order, then its receipt asked for', case: 'a declined order', through: [(e) => e.type === 'xstate.done.actor.fetchOrder', (e) => e.type === 'DOWNLOAD.RECEIPT'] },
    { name: 'a refunded order, then its form asked for', case: 'a refunded order', through: [(e) => e.type === 'xstate.done.actor.fetchOrder', (e) => e.type === 'DOWNLOAD.FORM'] },
  ],
  calls: confirmationCalls,
  cases: [
    orderCase('a paid Premium order', 'paid', paidPremium),
    orderCase('a declined order', 'failed', async (world) => pay(world, 'basic', await application(world), CARDS.declined)),
    orderCase('an order whose charge has not settled', 'pending', (world) => orderWithStatus(world, 'pending')),
    orderCase('a refunded order', 'refunded', (world) => orderWithStatus(world, 'refunded')),
    // Another browser's order: its id alone shows nothing.
    orderCase(
      'another session’s order',
      'paid',
      async (world) => {
        const other = { ...world, http: injectTransport(world.app) };
        return pay(other, 'premium', await application(other));
      },
      true,
    ),
    { name: 'no order in the address', input: { orderId: null }, events: (s) => outcomes(s, 'paid', false) },
    { name: 'an order id that is not one', input: { orderId: 'RB-123' }, events: (s) => outcomes(s, 'paid', false) },
    // A pasted link's spaces are trimmed; an id with more written before or after it is not an id.
    orderCase('a paid order pasted with spaces around its id', 'paid', paidPremium, false, (id) => ` ${id} `),
    { name: 'an order id with more before it', input: { orderId: `x${randomUUID()}` }, events: (s) => outcomes(s, 'paid', false) },
    { name: 'an order id with more after it', input: { orderId: `${randomUUID()}0` }, events: (s) => outcomes(s, 'paid', false) },
  ],
  oracle: {
    initial: (s, world) => {
      const orderId = orderIdOf(world.input.orderId);
      expect(s.value).toBe(orderId ? 'loading' : 'missing');
      expect(world.held.map((h) => h.input)).toEqual(orderId ? [{ orderId }] : []);
      expect(s.hasTag('busy')).toBe(orderId !== null);
    },
    step: ({ before, event, after, world }) => {
      // A person's event goes where the table says, or nowhere; the screen waits exactly in the busy states.
      if (PERSON.has(event.type)) expect(where(after)).toBe(MOVES[where(before)]?.[event.type] ?? where(before));
      expect(after.hasTag('busy')).toBe(BUSY.has(where(after)));
      // Each PDF that arrives is saved once, under the server's name; each failure is announced with the number.
      const saved = effectsOf(world, 'download');
      expect(saved).toHaveLength(world.events.filter((e) => /^xstate\.done\.actor\.download/.test(e.type)).length);
      if (event.type.startsWith('xstate.done.actor.download')) {
        const kind = event.type.endsWith('Receipt') ? 'confirmation' : 'form';
        const { file } = saved.at(-1)?.params as { file: { fileName: string; bytes: Uint8Array } };
        expect(file.fileName).toBe(fileOf(world, kind));
        expect(Buffer.from(file.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      }
      // 'Error generating confirmation PDF' and 'Error generating form PDF' with the order's number, once per failure.
      const number = (lastCall(world, 'GET', '/api/orders/')?.response as { number: string } | undefined)?.number;
      const failures = world.events.flatMap((e) =>
        e.type === 'xstate.error.actor.downloadReceipt' ? ['receiptFailed'] : e.type === 'xstate.error.actor.downloadForm' ? ['formFailed'] : [],
      );
      expect(effectsOf(world, 'toast').map((e) => e.params.toast)).toEqual(
        failures.map((kind) => ({ title: `commerce:toast.${kind}.title`, description: `commerce:toast.${kind}.description`, params: { number }, variant: 'destructive' })),
      );
      // The page never leaves by itself.
      expect(effectsOf(world, 'navigate')).toEqual([]);
    },
    states: {
      loading: (s, world) => {
        expect(lastHeld(world, 'fetchOrder')?.input).toEqual({ orderId: orderIdOf(world.input.orderId) });
      },
      missing: (_, world) => expect(world.held).toEqual([]),
      failed: (_, world) => {
        const answer = lastCall(world, 'GET', '/api/orders/');
        expect(lastHeld(world, 'fetchOrder')?.verdict === 'dropped' || answer?.status === 403).toBe(true);
      },
      // Only what the server says: the status it recorded decides the screen.
      ...Object.fromEntries(
        (Object.entries(STATE_OF) as Array<[Status, string]>).map(([status, state]) => [
          state,
          async (s: Snap, world: World) => {
            const answer = lastCall(world, 'GET', '/api/orders/');
            expect(answer?.status).toBe(200);
            expect(s.context.order).toEqual(answer?.response);
            expect(s.context.order.status).toBe(status);
            const row = await world.app.db.selectFrom('orders').select(['status', 'access_code']).where('id', '=', orderIdOf(world.input.orderId) as string).executeTakeFirstOrThrow();
            expect(row.status).toBe(status);
            // The Premium box shows the code the server issued for this order, and only for a paid one.
            expect(s.context.order.accessCode).toBe(status === 'paid' ? row.access_code : null);
            // 'Try again' reopens the checkout of the same option, for the same application: what it needs is the
            // server's record (the address itself is the view's, stated in tests/machines/confirmation.test.ts).
            if (status === 'failed') {
              const lead = await world.app.db.selectFrom('orders').select(['plan', 'lead_id']).where('id', '=', orderIdOf(world.input.orderId) as string).executeTakeFirstOrThrow();
              expect({ product: s.context.order.product, leadId: s.context.order.leadId }).toEqual({ product: lead.plan, leadId: lead.lead_id });
            }
          },
        ]),
      ),
      'paid.receipt': (s, world) => expect(lastHeld(world, 'downloadReceipt')?.input).toEqual({ order: s.context.order }),
      'paid.form': (s, world) => expect(lastHeld(world, 'downloadForm')?.input).toEqual({ order: s.context.order }),
    },
  },
};
