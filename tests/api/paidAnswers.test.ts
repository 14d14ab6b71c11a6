import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import type { PaymentStatus } from '../../db/schema';
import { answersFor, fromToday } from '../helpers/answers';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';
import { validForm } from '../helpers/ds160Form';

// Issue 45: a settled payment keeps the answers it paid for. The page of a paid application is read-only, and so
// is every route that writes answers: the wizards' update (ESTA and the ten-section DS-160 form), the advanced
// chat's save-lead, the intelligent chat's collected answers and a group's guardian of a minor. A request that
// changes nothing (a stale tab sending the same answers again) still passes. CI runs this file on both databases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

let runs = 0;
const unique = () => `${Date.now().toString(36)}${++runs}`;

type Send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => Promise<{ statusCode: number; body: string; json: () => any }>;

function browser(): Send {
  let cookie: string | undefined;
  return async (method, url, payload) => {
    const res = await t.app.inject({ method, url, payload, remoteAddress: `10.9.${runs % 250}.${(runs * 7) % 250}`, headers: cookie ? { cookie } : {} });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

const created = (res: { statusCode: number; body: string; json: () => any }) => {
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json();
};

/** One route that writes a lead's answers: how to make its lead, and a write that changes an answer or does not. */
interface Writer {
  /** Makes the lead; answers its id and the write, which sends `value` where the lead holds `before`. */
  setup(send: Send): Promise<{ leadId: string; write: (changed: boolean) => Promise<{ statusCode: number; body: string; json: () => any }> }>;
}

const answersOf = async (leadId: string) => {
  const row = await t.app.db.selectFrom('leads').select(['form_data', 'name', 'nationality', 'phone', 'travel_purpose']).where('id', '=', leadId).executeTakeFirstOrThrow();
  return row;
};

const WRITERS: Record<string, Writer> = {
  'PATCH /api/leads/{id}/update (ESTA wizard)': {
    async setup(send) {
      const email = `ana.${unique()}@example.com`;
      const formData = answersFor(estaCatalog, { email, 'first-name': 'Ana', 'last-name': 'Garcia', purpose: 'tourism' });
      const { id } = created(await send('POST', '/api/leads', { email, formType: 'ESTA', source: 'esta-wizard', formData, completionStatus: 'completed' }));
      return { leadId: id, write: (changed) => send('PATCH', `/api/leads/${id}/update`, { formData: { 'first-name': changed ? 'Lucia' : 'Ana' } }) };
    },
  },
  'PATCH /api/leads/{id}/update (ten-section DS-160 form)': {
    async setup(send) {
      const email = `maria.${unique()}@example.com`;
      const form = validForm({ 'address-phone': { emailAddress: email } });
      const { id } = created(await send('POST', '/api/leads', { email, formType: 'DS-160', source: 'ds160-wizard', formData: JSON.stringify(form), completionStatus: 'completed' }));
      return { leadId: id, write: (changed) => send('PATCH', `/api/leads/${id}/update`, { formData: { 'work-education': { currentEmployer: changed ? 'Otra SA' : 'Acme SA' } } }) };
    },
  },
  'POST /api/save-lead (advanced chat)': {
    async setup(send) {
      const email = `chat.${unique()}@example.com`;
      const { leadId } = created(await send('POST', '/api/save-lead', { email, citizenship_country: 'Mexico', trip_purpose: 'tourism' }));
      return { leadId, write: (changed) => send('POST', '/api/save-lead', { email, citizenship_country: changed ? 'Colombia' : 'Mexico', trip_purpose: 'tourism' }) };
    },
  },
  'POST /api/openai/response-analysis (intelligent chat)': {
    async setup(send) {
      const email = `sections.${unique()}@example.com`;
      const progress = (nationality: string) => ({
        personalInfo: { firstName: 'Ana', lastName: 'Lopez', nationality },
        contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'contact', totalProgress: 0,
      });
      const analyse = (nationality: string) => send('POST', '/api/openai/response-analysis', { userResponse: email, currentSection: 'contact', formProgress: progress(nationality), language: 'en' });
      created(await analyse('Spain'));
      const { id } = await t.app.db.selectFrom('leads').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return { leadId: id, write: (changed) => analyse(changed ? 'France' : 'Spain') };
    },
  },
  'PUT /api/groups/{id}/travellers/{id}/guardian (a minor of a group)': {
    async setup(send) {
      const email = `leader.${unique()}@example.com`;
      const formData = answersFor(estaCatalog, { email, 'first-name': 'Ana', 'last-name': 'Garcia', purpose: 'tourism' });
      const leader = created(await send('POST', '/api/leads', { email, formType: 'ESTA', source: 'esta-wizard', formData, completionStatus: 'completed' }));
      const group = created(await send('POST', `/api/leads/${leader.id}/group`, {}));
      const { leadId } = created(await send('POST', `/api/groups/${group.id}/travellers`, { firstName: 'Sara', lastName: 'Garcia', relationship: 'child', nationality: 'Spain' }));
      created(await send('PATCH', `/api/leads/${leadId}/update`, { formData: { 'birth-date': fromToday(-10) } }));
      const url = `/api/groups/${group.id}/travellers/${leadId}/guardian`;
      created(await send('PUT', url, { leadId: leader.id, role: 'parent' }));
      return { leadId, write: (changed) => send('PUT', url, changed ? { name: 'Pilar Garcia', role: 'legalGuardian' } : { leadId: leader.id, role: 'parent' }) };
    },
  },
};

const guardianOf = async (leadId: string) =>
  (await t.app.db.selectFrom('group_members').select('guardian').where('lead_id', '=', leadId).executeTakeFirstOrThrow()).guardian;

describe(`a paid application's answers on ${dialectUnderTest}`, () => {
  it('are refused (409 application_paid) on every route that writes them, and only once paid and only when they change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(WRITERS)),
        fc.constantFrom<PaymentStatus>('unpaid', 'pending', 'paid'),
        fc.boolean(),
        async (route, payment, changed) => {
          const send = browser();
          const { leadId, write } = await WRITERS[route]!.setup(send);
          // The payment's state as the order's settlement leaves it (settle.ts marks the lead paid).
          await t.app.db.updateTable('leads').set({ payment_status: payment }).where('id', '=', leadId).execute();
          const before = [await answersOf(leadId), await guardianOf(leadId).catch(() => null)];
          const res = await write(changed);
          const after = [await answersOf(leadId), await guardianOf(leadId).catch(() => null)];
          if (payment === 'paid' && changed) {
            expect(res.statusCode, `${route}: ${res.body}`).toBe(409);
            expect(res.json()).toMatchObject({ code: 'application_paid', message: expect.stringMatching(/paid/) });
            expect(after, route).toEqual(before);
          } else {
            expect([200, 201], `${route} ${payment} ${changed}: ${res.body}`).toContain(res.statusCode);
            if (changed) expect(after, route).not.toEqual(before);
            else expect(after[1], route).toEqual(before[1]);
          }
        },
      ),
      // Every route × state × change is 30 cases; each run costs a few requests (about a second on PostgreSQL).
      { numRuns: 36 },
    );
  }, 120_000);

  it('still takes a stale tab sending the paid answers again, and says why it refuses a change', async () => {
    const send = browser();
    const { leadId, write } = await WRITERS['PATCH /api/leads/{id}/update (ESTA wizard)']!.setup(send);
    await t.app.db.updateTable('leads').set({ payment_status: 'paid' }).where('id', '=', leadId).execute();
    expect((await write(false)).statusCode).toBe(200);
    // A status only moves forward and the plan is the one paid for: neither is an answer, so neither is refused.
    expect((await send('PATCH', `/api/leads/${leadId}/update`, { completionStatus: 'incomplete', subscriptionPlan: 'premium' })).statusCode).toBe(200);
    const refused = await write(true);
    expect(refused.json().message).toMatch(/^This application is paid/);
    expect(JSON.parse((await answersOf(leadId)).form_data)['first-name']).toBe('Ana');
  });
});
