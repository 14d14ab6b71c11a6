import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_ALPHABET } from '../../machines/domain/resumeCode';
import { canAccess, canAccessLead, type Access } from '../../server/services/access';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { validForm } from '../helpers/ds160Form';

// Issue 11, resume on any device: 'Save and continue later' gives a code; the code and the lead's e-mail open
// the application on another browser. Codes are hashed, expire after 30 days and guesses are limited.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let client = 0;
/** A browser: its own address (the limits count clients apart) and its own session cookie. */
function browser() {
  client += 1;
  const remoteAddress = `10.9.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  return async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object | null) => {
    const res = await t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}), ...(cookie ? { headers: { cookie } } : {}) });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

async function application(email: string) {
  const first = browser();
  const captured = await first('POST', '/api/leads/immediate', { email, firstName: 'Maria', formType: 'DS-160' });
  const leadId = captured.json().leadId as string;
  const form = validForm({ 'address-phone': { emailAddress: email } });
  await first('PATCH', `/api/leads/${leadId}/update`, { formData: { 'personal-info': form['personal-info'], 'travel-info': form['travel-info'] } });
  return { first, leadId, form };
}

const CODE = new RegExp(`^[${RESUME_ALPHABET}]{4}-[${RESUME_ALPHABET}]{4}$`);
const NO_MATCH = 'No saved application matches this code and e-mail.';

describe('resume codes', () => {
  it('gives the owner a code and link, and another browser the application with the code and e-mail', async () => {
    const { first, leadId, form } = await application('maria.resume@example.com');
    const issued = await first('POST', `/api/leads/${leadId}/resume-code`, {});
    expect(issued.statusCode, issued.body).toBe(201);
    const { code, link, expiresAt } = issued.json();
    expect(code).toMatch(CODE);
    expect(link).toBe(`/ds160-wizard?resume=${code}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);

    const second = browser();
    expect((await second('GET', `/api/leads/${leadId}`)).statusCode).toBe(403);
    const resumed = await second('POST', '/api/leads/resume', { code: ` ${code.toLowerCase().replace('-', ' ')} `, email: 'Maria.Resume@Example.com ' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ leadId, formType: 'DS-160', formData: { 'personal-info': form['personal-info'] } });
    // From now on this browser may read and change it, and the first one still may.
    expect((await second('GET', `/api/leads/${leadId}`)).statusCode).toBe(200);
    expect((await second('PATCH', `/api/leads/${leadId}/update`, { formData: { 'address-phone': { homeCity: 'Puebla' } } })).statusCode).toBe(200);
    expect((await first('GET', `/api/leads/${leadId}`)).statusCode).toBe(200);
    // Its checkout link (which names the lead) prices this application for the second browser too.
    const quote = await second('GET', `/api/checkout/quote?formType=DS-160&lead=${leadId}`);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().lead).toMatchObject({ id: leadId, formType: 'DS-160' });
  });

  it('issues a code for a POST with no body at all, and refuses an ESTA application', async () => {
    const { first, leadId } = await application('maria.nobody@example.com');
    const issued = await first('POST', `/api/leads/${leadId}/resume-code`, null);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().code).toMatch(CODE);
    const esta = await first('POST', '/api/leads/immediate', { email: 'maria.nobody@example.com', firstName: 'Maria', formType: 'ESTA' });
    const refused = await first('POST', `/api/leads/${esta.json().leadId}/resume-code`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^params\.leadId: .*only a DS-160 application/);
  });

  it('grants a resumed lead only, never an order or another record by the same id', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const access: Access = { ownerToken: 'this-browser', userId: undefined, role: undefined, resumedLeads: [id] };
    const elsewhere = { id, owner_token: 'first-browser', user_id: null };
    expect(canAccessLead(access, elsewhere)).toBe(true);
    expect(canAccessLead(access, { ...elsewhere, id: '22222222-2222-4222-8222-222222222222' })).toBe(false);
    // Orders and photos go through canAccess, which knows nothing of resumed leads.
    expect(canAccess(access, elsewhere)).toBe(false);
  });

  it('answers a wrong code and a wrong e-mail alike, and an expired code with 410', async () => {
    const { first, leadId } = await application('maria.wrong@example.com');
    const { code } = (await first('POST', `/api/leads/${leadId}/resume-code`, {})).json();
    const other = browser();
    const wrongEmail = await other('POST', '/api/leads/resume', { code, email: 'someone@example.com' });
    const wrongCode = await other('POST', '/api/leads/resume', { code: code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA', email: 'maria.wrong@example.com' });
    const notACode = await other('POST', '/api/leads/resume', { code: 'O0I1', email: 'maria.wrong@example.com' });
    for (const res of [wrongEmail, wrongCode, notACode]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NO_MATCH);
    }
    await t.app.db.updateTable('resume_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('lead_id', '=', leadId).execute();
    const late = browser();
    const expired = await late('POST', '/api/leads/resume', { code, email: 'maria.wrong@example.com' });
    expect(expired.statusCode).toBe(410);
    expect((await late('GET', `/api/leads/${leadId}`)).statusCode).toBe(403);
    // An expired code is gone: asking again matches nothing.
    expect((await late('POST', '/api/leads/resume', { code, email: 'maria.wrong@example.com' })).statusCode).toBe(404);
  });

  it('keeps only a hash, and only the newest code of a lead opens it', async () => {
    const { first, leadId } = await application('maria.hash@example.com');
    const old = (await first('POST', `/api/leads/${leadId}/resume-code`, {})).json().code as string;
    const fresh = (await first('POST', `/api/leads/${leadId}/resume-code`, {})).json().code as string;
    const rows = await t.app.db.selectFrom('resume_codes').selectAll().where('lead_id', '=', leadId).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(fresh.replace('-', ''));
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const other = browser();
    if (old !== fresh) expect((await other('POST', '/api/leads/resume', { code: old, email: 'maria.hash@example.com' })).statusCode).toBe(404);
    expect((await other('POST', '/api/leads/resume', { code: fresh, email: 'maria.hash@example.com' })).statusCode).toBe(200);
  });

  it("refuses a code for another session's lead, and for a lead that is not there", async () => {
    const { leadId } = await application('maria.owner@example.com');
    const stranger = browser();
    expect((await stranger('POST', `/api/leads/${leadId}/resume-code`, {})).statusCode).toBe(403);
    expect((await stranger('POST', '/api/leads/00000000-0000-4000-8000-000000000000/resume-code', {})).statusCode).toBe(404);
  });

  it('allows five tries a minute from one client', async () => {
    const guesser = browser();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await guesser('POST', '/api/leads/resume', { code: 'ABCD-2345', email: `guess${i}@example.com` })).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 404, 429]);
  });
});
