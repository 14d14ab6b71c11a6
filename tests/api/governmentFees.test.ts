import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { createDb, migrateToLatest } from '../../db/index';
import { migrationProvider } from '../../db/migrations';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ds160Catalog, estaCatalog } from '../../machines/domain/catalogs/index';
import type { AdminGovernmentFeesDto, GovernmentFeeTableDto } from '../../openapi/schemas/governmentFees';
import { createTestApp, dialectUnderTest, sessionCookie, TEST_ADMIN, withPg, type TestApp } from '../helpers/app';
import { ownerCookie } from '../helpers/admin';
import { completeAnswers } from '../helpers/answers';
import { PAYING_CARD as CARD } from '../helpers/card';

// Issue 44: the government fees as a dated schedule on the real server and database: every quote uses the fee in
// force on the day for the applicant's visa class; an admin changes a fee from a later day (history kept), marks
// it checked, and is reminded after 90 days. The clock is moved with vitest's fake Date (it keeps running).

const DAY = 86_400_000;
const START = Date.parse('2026-11-28T10:00:00Z');
const ESTA_SOURCE = 'https://www.federalregister.gov/d/2025-16453';
const VISA_SOURCE = 'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html';

let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: START });
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

type Json = Record<string, any>;
const key = () => `k_${randomUUID().replace(/-/g, '')}`;
const textOf = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

let client = 0;
function request(method: 'GET' | 'POST', url: string, cookie?: string, payload?: Json) {
  client += 1;
  const remoteAddress = `10.4.${(client >> 8) & 255}.${client & 255}`;
  return t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
}

