import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';
import { ownerCookie } from '../helpers/admin';
import { PAYING_CARD } from '../helpers/card';
import { validForm } from '../helpers/ds160Form';

// Issue 45 items 7 and 15: a traveller is named wherever their records are shown, from their answers when the
// lead's own columns are still empty (a leader's ten-section DS-160: "Name —" and an empty Phone in the admin, an
// empty Name and Purpose in the CSV, an order that does not say whose it is). CI runs this on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

let client = 0;
const remoteAddress = () => `10.45.${(++client >> 8) & 255}.${client & 255}`;

describe(`a traveller's records name them, on ${dialectUnderTest}`, () => {
  it('names the ten-section lead with no name or phone column in the admin, its CSV and its order', async () => {
    const email = `maria.${randomUUID().slice(0, 8)}@example.com`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: remoteAddress(),
      payload: { email, formType: 'DS-160', source: 'ds160-wizard', formData: JSON.stringify(validForm()), completionStatus: 'completed' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const leadId = created.json().id as string;
    const cookie = sessionCookie(created) as string;
    // The lead's own columns stay empty: only the answers know her.
    await t.app.db.updateTable('leads').set({ name: '', phone: '' }).where('id', '=', leadId).execute();

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/process',
      remoteAddress: remoteAddress(),
      headers: { cookie },
      payload: { plan: 'basic', leadId, email, idempotencyKey: `k_${randomUUID().replace(/-/g, '')}`, paymentDetails: PAYING_CARD },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orders = await t.app.inject({ method: 'GET', url: '/api/orders', remoteAddress: remoteAddress(), headers: { cookie } });
    expect(orders.json()).toEqual([expect.objectContaining({ leadId, traveller: 'Maria Lopez', groupPaymentId: null })]);

    const admin = await ownerCookie(t.app, remoteAddress());
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/leads/${leadId}`, remoteAddress: remoteAddress(), headers: { cookie: admin } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ name: 'Maria Lopez', phone: '+52 33 1234 5678' });
    const list = await t.app.inject({ method: 'GET', url: "/api/admin/leads", remoteAddress: remoteAddress(), headers: { cookie: admin } });
    expect(list.json().leads).toContainEqual(expect.objectContaining({ id: leadId, name: "Maria Lopez", groupNumber: null, groupRole: null }));

    // A family's rows are told apart by their group (item 11): the leader's row names the group and her role.
    const group = await t.app.inject({ method: 'POST', url: `/api/leads/${leadId}/group`, remoteAddress: remoteAddress(), headers: { cookie } });
    expect(group.statusCode, group.body).toBe(201);
    const grouped = await t.app.inject({ method: 'GET', url: '/api/admin/leads', remoteAddress: remoteAddress(), headers: { cookie: admin } });
    expect(grouped.json().leads).toContainEqual(expect.objectContaining({ id: leadId, groupNumber: group.json().number, groupRole: 'leader' }));

    const csv = await t.app.inject({ method: 'GET', url: "/api/admin/leads/export", remoteAddress: remoteAddress(), headers: { cookie: admin } });
    const row = csv.body.split('\n').find((line) => line.includes(leadId)) ?? '';
    expect(row).toContain('Maria Lopez');
    expect(row).toContain('+52 33 1234 5678');
    const purposeColumn = row.split(',')[6] ?? '';
    expect(purposeColumn.replace(/"/g, '').trim()).not.toBe('');
  });
});
