import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import type { GroupDto, GroupPaymentDto, GroupPaymentSummaryDto, GroupQuoteDto, TravellerAdded } from '../../openapi/schemas/groups';
import { answersFor } from '../helpers/answers';
import { dialectUnderTest, sessionCookie } from '../helpers/app';
import { appForFile } from '../helpers/clients';
import { PAYING_CARD as CARD } from '../helpers/card';

// One checkout for a group (issue 36): one order with a line per traveller, one charge, every line and application
// paid in one transaction, Premium codes per Premium traveller; serialised with the group's other checkouts and
// with each traveller's own purchase. CI runs this file on SQLite and again on PostgreSQL.

const DECLINED = { ...CARD, cardNumber: '4000 0000 0000 0002' };
/** At the default prices: the ESTA service 99 − 22, the Premium package 150, the processing fee 2.99 once. */
const ESTA = 7_700;
const PREMIUM = 15_000;
const PROCESSING = 299;

const { t, call } = appForFile(36);

const key = () => `k_${randomUUID().replace(/-/g, '')}`;

interface Family {
  cookie: string;
  groupId: string;
  leader: string;
  spouse: string;
  /** The child with a Mexican passport: a DS-160. */
  mexican: string;
  child: string;
}

/** A Spanish mother leading, a Spanish father, a Mexican child (DS-160) and a Spanish child. */
async function family(): Promise<Family> {
  const answers = answersFor(estaCatalog, { email: `ana.${randomUUID().slice(0, 8)}@example.com`, 'first-name': 'Ana', 'last-name': 'Garcia' });
  const created = await call('POST', '/api/leads', undefined, { email: answers.email, formType: 'ESTA', source: 'esta-wizard', formData: answers, completionStatus: 'completed' });
  expect(created.statusCode, created.body).toBe(201);
  const cookie = sessionCookie(created) as string;
  const leader = created.json().id as string;
  const group = (await call('POST', `/api/leads/${leader}/group`, cookie)).json() as GroupDto;
  const add = async (firstName: string, relationship: string, nationality: string) => {
    const response = await call('POST', `/api/groups/${group.id}/travellers`, cookie, { firstName, lastName: 'Garcia', relationship, nationality });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as TravellerAdded).leadId;
  };
  const spouse = await add('Luis', 'spouse', 'Spain');
  const mexican = await add('Diego', 'child', 'Mexico');
  const child = await add('Lucia', 'child', 'Spain');
  return { cookie, groupId: group.id, leader, spouse, mexican, child };
}

const pay = (f: Family, extra: object = {}) =>
  call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, {
    email: 'ana@example.com',
    idempotencyKey: key(),
    paymentDetails: CARD,
    plans: [{ leadId: f.mexican, product: 'premium' }],
    ...extra,
  });

const ordersOfGroup = (groupId: string) => t.app.db.selectFrom('orders').selectAll().where('group_id', '=', groupId).execute();
const leadsOf = (f: Family) =>
  t.app.db.selectFrom('leads').select(['id', 'payment_status', 'completion_status']).where('id', 'in', [f.leader, f.spouse, f.mexican, f.child]).execute();

/** What the gateway charged for these keys: the money that moved, whatever the orders say. */
async function charged(keys: string[]): Promise<number> {
  const rows = await t.app.db.selectFrom('gateway_charges').select(['amount_cents', 'status']).where('idempotency_key', 'in', keys).execute();
  return rows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + Number(r.amount_cents), 0);
}