/** A completed application with this purpose, in a fresh session. */
async function application(formType: 'DS-160' | 'ESTA', purpose: string) {
  const formData = completeAnswers(formType === 'ESTA' ? estaCatalog : ds160Catalog);
  if (formType === 'DS-160') formData['purpose-of-trip'] = purpose;
  const res = await request('POST', '/api/leads', undefined, {
    name: 'Lucía Pérez',
    email: `lucia.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+34 612 345 678',
    formType,
    nationality: 'Mexico',
    travelPurpose: purpose,
    formData,
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: formType === 'ESTA' ? 'esta-wizard' : 'apply-wizard',
  });
  expect(res.statusCode).toBe(201);
  return { leadId: res.json().id as string, cookie: sessionCookie(res) as string, checkout: res.json().checkout };
}

/** The owner, signed in with the second step (issue 44) from an address of its own. */
async function admin() {
  client += 1;
  return ownerCookie(t.app, `10.5.${(client >> 8) & 255}.${client & 255}`);
}

const travel = (days: number) => vi.setSystemTime(START + days * DAY);
const feesOf = async (cookie: string) => (await request('GET', '/api/admin/government-fees', cookie)).json() as AdminGovernmentFeesDto;
const fee = (list: AdminGovernmentFeesDto, code: string, subject: string) => list.fees.find((f) => f.code === code && f.subject === subject);

describe(`the government fees on ${dialectUnderTest}`, () => {
  it('serves the fees in force on a day for the ESTA and every class, each with its source', async () => {
    const today = (await request('GET', '/api/government-fees')).json() as GovernmentFeeTableDto;
    expect(today.day).toBe('2026-11-28');
    const of = (table: GovernmentFeeTableDto, applicant: string) => table.applicants.find((a) => a.applicant === applicant);
    expect(of(today, 'ESTA')).toMatchObject({ total: 4000, fees: [{ code: 'esta', amountCents: 4000, effectiveFrom: '2025-09-30', sourceUrl: ESTA_SOURCE }] });
    expect(of(today, 'H')).toMatchObject({ total: 20500, fees: [{ code: 'application', subject: 'H', sourceUrl: VISA_SOURCE }] });
    expect(of(today, 'E')?.total).toBe(31500);
    expect(of(today, 'K')?.total).toBe(26500);
    // The visa integrity fee is in the schedule but charged to nobody until it has a day.
    expect(today.applicants.flatMap((a) => a.fees).some((f) => f.code === 'integrity')).toBe(false);
    const before = (await request('GET', '/api/government-fees?day=2025-09-29')).json() as GovernmentFeeTableDto;
    expect(of(before, 'ESTA')?.total).toBe(2100);
    const bad = await request('GET', '/api/government-fees?day=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('day');
  });

  it("quotes each application with its class's fee: an ESTA $40, a work visa $205, a student's $185", async () => {
    const esta = await application('ESTA', 'tourism');
    expect(esta.checkout.price).toMatchObject({ visaClass: 'ESTA', governmentFee: 4000, outOfPocket: 7700 + 299 + 4000 });
    const work = await application('DS-160', 'Work');
    expect(work.checkout.price).toMatchObject({ visaClass: 'H', governmentFee: 20500, governmentFees: [{ code: 'application', subject: 'H', sourceUrl: VISA_SOURCE }] });
    const quote = (await request('GET', `/api/checkout/quote?lead=${work.leadId}`, work.cookie)).json();
    expect(quote.options.map((o: Json) => [o.product, o.price.visaClass, o.price.governmentFee])).toEqual([
      ['basic', 'H', 20500],
      ['pro', 'H', 20500],
      ['premium', 'H', 20500],
    ]);
    const study = await application('DS-160', 'Study/Education');
    expect(study.checkout.price).toMatchObject({ visaClass: 'F', governmentFee: 18500 });
    // Without an application, a DS-160 is quoted for a visitor visa (B), and says so.
    expect((await request('GET', '/api/checkout/quote?plan=basic')).json().options[0].price).toMatchObject({ visaClass: 'B', governmentFee: 18500 });
  });

  it("prices a chat's plan cards for the application: a work visa's three packages with class H's fee", async () => {
    const work = await application('DS-160', 'Work');
    const prices = await t.app.leads.pricesOf(work.leadId);
    expect(Object.keys(prices ?? {})).toEqual(['basic', 'pro', 'premium']);
    for (const price of Object.values(prices ?? {})) expect(price).toMatchObject({ visaClass: 'H', governmentFee: 20500 });
    const esta = await application('ESTA', 'tourism');
    expect(await t.app.leads.pricesOf(esta.leadId)).toEqual({ esta: expect.objectContaining({ visaClass: 'ESTA', governmentFee: 4000 }) });
  });

  it('keeps on the order the fees it was quoted with, and prints them with their source on the receipt and the form', async () => {
    const work = await application('DS-160', 'Work');
    const paid = await request('POST', '/api/checkout/process', work.cookie, { plan: 'pro', leadId: work.leadId, idempotencyKey: key(), email: 'lucia@example.com', paymentDetails: CARD });
    expect(paid.statusCode).toBe(200);
    const order = paid.json();
    expect(order.price).toMatchObject({ visaClass: 'H', governmentFee: 20500, governmentFees: [{ subject: 'H', amountCents: 20500, effectiveFrom: '2023-06-17', sourceUrl: VISA_SOURCE }] });
    const row = await t.app.db.selectFrom('orders').select(['visa_class', 'government_fees', 'government_fee_cents']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.visa_class).toBe('H');
    expect(JSON.parse(row.government_fees as string)).toEqual(order.price.governmentFees);

    const receipt = await request('POST', '/api/generate-pdf', work.cookie, { confirmationNumber: order.number });
    expect(receipt.statusCode).toBe(200);
    const text = await textOf(receipt.rawPayload);
    expect(text).toContain('Visa application fee (class H) $205.00');
    expect(text.replace(/\s+/g, '')).toContain(`Source:${VISA_SOURCE}`);
    expect(text).toContain('You submit the DS-160 yourself on the official site');
    const form = await request('POST', '/api/generate-form-pdf', work.cookie, { confirmationNumber: order.number });
    expect(form.statusCode).toBe(200);
    expect(await textOf(form.rawPayload)).toContain('What you pay the U.S. government');
  });

  it('answers the admin routes to an admin only', async () => {
    expect((await request('GET', '/api/admin/government-fees')).statusCode).toBe(401);
    const signup = await request('POST', '/api/auth/signup', undefined, { email: `applicant.${randomUUID().slice(0, 6)}@example.com`, password: 'a long passphrase' });
    expect(signup.statusCode).toBe(201);
    const applicant = sessionCookie(signup) as string;
    expect((await request('GET', '/api/admin/government-fees', applicant)).statusCode).toBe(403);
    expect((await request('POST', '/api/admin/government-fees/esta/ESTA/checked', applicant)).statusCode).toBe(403);
    expect((await request('POST', '/api/admin/government-fees/esta/ESTA/changes', applicant, { amountCents: 1, effectiveFrom: '2030-01-01', sourceUrl: 'https://x.gov/' })).statusCode).toBe(403);
  });

  it('lists every fee with its source and reminds the admin of those never checked', async () => {
    const cookie = await admin();
    const list = await feesOf(cookie);
    expect(list).toMatchObject({ today: '2026-11-28', checkIntervalDays: 90 });
    expect(list.fees).toHaveLength(17);
    expect(list.due).toBe(17);
    expect(fee(list, 'esta', 'ESTA')).toMatchObject({ current: { amountCents: 4000, sourceUrl: ESTA_SOURCE }, past: [{ amountCents: 2100 }], lastCheckedAt: null, checkDue: true });
    expect(fee(list, 'integrity', 'VISA')).toMatchObject({ current: null, unscheduled: [{ amountCents: 25000, effectiveFrom: null }], paidAt: 'atIssuance', refundable: true });
  });

  it('marks a fee checked today, and reminds again once 90 days have passed', async () => {
    let cookie = await admin();
    const checked = (await request('POST', '/api/admin/government-fees/esta/ESTA/checked', cookie)).json() as AdminGovernmentFeesDto;
    expect(fee(checked, 'esta', 'ESTA')).toMatchObject({ checkDue: false, lastCheckedAt: expect.stringMatching(/^2026-11-28T/) });
    expect(checked.due).toBe(16);
    travel(89);
    cookie = await admin();
    expect(fee(await feesOf(cookie), 'esta', 'ESTA')?.checkDue).toBe(false);
    travel(90.1);
    cookie = await admin();
    const later = await feesOf(cookie);
    expect(fee(later, 'esta', 'ESTA')?.checkDue).toBe(true);
    expect(later.due).toBe(17);
    expect((await request('POST', '/api/admin/government-fees/esta/K/checked', cookie)).statusCode).toBe(404);
    expect((await request('POST', '/api/admin/government-fees/fine/ESTA/checked', cookie)).statusCode).toBe(400);
    travel(0);
  });

  it('changes a fee only from a later day: quotes keep today’s fee, then use the new one from its day, history kept', async () => {
    travel(0);
    let cookie = await admin();
    const change = (body: Json) => request('POST', '/api/admin/government-fees/esta/ESTA/changes', cookie, body);
    const today = await change({ amountCents: 4500, effectiveFrom: '2026-11-28', sourceUrl: 'https://www.federalregister.gov/d/2026-99999' });
    expect(today.statusCode).toBe(400);
    expect(today.json().message).toMatch(/effectiveFrom/);
    expect((await change({ amountCents: 4500, effectiveFrom: '2026-12-01', sourceUrl: 'http://example.com/' })).json().message).toMatch(/sourceUrl/);
    expect((await change({ amountCents: -1, effectiveFrom: '2026-12-01', sourceUrl: 'https://x.gov/' })).statusCode).toBe(400);

    const scheduled = await change({ amountCents: 4200, effectiveFrom: '2026-12-01', sourceUrl: 'https://www.federalregister.gov/d/2026-99999' });
    expect(scheduled.statusCode).toBe(200);
    // A second change for the same day replaces the scheduled one; nothing was charged with it yet.
    const replaced = (await change({ amountCents: 4500, effectiveFrom: '2026-12-01', sourceUrl: 'https://www.federalregister.gov/d/2026-99999', note: 'Inflation increase.' })).json() as AdminGovernmentFeesDto;
    expect(fee(replaced, 'esta', 'ESTA')).toMatchObject({ current: { amountCents: 4000 }, upcoming: [{ amountCents: 4500, effectiveFrom: '2026-12-01', note: 'Inflation increase.' }] });

    const price = async () => (await request('GET', '/api/prices')).json().esta;
    expect((await price()).governmentFee).toBe(4000);
    travel(2);
    expect((await price()).governmentFee).toBe(4000);
    travel(3);
    expect(await price()).toMatchObject({ governmentFee: 4500, outOfPocket: 7700 + 299 + 4500, governmentFees: [{ effectiveFrom: '2026-12-01', sourceUrl: 'https://www.federalregister.gov/d/2026-99999' }] });
    const esta = await application('ESTA', 'tourism');
    expect(esta.checkout.price.governmentFee).toBe(4500);
    cookie = await admin();
    expect(fee(await feesOf(cookie), 'esta', 'ESTA')).toMatchObject({ current: { amountCents: 4500 }, past: [{ amountCents: 4000 }, { amountCents: 2100 }], upcoming: [] });
    // The day before still answers with the fee it had.
    expect((await request('GET', '/api/government-fees?day=2026-11-30')).json().applicants[0].total).toBe(4000);
    travel(0);
  });

  it('charges the visa integrity fee only from the day an admin gives it, to visas and never to an ESTA', async () => {
    travel(0);
    const cookie = await admin();
    const res = await request('POST', '/api/admin/government-fees/integrity/VISA/changes', cookie, { amountCents: 25000, effectiveFrom: '2027-01-01', sourceUrl: 'https://www.congress.gov/bill/119th-congress/house-bill/1/text' });
    expect(res.statusCode).toBe(200);
    expect((await application('DS-160', 'Work')).checkout.price.governmentFee).toBe(20500);
    travel(34);
    const work = await application('DS-160', 'Work');
    expect(work.checkout.price).toMatchObject({ governmentFee: 20500 + 25000, governmentFees: [{ code: 'application' }, { code: 'integrity', paidAt: 'atIssuance', refundable: true }] });
    expect(work.checkout.price.governmentFees[1].note).toMatch(/refundable/);
    const esta = await application('ESTA', 'tourism');
    expect(esta.checkout.price.governmentFees.map((f: Json) => f.code)).toEqual(['esta']);
    travel(0);
  });
});

describe(`migrating a database made before the schedule, on ${dialectUnderTest}`, () => {
  it('makes the seeded $99 ESTA price our $77 service fee, drops the old fee settings and keeps each old order’s fee with a source', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-fees-'));
    const databaseUrl = dialectUnderTest === 'postgres' ? process.env.DATABASE_URL : undefined;
    const pgSchema = databaseUrl ? `m_${randomUUID().replace(/-/g, '').slice(0, 12)}` : undefined;
    if (databaseUrl) await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${pgSchema}`));
    const db = createDb({ dataDir, databaseUrl, pgSchema }) as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: migrationProvider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
      const { error } = await migrator.migrateTo('0016_traveller_groups');
      expect(error).toBeUndefined();
      const at = '2025-06-01T10:00:00.000Z';
      await db.insertInto('settings').values([
        { key: 'pricing', value: JSON.stringify({ ESTA: 99, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 }), updated_at: at },
        { key: 'fees', value: JSON.stringify({ ds160GovernmentFee: 185, estaGovernmentFee: 21, processingFee: 2.99, completionFee: 100 }), updated_at: at },
      ]).execute();
      const order = (id: string, service: string, plan: string, fee: number) => ({
        id, number: `RB-250601-${id.toUpperCase().padEnd(8, 'X')}`, owner_token: 'o', service, plan, service_fee_cents: 7700, credit_cents: 0,
        processing_fee_cents: 299, total_cents: 7999, government_fee_cents: fee, status: 'paid', created_at: at, updated_at: at,
      });
      await db.insertInto('orders').values([order('esta', 'ESTA', 'esta', 2100), order('visa', 'DS-160', 'basic', 16000), order('group', 'ESTA', 'group', 4200)]).execute();

      await migrateToLatest(db as never, pgSchema);
      const settings = Object.fromEntries((await db.selectFrom('settings').selectAll().execute()).map((r) => [r.key, JSON.parse(r.value)]));
      expect(settings.pricing).toEqual({ ESTA: 77, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 });
      expect(settings.fees).toEqual({ processingFee: 2.99, completionFee: 100 });
      const rows = Object.fromEntries((await db.selectFrom('orders').select(['id', 'visa_class', 'government_fees']).execute()).map((r) => [r.id, r]));
      expect(rows.esta.visa_class).toBe('ESTA');
      expect(JSON.parse(rows.esta.government_fees)).toEqual([expect.objectContaining({ code: 'esta', subject: 'ESTA', amountCents: 2100, sourceUrl: 'https://www.cbp.gov/travel/international-visitors/esta' })]);
      expect(rows.visa.visa_class).toBe('B');
      expect(JSON.parse(rows.visa.government_fees)).toEqual([expect.objectContaining({ code: 'application', amountCents: 16000, sourceUrl: VISA_SOURCE })]);
      expect(rows.group.visa_class).toBeNull();
      expect(JSON.parse(rows.group.government_fees)[0].amountCents).toBe(4200);
    } finally {
      await db.destroy();
      if (databaseUrl) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${pgSchema} CASCADE`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
