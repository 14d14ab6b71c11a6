import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { travellerGroupMachine } from '../../machines/travellerGroup.machine';
import type { GroupDto, TravellerAdded } from '../../openapi/schemas/groups';
import { answersFor } from '../helpers/answers';
import { PAYING_CARD } from '../helpers/card';
import { dialectUnderTest, sessionCookie } from '../helpers/app';
import { appForFile } from '../helpers/clients';

// Issue 41: "the client's rule for who may be removed is the server's". For generated groups (a leader, travellers
// with paid, pending, declined and refunded orders, a lead marked paid, guardians among them, and a group payment
// under way: its checkout writes a pending order for each traveller it pays for) the group panel's
// machine offers "Remove" for a traveller exactly when the server's DELETE answers 200; where it does not offer it,
// the server answers 409 with the reason. The panel reads the group as the server sends it (GET /api/groups/{id}).

// A group payment stays pending while its charge is held, as one under way does between its orders and the card.
let held: Promise<void> | undefined;
const { t, call } = appForFile(41, {
  logger: false,
  gateway: (embedded) => ({
    ...embedded,
    async charge(request) {
      await held;
      return embedded.charge(request);
    },
  }),
});

const ORDER_STATUSES = ['paid', 'pending', 'failed', 'refunded'] as const;
const traveller = fc.record({
  relationship: fc.constantFrom('spouse', 'child', 'friend', 'sibling'),
  orders: fc.subarray([...ORDER_STATUSES]),
  leadPaid: fc.boolean(),
  guardian: fc.constantFrom('none', 'leader', 'previous'),
});

async function order(leadId: string, status: (typeof ORDER_STATUSES)[number], at: string) {
  const id = randomUUID();
  await t.app.db
    .insertInto('orders')
    .values({
      id,
      number: `RB-T${id.slice(0, 8)}`,
      owner_token: 'removal-rule',
      user_id: null,
      lead_id: leadId,
      service: 'ESTA',
      plan: 'esta',
      service_fee_cents: 2000,
      credit_cents: 0,
      processing_fee_cents: 0,
      total_cents: 6000,
      government_fee_cents: 4000,
      status,
      card_brand: null,
      card_last4: null,
      gateway_ref: null,
      failure: status === 'failed' ? 'card_declined' : null,
      access_code: null,
      created_at: at,
      updated_at: at,
      paid_at: status === 'paid' || status === 'refunded' ? at : null,
      receipt_email: null,
      settled_by: null,
      group_id: null,
      parent_order_id: null,
      visa_class: null,
      government_fees: null,
    })
    .execute();
}

/** What the group panel offers, by traveller: its machine loaded with the group as the server sends it. */
async function offered(groupId: string, leaderId: string, cookie: string): Promise<Map<string, boolean>> {
  const dto = (await call('GET', `/api/groups/${groupId}`, cookie)).json() as GroupDto;
  const actor = createActor(travellerGroupMachine.provide({ actors: { loadGroup: fromPromise(async () => dto) } as never }), { input: { leadId: leaderId, openAdd: false, openGuardian: false } });
  actor.start();
  const snapshot = await waitFor(actor, (s) => !s.hasTag('busy') && Boolean(s.context.group));
  const offers = new Map(dto.travellers.map((tr) => [tr.leadId, snapshot.can({ type: 'TRAVELLER.REMOVE', position: tr.position })]));
  actor.stop();
  return offers;
}

/** The group's payment, started with its charge held: whether it reached the card, leaving its orders pending. */
async function groupPaymentUnderWay(groupId: string, cookie: string): Promise<{ pending: boolean; done: Promise<unknown> }> {
  const body = { email: 'ana@example.com', idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, paymentDetails: PAYING_CARD };
  let answered = false;
  const done = call('POST', `/api/groups/${groupId}/checkout`, cookie, body).then((res) => {
    answered = true;
    return res;
  });
  const pendingPayment = () => t.app.db.selectFrom('orders').select('id').where('group_id', '=', groupId).where('plan', '=', 'group').where('status', '=', 'pending').executeTakeFirst();
  // Refused (a traveller's own charge under way, or nothing to pay) it answers at once; reserved, it waits on the card.
  while (!answered && !(await pendingPayment())) await new Promise((go) => setImmediate(go));
  return { pending: !answered, done };
}