describe(`one checkout for a group on ${dialectUnderTest}`, () => {
  it('quotes a line per traveller at the server’s prices, the processing fee once', async () => {
    const f = await family();
    const basic = (await call('GET', `/api/groups/${f.groupId}/quote`, f.cookie)).json() as GroupQuoteDto;
    expect(basic.lines.map((l) => [l.leadId, l.service, l.product])).toEqual([
      [f.leader, 'ESTA', 'esta'],
      [f.spouse, 'ESTA', 'esta'],
      [f.mexican, 'DS-160', 'basic'],
      [f.child, 'ESTA', 'esta'],
    ]);
    expect(basic.lines.map((l) => l.price.processingFee)).toEqual([PROCESSING, 0, 0, 0]);
    const premium = (await call('GET', `/api/groups/${f.groupId}/quote?plans=${f.mexican}:premium`, f.cookie)).json() as GroupQuoteDto;
    expect(premium.lines[2]).toMatchObject({ product: 'premium', price: { serviceFee: PREMIUM, total: PREMIUM } });
    expect(premium.lines[2]?.options.map((o) => o.product)).toEqual(['basic', 'pro', 'premium']);
    expect(premium.price.total).toBe(3 * ESTA + PREMIUM + PROCESSING);
    expect(premium.price.total).toBe(premium.lines.reduce((n, l) => n + l.price.total, 0));
    // Each traveller's own government fees: three ESTAs at $40 and the Mexican's visa (B: a family trip) at $185.
    expect(premium.price.governmentFee).toBe(3 * 4_000 + 18_500);
    expect(premium.price.governmentFees.map((f) => [f.subject, f.amountCents])).toEqual([['ESTA', 4_000], ['ESTA', 4_000], ['B', 18_500], ['ESTA', 4_000]]);

    expect((await call('GET', `/api/groups/${f.groupId}/quote?plans=${f.child}:premium`, f.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/api/groups/${f.groupId}/quote?plans=${randomUUID()}:pro`, f.cookie)).statusCode).toBe(400);
    const stranger = sessionCookie(await call('POST', '/api/leads/immediate', undefined, { email: 'x@example.com', formType: 'ESTA' })) as string;
    expect((await call('GET', `/api/groups/${f.groupId}/quote`, stranger)).statusCode).toBe(403);
    expect((await call('POST', `/api/groups/${f.groupId}/checkout`, stranger, { email: 'x@example.com', idempotencyKey: key(), paymentDetails: CARD })).statusCode).toBe(403);
    expect(await ordersOfGroup(f.groupId)).toEqual([]);
  });

  it('sends a traveller of a group who finishes their form to the group’s checkout, and one travelling alone to their own', async () => {
    const f = await family();
    const answers = answersFor(estaCatalog, { email: `luis.${randomUUID().slice(0, 8)}@example.com`, 'first-name': 'Luis', 'last-name': 'Garcia' });
    const finished = await call('PATCH', `/api/leads/${f.spouse}/update`, f.cookie, { formData: answers, completionStatus: 'completed' });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().checkout.url).toBe(`/checkout?group=${f.groupId}`);
    const alone = answersFor(estaCatalog, { email: `eva.${randomUUID().slice(0, 8)}@example.com` });
    const created = await call('POST', '/api/leads', undefined, { email: alone.email, formType: 'ESTA', source: 'esta-wizard', formData: alone, completionStatus: 'completed' });
    expect(created.json().checkout.url).toMatch(/^\/checkout\?formType=ESTA&.*lead=/);
  });

  it('pays once, and marks every traveller’s line and application paid, with a Premium code for the Premium traveller', async () => {
    const f = await family();
    const body = { email: 'ana@example.com', idempotencyKey: key(), paymentDetails: CARD, plans: [{ leadId: f.mexican, product: 'premium' }] };
    const response = await call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, body);
    expect(response.statusCode, response.body).toBe(200);
    const payment = response.json() as GroupPaymentDto;
    const total = 3 * ESTA + PREMIUM + PROCESSING;
    expect(payment).toMatchObject({ status: 'paid', groupId: f.groupId, price: { total }, card: { brand: 'visa', last4: '4242' } });
    expect(payment.lines.map((l) => [l.traveller, l.relationship, l.order.leadId, l.order.product, l.order.status])).toEqual([
      ['Ana Garcia', 'leader', f.leader, 'esta', 'paid'],
      ['Luis Garcia', 'spouse', f.spouse, 'esta', 'paid'],
      ['Diego Garcia', 'child', f.mexican, 'premium', 'paid'],
      ['Lucia Garcia', 'child', f.child, 'esta', 'paid'],
    ]);
    expect(payment.lines.map((l) => Boolean(l.order.accessCode))).toEqual([false, false, true, false]);
    expect(new Set(payment.lines.map((l) => l.order.number)).size).toBe(4);
    expect(payment.lines[0]?.order.formReady).toBe(true);

    // The money that moved: one charge of the whole.
    expect(await charged([body.idempotencyKey])).toBe(total);
    expect(await t.app.db.selectFrom('gateway_charges').select('idempotency_key').where('idempotency_key', '=', body.idempotencyKey).execute()).toHaveLength(1);
    const rows = await ordersOfGroup(f.groupId);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    expect(rows.filter((r) => r.plan !== 'group').reduce((n, r) => n + r.total_cents, 0)).toBe(total);
    const leads = await leadsOf(f);
    expect(leads.map((l) => l.payment_status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(leads.find((l) => l.id === f.leader)?.completion_status).toBe('paid');
    const mexican = await t.app.db.selectFrom('leads').select('subscription_plan').where('id', '=', f.mexican).executeTakeFirstOrThrow();
    expect(mexican.subscription_plan).toBe('premium');

    // The same key answers the same payment and charges nothing more; the dashboard lists the travellers' orders.
    const again = await call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, body);
    expect(again.json()).toMatchObject({ id: payment.id, status: 'paid' });
    expect(await charged([body.idempotencyKey])).toBe(total);
    const listed = (await call('GET', '/api/orders', f.cookie)).json() as Array<{ id: string }>;
    expect(listed.map((o) => o.id).sort()).toEqual(payment.lines.map((l) => l.order.id).sort());
    expect((await call('GET', `/api/group-payments/${payment.id}`, f.cookie)).json()).toMatchObject({ id: payment.id, lines: expect.any(Array) });
    expect((await call('GET', `/api/orders/${payment.id}`, f.cookie)).statusCode).toBe(404);
    // Everyone has paid: nothing is sold twice.
    const nothing = await pay(f);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('nothing_to_pay');
  });

  it('charges once when the group is paid from several tabs at once', async () => {
    const f = await family();
    const bodies = Array.from({ length: 5 }, () => ({ email: 'ana@example.com', idempotencyKey: key(), paymentDetails: CARD }));
    const answers = await Promise.all(bodies.map((b) => call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, b)));
    expect(answers.filter((r) => r.statusCode === 200), answers.map((r) => r.body).join('\n')).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) expect(refused.json()).toMatchObject({ statusCode: 409, code: 'nothing_to_pay' });
    expect(await charged(bodies.map((b) => b.idempotencyKey))).toBe(3 * ESTA + 5_000 + PROCESSING);
    expect((await ordersOfGroup(f.groupId)).filter((r) => r.status === 'paid')).toHaveLength(5);
  });

  it('never sells a traveller their service twice when their own purchase and the group’s arrive together', async () => {
    const f = await family();
    const own = { plan: 'esta', leadId: f.spouse, email: 'luis@example.com', idempotencyKey: key(), paymentDetails: CARD };
    const group = { email: 'ana@example.com', idempotencyKey: key(), paymentDetails: CARD };
    const [single, whole] = await Promise.all([call('POST', '/api/checkout/process', f.cookie, own), call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, group)]);
    expect([single.statusCode, whole.statusCode]).toEqual([expect.any(Number), 200]);
    const spouseOrders = await t.app.db.selectFrom('orders').selectAll().where('lead_id', '=', f.spouse).where('status', '=', 'paid').execute();
    expect(spouseOrders).toHaveLength(1);
    const payment = whole.json() as GroupPaymentDto;
    const spouseInGroup = payment.lines.some((l) => l.order.leadId === f.spouse);
    // Whichever came first bought the spouse's ESTA; the other did not charge for it.
    expect(spouseInGroup).toBe(single.statusCode !== 200);
    const groupCharge = (spouseInGroup ? 3 : 2) * ESTA + 5_000 + PROCESSING;
    expect(await charged([own.idempotencyKey, group.idempotencyKey])).toBe(groupCharge + (single.statusCode === 200 ? ESTA + PROCESSING : 0));
  });

  it('a refused card pays nothing for anyone, and the group can pay again', async () => {
    const f = await family();
    const refused = await pay(f, { paymentDetails: DECLINED });
    expect(refused.statusCode).toBe(402);
    const rows = await ordersOfGroup(f.groupId);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.status === 'failed')).toBe(true);
    expect((await leadsOf(f)).every((l) => l.payment_status !== 'paid')).toBe(true);
    const paid = await pay(f);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await leadsOf(f)).every((l) => l.payment_status === 'paid')).toBe(true);
  });

  it('lists the group’s payments for the dashboard to the session that paid, and to nobody else', async () => {
    const f = await family();
    expect((await call('GET', '/api/group-payments', f.cookie)).json()).toEqual([]);
    const refused = await pay(f, { paymentDetails: DECLINED });
    expect(refused.statusCode).toBe(402);
    const paid = await pay(f);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json() as GroupPaymentDto;

    const listed = await call('GET', '/api/group-payments', f.cookie);
    expect(listed.statusCode).toBe(200);
    const payments = listed.json() as GroupPaymentSummaryDto[];
    // Newest first: the payment that went through, then the declined attempt (the dashboard shows only the first).
    const rows = await t.app.db.selectFrom('orders').selectAll().where('group_id', '=', f.groupId).where('plan', '=', 'group').orderBy('created_at', 'desc').execute();
    expect(payments.map((p) => [p.id, p.groupId, p.status])).toEqual([
      [payment.id, f.groupId, 'paid'],
      [rows[1]?.id, f.groupId, 'failed'],
    ]);
    const { id, number, groupId, status, price, createdAt, paidAt } = payment;
    expect(payments[0]).toEqual({ id, number, groupId, status, price, createdAt, paidAt });
    expect(payments[0]?.price.total).toBe(3 * ESTA + PREMIUM + PROCESSING);
    expect(payments[0]?.paidAt).toBe(rows[0]?.paid_at);
    expect(payments[1]?.paidAt).toBeNull();
    // The travellers' own orders stay in GET /api/orders; the payments are not orders of their own there.
    const orders = (await call('GET', '/api/orders', f.cookie)).json() as Array<{ id: string }>;
    expect(orders.map((o) => o.id)).not.toContain(payment.id);

    // Another browser session, and one with no session at all, never see them.
    const stranger = sessionCookie(await call('POST', '/api/leads/immediate', undefined, { email: 'x@example.com', formType: 'ESTA' })) as string;
    const other = await family();
    expect((await pay(other)).statusCode).toBe(200);
    expect((await call('GET', '/api/group-payments', stranger)).json()).toEqual([]);
    expect((await call('GET', '/api/group-payments')).json()).toEqual([]);
    expect(((await call('GET', '/api/group-payments', other.cookie)).json() as GroupPaymentSummaryDto[]).map((p) => p.groupId)).toEqual([other.groupId]);
    expect(((await call('GET', '/api/group-payments', f.cookie)).json() as GroupPaymentSummaryDto[]).map((p) => p.id)).toEqual([payment.id, rows[1]?.id]);
  });

  it('marks nobody paid when the settlement fails part way, and reconciliation then marks everyone', async () => {
    const f = await family();
    // The last traveller's application refuses to be marked paid, after the others have been in the same transaction.
    if (dialectUnderTest === 'postgres') {
      await sql`CREATE FUNCTION refuse_paid() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql`.execute(t.app.db);
      await sql`CREATE TRIGGER refuse_paid BEFORE UPDATE ON leads FOR EACH ROW WHEN (NEW.id = ${sql.lit(f.child)} AND NEW.payment_status = 'paid') EXECUTE FUNCTION refuse_paid()`.execute(t.app.db);
    } else {
      await sql`CREATE TRIGGER refuse_paid BEFORE UPDATE ON leads WHEN NEW.id = ${sql.lit(f.child)} AND NEW.payment_status = 'paid' BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`.execute(t.app.db);
    }
    const failed = await pay(f);
    expect(failed.statusCode).toBe(500);
    const pending = await ordersOfGroup(f.groupId);
    expect(pending.map((r) => r.status)).toEqual(pending.map(() => 'pending'));
    expect((await leadsOf(f)).every((l) => l.payment_status !== 'paid')).toBe(true);

    await sql`DROP TRIGGER refuse_paid${sql.raw(dialectUnderTest === 'postgres' ? ' ON leads' : '')}`.execute(t.app.db);
    const payment = pending.find((r) => r.plan === 'group')!;
    const settled = await t.app.reconciler.reconcile(payment);
    expect(settled.status).toBe('paid');
    expect((await ordersOfGroup(f.groupId)).every((r) => r.status === 'paid')).toBe(true);
    expect((await leadsOf(f)).every((l) => l.payment_status === 'paid')).toBe(true);
  });
});

describe(`a minor's parent or guardian before the group pays, on ${dialectUnderTest}`, () => {
  const TEN_YEARS_AGO = `${new Date().getUTCFullYear() - 10}-03-01`;

  /** The family, Diego (DS-160) and Lucia (ESTA) ten years old by the birth dates their forms now hold. */
  async function withMinors(): Promise<Family> {
    const f = await family();
    for (const [leadId, formData] of [
      [f.mexican, { 'personal-info': { birthDate: TEN_YEARS_AGO } }],
      [f.child, { 'birth-date': TEN_YEARS_AGO }],
    ] as const) {
      const saved = await call('PATCH', `/api/leads/${leadId}/update`, f.cookie, { formData });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    return f;
  }
  const quoteOf = async (f: Family) => (await call('GET', `/api/groups/${f.groupId}/quote`, f.cookie)).json() as GroupQuoteDto;
  const needs = (quote: GroupQuoteDto) => Object.fromEntries(quote.lines.map((l) => [l.name, l.needsGuardian]));
  const setGuardian = (f: Family, minor: string, body: object) => call('PUT', `/api/groups/${f.groupId}/travellers/${minor}/guardian`, f.cookie, body);
  const chargesOf = (keys: string[]) => t.app.db.selectFrom('gateway_charges').select('idempotency_key').where('idempotency_key', 'in', keys).execute();

  it('quotes which minors have no parent or guardian, and charges nothing until each has one', async () => {
    const f = await withMinors();
    expect(needs(await quoteOf(f))).toEqual({ 'Ana Garcia': false, 'Luis Garcia': false, 'Diego Garcia': true, 'Lucia Garcia': true });

    const body = { email: 'ana@example.com', idempotencyKey: key(), paymentDetails: CARD };
    const refused = await call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'guardian_missing', message: expect.stringContaining('Diego Garcia, Lucia Garcia') });
    expect(await ordersOfGroup(f.groupId)).toEqual([]);
    expect(await chargesOf([body.idempotencyKey])).toEqual([]);
    expect((await leadsOf(f)).every((l) => l.payment_status === 'unpaid')).toBe(true);

    // One of the two given: the other is still named, and still nothing is charged.
    expect((await setGuardian(f, f.mexican, { leadId: f.leader, role: 'parent' })).statusCode).toBe(200);
    expect(needs(await quoteOf(f))).toMatchObject({ 'Diego Garcia': false, 'Lucia Garcia': true });
    const still = await pay(f);
    expect(still.json()).toMatchObject({ statusCode: 409, code: 'guardian_missing' });
    expect(still.json().message).not.toContain('Diego');
    expect(still.json().message).toContain('Lucia Garcia');

    // Lucia's is someone not travelling: everyone quoted has what they need, and the group pays.
    expect((await setGuardian(f, f.child, { name: 'Pilar Garcia', role: 'legalGuardian' })).statusCode).toBe(200);
    expect(Object.values(needs(await quoteOf(f)))).toEqual([false, false, false, false]);
    const paid = await pay(f);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await leadsOf(f)).every((l) => l.payment_status === 'paid')).toBe(true);
  });

  it('does not wait for the guardian of a minor whose service is already paid', async () => {
    const f = await withMinors();
    await setGuardian(f, f.mexican, { leadId: f.spouse, role: 'parent' });
    // Lucia's ESTA was bought on its own before she was in the group's checkout.
    const own = await call('POST', '/api/checkout/process', f.cookie, { plan: 'esta', leadId: f.child, email: 'ana@example.com', idempotencyKey: key(), paymentDetails: CARD });
    expect(own.statusCode, own.body).toBe(200);
    const quote = await quoteOf(f);
    expect(quote.settled.map((s) => s.name)).toEqual(['Lucia Garcia']);
    expect(quote.lines.some((l) => l.needsGuardian)).toBe(false);
    const paid = await pay(f);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('sees a guardian removed in another tab at the moment it reserves the payment, never charging without one', async () => {
    for (let round = 0; round < 4; round += 1) {
      const f = await withMinors();
      // Luis is Lucia's parent; Diego's is named. Removing Luis from the group takes Lucia's guardian with him.
      expect((await setGuardian(f, f.child, { leadId: f.spouse, role: 'parent' })).statusCode).toBe(200);
      expect((await setGuardian(f, f.mexican, { name: 'Pilar Garcia', role: 'legalGuardian' })).statusCode).toBe(200);
      expect((await quoteOf(f)).lines.some((l) => l.needsGuardian)).toBe(false);
      const body = { email: 'ana@example.com', idempotencyKey: key(), paymentDetails: CARD };
      // Sent together, in either order: whichever the group's lock takes first decides.
      const remove = () => call('DELETE', `/api/groups/${f.groupId}/travellers/${f.spouse}`, f.cookie);
      const checkoutNow = () => call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, body);
      const [removed, checkout] = round % 2 === 0 ? await Promise.all([remove(), checkoutNow()]) : await Promise.all([checkoutNow(), remove()]).then(([c, r]) => [r, c] as const);
      if (removed.statusCode === 200) {
        // Removed first: the payment is refused naming Lucia, and nothing moved.
        expect(checkout.json()).toMatchObject({ statusCode: 409, code: 'guardian_missing', message: expect.stringContaining('Lucia Garcia') });
        expect(await chargesOf([body.idempotencyKey])).toEqual([]);
        expect(await ordersOfGroup(f.groupId)).toEqual([]);
        expect((await quoteOf(f)).lines.find((l) => l.leadId === f.child)?.needsGuardian).toBe(true);
      } else {
        // Paid first: Luis has an order now, so he stays in the group, and with him Lucia's guardian.
        expect(checkout.statusCode, checkout.body).toBe(200);
        expect(removed.json()).toMatchObject({ statusCode: 409, code: 'traveller_has_orders' });
        const guardian = await t.app.db.selectFrom('group_members').select('guardian').where('lead_id', '=', f.child).executeTakeFirstOrThrow();
        expect(JSON.parse(guardian.guardian as string)).toMatchObject({ leadId: f.spouse });
      }
    }
  });
});

const textOf = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe(`the receipt of a group's payment on ${dialectUnderTest}`, () => {
  it('prints the one charge with every traveller’s line, for the session that paid and nobody else', async () => {
    const f = await family();
    const paid = await pay(f);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json() as GroupPaymentDto;

    const receipt = await call('POST', '/api/generate-pdf', f.cookie, { confirmationNumber: payment.number });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="group-confirmation-${payment.number}.pdf"`);
    const text = await textOf(receipt.rawPayload);
    const total = 3 * ESTA + PREMIUM + PROCESSING;
    expect(payment.lines.reduce((n, l) => n + l.order.price.total, 0)).toBe(total);
    for (const { traveller, order } of payment.lines) {
      const line = text.split('\n').findIndex((l) => l.startsWith(traveller));
      expect(line, traveller).toBeGreaterThan(-1);
      // The name and amount on one line, the service, package and the traveller's own order number under it.
      const [first, ...under] = text.split('\n').slice(line, line + 3);
      const details = under.join(' ');
      expect(first).toContain(dollars(order.price.total));
      expect(details).toContain(`Order ${order.number}`);
      expect(details).toContain(order.service === 'ESTA' ? 'ESTA application assistance, ESTA service' : 'DS-160 visa application assistance, Premium');
    }
    expect(text).toContain(payment.number);
    expect(text).toMatch(new RegExp(`Total charged\\s*\\${dollars(total)}`));
    expect(text).toMatch(new RegExp(`Processing fee\\s*\\${dollars(PROCESSING)}`));
    expect(text).toContain('Visa ending in 4242');
    expect(text).not.toContain(CARD.cardNumber.replace(/\s/g, '').slice(0, 12));
    // Both governments' fees, each with its own site: three ESTAs and one visa.
    expect(text).toContain(dollars(3 * 4_000));
    expect(text).toContain(dollars(18_500));
    expect(text).toContain(payment.lines[2]?.order.accessCode as string);

    // Another session is refused as for any order; an unknown number is not found.
    const stranger = sessionCookie(await call('POST', '/api/leads/immediate', undefined, { email: 'x@example.com', formType: 'ESTA' })) as string;
    expect((await call('POST', '/api/generate-pdf', stranger, { confirmationNumber: payment.number })).statusCode).toBe(403);
    expect((await call('POST', '/api/generate-pdf', undefined, { confirmationNumber: payment.number })).statusCode).toBe(403);
    expect((await call('POST', '/api/generate-pdf', f.cookie, { confirmationNumber: 'RB-000000-AAAAAAAA' })).statusCode).toBe(404);
    // The payment has no form of its own; each traveller's order keeps its own single receipt.
    expect((await call('POST', '/api/generate-form-pdf', f.cookie, { confirmationNumber: payment.number })).statusCode).toBe(404);
    const own = payment.lines[2]?.order;
    const single = await call('POST', '/api/generate-pdf', f.cookie, { confirmationNumber: own?.number });
    expect(single.headers['content-disposition']).toBe(`attachment; filename="ds160-confirmation-${own?.number}.pdf"`);
    const singleText = await textOf(single.rawPayload);
    expect(singleText).toContain('Diego Garcia');
    expect(singleText).toMatch(new RegExp(`Total charged\\s*\\${dollars(PREMIUM)}`));
    expect(singleText).not.toContain('Ana Garcia');
  });

  it("prints each traveller's form with their own name, their own e-mail or none, and a minor's guardian (issue 45 items 7, 17)", async () => {
    const f = await family();
    const guardian = await call('PUT', `/api/groups/${f.groupId}/travellers/${f.child}/guardian`, f.cookie, { leadId: f.leader, role: 'parent' });
    expect(guardian.statusCode, guardian.body).toBe(200);
    const paid = await pay(f);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = paid.json() as GroupPaymentDto;
    // Every form complete, so each prints; the leader's lead has no name column, only her answers.
    await t.app.db.updateTable('leads').set({ completion_status: 'completed' }).where('id', 'in', [f.leader, f.child]).execute();
    await t.app.db.updateTable('leads').set({ name: '' }).where('id', '=', f.leader).execute();
    const leaderEmail = (await t.app.db.selectFrom('leads').select('email').where('id', '=', f.leader).executeTakeFirstOrThrow()).email;
    const formOf = async (leadId: string) => {
      const number = payment.lines.find((l) => l.order.leadId === leadId)?.order.number;
      const response = await call('POST', '/api/generate-form-pdf', f.cookie, { confirmationNumber: number });
      expect(response.statusCode, response.body).toBe(200);
      return (await textOf(response.rawPayload)).replace(/\s+/g, ' ');
    };
    const leader = await formOf(f.leader);
    expect(leader).toContain('Applicant Ana Garcia');
    expect(leader).toContain(`E-mail ${leaderEmail}`);
    const child = await formOf(f.child);
    expect(child).toContain('Applicant Lucia Garcia');
    expect(child).toContain('Parent or guardian Ana Garcia (parent)');
    expect(child).not.toContain(leaderEmail);
  });

  it('says a declined group payment was not paid', async () => {
    const f = await family();
    const refused = await call('POST', `/api/groups/${f.groupId}/checkout`, f.cookie, { email: 'ana@example.com', idempotencyKey: key(), paymentDetails: DECLINED });
    expect(refused.statusCode).toBe(402);
    const row = (await ordersOfGroup(f.groupId)).find((r) => r.plan === 'group')!;
    const text = await textOf((await call('POST', '/api/generate-pdf', f.cookie, { confirmationNumber: row.number })).rawPayload);
    expect(text).toMatch(/NOT PAID/);
    expect(text).toContain('Total (not charged)');
  });
});