describe(`who may be removed from a group on ${dialectUnderTest}`, () => {
  it('is offered by the panel exactly when the server removes (generated groups)', async () => {
    let removed = 0;
    let refused = 0;
    let paying = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(traveller, { minLength: 1, maxLength: 4 }), fc.boolean(), async (travellers, groupPays) => {
        const email = `lider.${randomUUID().slice(0, 8)}@example.com`;
        const answers = answersFor(estaCatalog, { email, 'first-name': 'Ana', 'last-name': 'Garcia' });
        const created = await call('POST', '/api/leads', undefined, { email, formType: 'ESTA', source: 'esta-wizard', formData: answers, completionStatus: 'completed' });
        expect(created.statusCode, created.body).toBe(201);
        const cookie = sessionCookie(created) as string;
        const leaderId = created.json().id as string;
        const group = (await call('POST', `/api/leads/${leaderId}/group`, cookie)).json() as GroupDto;
        const at = new Date().toISOString();
        let previous = leaderId;
        for (const [i, spec] of travellers.entries()) {
          const added = await call('POST', `/api/groups/${group.id}/travellers`, cookie, { firstName: `Luis${'abcd'[i]}`, lastName: 'Garcia', relationship: spec.relationship, nationality: 'Spain' });
          expect(added.statusCode, added.body).toBe(201);
          const leadId = (added.json() as TravellerAdded).leadId;
          for (const status of spec.orders) await order(leadId, status, at);
          if (spec.leadPaid) await t.app.db.updateTable('leads').set({ payment_status: 'paid' }).where('id', '=', leadId).execute();
          if (spec.guardian !== 'none') {
            const guardian = { leadId: spec.guardian === 'leader' ? leaderId : previous, name: 'Guardian', role: 'parent' };
            await t.app.db.updateTable('group_members').set({ guardian: JSON.stringify(guardian) }).where('lead_id', '=', leadId).execute();
          }
          previous = leadId;
        }
        let letGo = () => {};
        held = new Promise((go) => (letGo = go));
        // Not over a traveller's own pending order: the checkout would wait out that charge (seconds) before its 409.
        const payment = groupPays && !travellers.some((spec) => spec.orders.includes('pending')) ? await groupPaymentUnderWay(group.id, cookie) : undefined;
        if (payment?.pending) paying += 1;
        // Each traveller, the leader first, as the panel offers them and as the server answers, one after another.
        const everyone = (await call('GET', `/api/groups/${group.id}`, cookie)).json() as GroupDto;
        for (const member of everyone.travellers) {
          const offer = (await offered(group.id, leaderId, cookie)).get(member.leadId);
          const answer = await call('DELETE', `/api/groups/${group.id}/travellers/${member.leadId}`, cookie);
          expect(answer.statusCode, `${member.relationship}: ${answer.body}`).toBe(offer ? 200 : 409);
          if (offer) removed += 1;
          else {
            refused += 1;
            expect(answer.json().code).toBe(member.relationship === 'leader' ? 'group_leader' : 'traveller_has_orders');
          }
          // A group payment under way holds every traveller it pays for: one pending order each.
          if (payment?.pending) expect(offer).toBe(false);
        }
        letGo();
        await payment?.done;
      }),
      {
        numRuns: 12,
        // Twelve draws met no group payment under way once in CI (a pending order or a paid traveller in each): these
        // two groups always run, so each answer and a payment under way are met whatever the seed.
        examples: [
          [[{ relationship: 'spouse', orders: [], leadPaid: false, guardian: 'none' }], true],
          [[{ relationship: 'child', orders: [], leadPaid: false, guardian: 'none' }], false],
        ],
      },
    );
    // Both answers were met, and a group payment was under way, or the generated groups proved nothing.
    expect(removed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(paying).toBeGreaterThan(0);
  });
});
