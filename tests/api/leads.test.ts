import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../machines/domain/catalogs/index';
import { visibleQuestions, type Catalog, type Question } from '../../machines/domain/questions';
import { hasAddressRule, hasNameRule, normalizeAnswer, toIsoDate } from '../../machines/domain/validators';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// ---------------------------------------------------------------------------------------------------------
// Valid answers, built from the catalogs so a new question does not silently break these tests.

/** Today shifted by whole years, as the applicant's calendar day 'YYYY-MM-DD'. */
function yearsFromToday(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return toIsoDate(date);
}

const PAST = '1990-05-15';
const FUTURE = yearsFromToday(1);
/** Recent enough for the ESTA rule (issued at most 10 years ago) and after the birth date. */
const RECENT_PAST = yearsFromToday(-2);

/** A value the question's rule set accepts (the applicant is a Spaniard). */
function validAnswer(catalog: Catalog, q: Question): string {
  if (q.type === 'email') return 'maria.lopez@example.com';
  if (q.type === 'phone' || q.validation === 'phone') {
    // The pre-assessment ('basic' rules) takes digits and '+' only, no separators.
    return catalog.rules === 'basic' ? '+34612345678' : '+34 612 345 678';
  }
  if (q.type === 'date') {
    // Valid well beyond the trip: at least six months after the arrival date is the rule.
    if (q.validation === 'passportExpiryDate') return yearsFromToday(5);
    if (q.validation === 'future' || q.validation === 'arrivalDate') return FUTURE;
    if (q.id === 'passport-issue-date') return RECENT_PAST;
    if (q.validation === 'parentBirthDate') return '1960-03-10';
    if (q.id === 'intended-arrival-date') return FUTURE;
    return PAST;
  }
  if (q.type === 'number' || q.validation === 'number') return '2500';
  if (q.id === 'passport-number') return 'AB1234567';
  if (q.options?.length) return (q.options.find((o) => o.value === 'No') ?? q.options[0])!.value;
  if (q.type === 'country') return 'Spain';
  if (q.type === 'city') return 'Madrid';
  if (hasNameRule(q)) return 'Maria Lopez';
  if (hasAddressRule(q)) return '123 Main Street, Springfield';
  return 'Sample answer';
}

/**
 * Answers for every question visible given the earlier answers (conditions always point backwards),
 * required ones only unless `includeOptional`.
 */
function completeAnswers(catalog: Catalog, overrides: Record<string, string> = {}, includeOptional = false): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const q of catalog.questions) {
    const visible = visibleQuestions(catalog, answers).some((v) => v.id === q.id);
    if (!visible || (!q.required && !includeOptional && !(q.id in overrides))) continue;
    answers[q.id] = overrides[q.id] ?? validAnswer(catalog, q);
  }
  return answers;
}

/** The answers as the server keeps them (machines/domain/validators.ts normalizeAnswer). */
function normalised(catalog: Catalog, answers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(answers).map(([id, value]) => [id, normalizeAnswer(catalog.questions.find((q) => q.id === id) as Question, value)]));
}

// ---------------------------------------------------------------------------------------------------------
// Calls

type Body = Record<string, unknown>;

function ds160Submit(overrides: Body = {}): Body {
  return {
    name: 'Maria Lopez',
    email: 'maria.lopez@example.com',
    phone: '+34 612 345 678',
    formType: 'DS-160',
    nationality: 'Spain',
    travelPurpose: 'Tourism/Vacation',
    formData: completeAnswers(ds160Catalog),
    completionStatus: 'completed',
    paymentStatus: 'pending',
    source: 'apply-wizard',
    ...overrides,
  };
}

async function post(url: string, payload: Body, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });
}

async function patch(id: string, payload: Body, cookie?: string) {
  return t.app.inject({ method: 'PATCH', url: `/api/leads/${id}/update`, payload, ...(cookie ? { headers: { cookie } } : {}) });
}

async function getLead(id: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: `/api/leads/${id}`, ...(cookie ? { headers: { cookie } } : {}) });
}

function cookieOf(res: LightMyRequestResponse): string {
  const cookie = sessionCookie(res);
  expect(cookie, 'the first lead call sets the session cookie').toBeDefined();
  return cookie as string;
}

/** A fresh session that owns one early-captured lead. */
async function startLead(formType: 'DS-160' | 'ESTA', email = `${randomUUID().slice(0, 8)}@example.com`) {
  const res = await post('/api/leads/immediate', { email, firstName: 'Maria', lastName: 'Lopez', formType, nationality: 'Spain' });
  expect(res.statusCode).toBe(201);
  return { id: res.json().leadId as string, cookie: cookieOf(res), email };
}

async function historyOf(leadId: string) {
  return t.app.db
    .selectFrom('application_history')
    .select(['status', 'action', 'created_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .execute();
}

async function storedLead(leadId: string) {
  return t.app.db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------------------

describe(`POST /api/leads on ${dialectUnderTest}`, () => {
  it('stores a complete DS-160 wizard submit, readable by the same session with its history', async () => {
    const body = ds160Submit();
    const res = await post('/api/leads', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      checkout: {
        formType: 'DS-160',
        plan: 'basic',
        amount: 50,
        // What the completion card shows: the price checkout charges, with the government fee and the sum.
        price: expect.objectContaining({ serviceFee: 5000, credit: 0, processingFee: 299, total: 5299, governmentFee: 18500, outOfPocket: 23799, visaClass: 'B' }),
        url: `/checkout?formType=DS-160&amount=50&plan=basic&lead=${res.json().id}`,
      },
    });
    const cookie = cookieOf(res);

    const lead = await getLead(res.json().id, cookie);
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toMatchObject({
      id: res.json().id,
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      formType: 'DS-160',
      nationality: 'Spain',
      travelPurpose: 'Tourism/Vacation',
      completionStatus: 'completed',
      paymentStatus: 'pending',
      source: 'apply-wizard',
      // Stored in their normal form: the phone as + and digits, without the spaces typed.
      formData: normalised(ds160Catalog, body.formData as Record<string, string>),
    });
    expect(lead.json().applicationHistory).toEqual([{ status: 'completed', action: 'created', date: expect.any(String) }]);
  });

  it('answers 400 naming the email for a bad email', async () => {
    const res = await post('/api/leads', ds160Submit({ email: 'not-an-email' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message).toContain('email');
  });

  it('answers 400 naming the answer and the English validator text for an invalid answer', async () => {
    const formData = completeAnswers(ds160Catalog, { 'passport-number': 'x' });
    const res = await post('/api/leads', ds160Submit({ formData }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData.passport-number');
    expect(res.json().message).toContain('Passport number is too short');
  });

  it('answers 400 naming a missing required answer when the application is completed', async () => {
    const formData = completeAnswers(ds160Catalog);
    delete formData['birth-city'];
    const res = await post('/api/leads', ds160Submit({ formData }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData.birth-city');
    expect(res.json().message).toContain('This field is required');
  });

  it('answers 400 naming formData when it is a string that is not JSON', async () => {
    const res = await post('/api/leads', ds160Submit({ formData: '{not json' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData');
  });

  it('answers 400 naming formType when neither the body nor the answers give it', async () => {
    const res = await post('/api/leads', {
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      formData: { 'personal-info': { firstName: 'Maria' } },
      completionStatus: 'incomplete',
      source: 'ds160-wizard',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formType');
  });

  it('answers 400 naming formType when a DS-160 wizard submit claims to be an ESTA', async () => {
    const res = await post('/api/leads', ds160Submit({ formType: 'ESTA' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body.formType: must be DS-160 for source apply-wizard');
  });

  it.each([
    [{ 'not-a-question': 'sneaky' }, 'body.formData.not-a-question: is not a question of this form'],
    [{ isAdmin: true }, 'body.formData.isAdmin: is not a question of this form'],
    [{ 'native-name': 42 }, 'body.formData.native-name: must be text of at most 5000 characters'],
  ])('answers 400 naming an answer that is not one of the form’s questions, or not text', async (extra, message) => {
    const res = await post('/api/leads', ds160Submit({ formData: { ...completeAnswers(ds160Catalog), ...extra } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts the ESTA fallback variant with formData as a JSON string', async () => {
    const answers = completeAnswers(estaCatalog);
    const res = await post('/api/leads', {
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      phone: '+34 612 345 678',
      service: 'ESTA',
      country: 'Spain',
      plan: 'basic',
      formData: JSON.stringify(answers),
      status: 'completed',
      source: 'esta-wizard',
    });
    expect(res.statusCode).toBe(201);
    const lead = (await getLead(res.json().id, cookieOf(res))).json();
    expect(lead).toMatchObject({
      formType: 'ESTA',
      subscriptionPlan: 'basic',
      nationality: 'Spain',
      completionStatus: 'completed',
      paymentStatus: 'unpaid',
      source: 'esta-wizard',
      formData: normalised(estaCatalog, answers),
    });
  });

  it('takes the form type of a /wizard pre-assessment from its answers', async () => {
    const answers = completeAnswers(preassessmentCatalog, { 'form-type': 'ESTA' }, true);
    expect(Object.keys(answers)).toHaveLength(35);
    const res = await post('/api/leads', {
      name: 'Maria Lopez',
      email: 'maria.lopez@example.com',
      formData: answers,
      completionStatus: 'incomplete',
      paymentStatus: 'unpaid',
      source: 'wizard',
    });
    expect(res.statusCode).toBe(201);
    const lead = (await getLead(res.json().id, cookieOf(res))).json();
    expect(lead).toMatchObject({ formType: 'ESTA', completionStatus: 'incomplete', paymentStatus: 'unpaid', source: 'wizard' });
    expect(lead.formData).toEqual(answers);
  });
});

describe('POST /api/leads/immediate', () => {
  it('creates once per session, e-mail and form type; a stranger with the same e-mail gets a new lead', async () => {
    const first = await post('/api/leads/immediate', { email: 'early@example.com', firstName: 'Ana', lastName: 'Ruiz', formType: 'ESTA' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ leadId: expect.any(String), existing: false });
    const cookie = cookieOf(first);
    const leadId = first.json().leadId;

    const again = await post('/api/leads/immediate', { email: 'early@example.com', formType: 'ESTA' }, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ leadId, existing: true });

    const otherCase = await post('/api/leads/immediate', { email: '  Early@Example.COM ', formType: 'ESTA' }, cookie);
    expect(otherCase.statusCode).toBe(200);
    expect(otherCase.json()).toEqual({ leadId, existing: true });

    const stranger = await post('/api/leads/immediate', { email: 'early@example.com', formType: 'ESTA' });
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json().existing).toBe(false);
    expect(stranger.json().leadId).not.toBe(leadId);
    // The stranger cannot read the first lead either.
    expect((await getLead(leadId, cookieOf(stranger))).statusCode).toBe(403);

    const stored = await storedLead(leadId);
    expect(stored).toMatchObject({ email: 'early@example.com', name: 'Ana Ruiz', form_type: 'ESTA', source: 'esta-wizard', completion_status: 'incomplete' });
  });

  it('answers 400 for a bad email', async () => {
    const res = await post('/api/leads/immediate', { email: 'nobody-at-example', formType: 'DS-160' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('email');
  });
});

describe('PATCH /api/leads/{leadId}/update', () => {
  it('merges answers field by field, so a second tab does not erase the first', async () => {
    const { id, cookie, email } = await startLead('ESTA');
    const one = await patch(id, { phone: ' +34 612 345 678 ', formData: { 'first-name': 'Maria', 'birth-city': 'Madrid' } }, cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, completionStatus: 'incomplete', paymentStatus: 'unpaid' });

    // A stale tab sends only the field it changed.
    const two = await patch(id, { formData: { 'last-name': 'Lopez' } }, cookie);
    expect(two.statusCode).toBe(200);
    // And a later change of one field replaces only that field.
    expect((await patch(id, { formData: JSON.stringify({ 'birth-city': 'Sevilla' }) }, cookie)).statusCode).toBe(200);

    const lead = (await getLead(id, cookie)).json();
    expect(lead.phone).toBe('+34 612 345 678');
    // The capture's e-mail and names are answers from the start.
    expect(lead.formData).toEqual({ email, 'first-name': 'Maria', 'last-name': 'Lopez', 'birth-city': 'Sevilla' });
  });

  it('moves the status forward only, writing a history row for completion', async () => {
    const { id, cookie } = await startLead('ESTA');
    const done = await patch(id, { formData: completeAnswers(estaCatalog), status: 'completed', country: 'Spain', plan: 'basic' }, cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json().completionStatus).toBe('completed');
    expect((await historyOf(id)).map((h) => h.status)).toEqual(['incomplete', 'completed']);

    const back = await patch(id, { formData: { 'birth-city': 'Sevilla' }, completionStatus: 'incomplete' }, cookie);
    expect(back.statusCode).toBe(200);
    expect(back.json().completionStatus).toBe('completed');

    const lead = (await getLead(id, cookie)).json();
    expect(lead).toMatchObject({ completionStatus: 'completed', subscriptionPlan: 'basic', nationality: 'Spain' });
    expect(lead.formData['birth-city']).toBe('Sevilla');
    expect(lead.applicationHistory.map((h: { status: string }) => h.status)).toEqual(['incomplete', 'completed']);
  });

  it('keeps a completed lead complete: emptying a required answer later is refused', async () => {
    const { id, cookie } = await startLead('ESTA');
    expect((await patch(id, { formData: completeAnswers(estaCatalog), status: 'completed' }, cookie)).statusCode).toBe(200);
    const before = await storedLead(id);
    const res = await patch(id, { formData: { 'passport-number': '' } }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData.passport-number');
    expect(res.json().message).toContain('This field is required');
    expect(await storedLead(id)).toEqual(before);
    // A change that keeps it complete is still fine.
    expect((await patch(id, { formData: { 'passport-number': 'XY7654321' } }, cookie)).statusCode).toBe(200);
  });

  it('does not judge a stored answer again when time has made it stale; a changed one still is', async () => {
    const { id, cookie } = await startLead('ESTA');
    expect((await patch(id, { formData: completeAnswers(estaCatalog), status: 'completed' }, cookie)).statusCode).toBe(200);
    // Months later the passport the applicant gave has expired: the stored answer no longer passes today's rule.
    const expired = yearsFromToday(-1);
    const stored = JSON.parse((await storedLead(id)).form_data) as Record<string, string>;
    await t.app.db.updateTable('leads').set({ form_data: JSON.stringify({ ...stored, 'passport-expiry': expired }) }).where('id', '=', id).execute();

    expect((await patch(id, { formData: { 'first-name': 'Maria' } }, cookie)).statusCode).toBe(200);
    const res = await patch(id, { formData: { 'passport-expiry': expired } }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData.passport-expiry');
  });

  it('refuses another session with 403 and leaves the lead unchanged', async () => {
    const { id, cookie } = await startLead('ESTA');
    expect((await patch(id, { formData: { 'first-name': 'Maria' } }, cookie)).statusCode).toBe(200);
    const before = await storedLead(id);

    const noSession = await patch(id, { phone: '+34 600 000 000', formData: { 'first-name': 'Mallory' }, status: 'completed' });
    expect(noSession.statusCode).toBe(403);
    expect(noSession.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });

    const other = await startLead('ESTA');
    const otherSession = await patch(id, { phone: '+34 600 000 000', formData: { 'first-name': 'Mallory' } }, other.cookie);
    expect(otherSession.statusCode).toBe(403);

    expect(await storedLead(id)).toEqual(before);
  });

  it('answers 404 for an unknown lead and 400 for an id that is not a uuid', async () => {
    const { cookie } = await startLead('DS-160');
    const unknown = await patch(randomUUID(), { formData: { a: 'b' } }, cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const bad = await patch('not-a-uuid', { formData: { a: 'b' } }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('leadId');
  });

  it('answers 400 naming an invalid answer and saves nothing', async () => {
    const { id, cookie } = await startLead('ESTA');
    expect((await patch(id, { formData: { 'first-name': 'Maria' } }, cookie)).statusCode).toBe(200);
    const before = await storedLead(id);

    const res = await patch(id, { phone: '+34 699 999 999', formData: { 'last-name': 'Lopez', 'passport-number': 'x' } }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData.passport-number');
    expect(res.json().message).toContain('Passport number is too short');
    expect(await storedLead(id)).toEqual(before);
  });

  it('refuses to complete an ESTA lead for a passport outside the Visa Waiver Program, naming the answer', async () => {
    const { id, cookie } = await startLead('ESTA');
    const res = await patch(id, { formData: completeAnswers(estaCatalog, { 'passport-country': 'Mexico' }), status: 'completed' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.formData\.passport-country: Mexico passports cannot use an ESTA/);
  });

  it('takes an ESTA phone by its own country code, not the passport country’s', async () => {
    const { id, cookie } = await startLead('ESTA');
    const res = await patch(id, { formData: completeAnswers(estaCatalog, { phone: '+44 7700 900123' }), status: 'completed' }, cookie);
    expect(res.statusCode).toBe(200);
    expect((await storedLead(id)).form_data).toContain('"phone":"+447700900123"');
  });

  it('refuses to complete an ESTA lead whose required answers are missing', async () => {
    const { id, cookie, email } = await startLead('ESTA');
    const answers = completeAnswers(estaCatalog);
    delete answers['passport-country'];
    const res = await patch(id, { formData: answers, status: 'completed' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('formData.passport-country');
    const stored = await storedLead(id);
    expect(stored.completion_status).toBe('incomplete');
    // Only what the capture stored: the refused update changed nothing.
    expect(JSON.parse(stored.form_data)).toEqual({ email, 'first-name': 'Maria', 'last-name': 'Lopez' });
    expect(await historyOf(id)).toHaveLength(1);
  });
});

describe('GET /api/leads/{leadId}', () => {
  it('shows the lead to its session only', async () => {
    const { id, cookie, email } = await startLead('DS-160');
    const own = await getLead(id, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, email, formType: 'DS-160', source: 'ds160-wizard', completionStatus: 'incomplete', paymentStatus: 'unpaid' });
    expect(own.json().applicationHistory).toEqual([{ status: 'incomplete', action: 'started', date: expect.any(String) }]);

    expect((await getLead(id)).statusCode).toBe(403);
    const other = await post('/api/save-lead', { email: 'someone-else@example.com' });
    const res = await getLead(id, cookieOf(other));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await getLead(randomUUID(), cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/save-lead', () => {
  it('creates the chat lead once per session and updates it afterwards', async () => {
    const body = { email: 'chat@example.com', citizenship_country: 'Mexico', trip_purpose: 'business', product_recommendation: 'DS-160', selected_plan: 'elite' };
    const first = await post('/api/save-lead', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ leadId: expect.any(String), existing: false });
    const cookie = cookieOf(first);
    const leadId = first.json().leadId;
    expect((await getLead(leadId, cookie)).json()).toMatchObject({
      email: 'chat@example.com',
      source: 'aivisa',
      formType: 'DS-160',
      subscriptionPlan: 'premium',
      nationality: 'Mexico',
      travelPurpose: 'business',
    });

    const second = await post('/api/save-lead', { ...body, citizenship_country: 'Colombia' }, cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ leadId, existing: true });
    expect((await getLead(leadId, cookie)).json()).toMatchObject({ nationality: 'Colombia', subscriptionPlan: 'premium', source: 'aivisa' });

    const stranger = await post('/api/save-lead', body);
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json().existing).toBe(false);
    expect(stranger.json().leadId).not.toBe(leadId);
    expect((await storedLead(leadId)).nationality).toBe('Colombia');
  });

  it('answers 400 for a bad email', async () => {
    const res = await post('/api/save-lead', { email: 'chat-at-example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('email');
  });
});

describe('application history', () => {
  it('writes one row per status change and none when the status stays', async () => {
    const { id, cookie } = await startLead('ESTA');
    expect((await patch(id, { formData: { 'first-name': 'Maria' } }, cookie)).statusCode).toBe(200);
    expect(await historyOf(id)).toHaveLength(1);

    expect((await patch(id, { status: 'abandoned' }, cookie)).json().completionStatus).toBe('abandoned');
    expect((await patch(id, { formData: completeAnswers(estaCatalog), completionStatus: 'completed' }, cookie)).json().completionStatus).toBe('completed');
    expect((await patch(id, { status: 'completed' }, cookie)).json().completionStatus).toBe('completed');
    expect((await patch(id, { status: 'abandoned' }, cookie)).json().completionStatus).toBe('completed');

    const rows = await historyOf(id);
    expect(rows.map((r) => [r.status, r.action])).toEqual([
      ['incomplete', 'started'],
      ['abandoned', 'updated'],
      ['completed', 'submitted'],
    ]);
    expect(rows.every((r) => typeof r.created_at === 'string' && !Number.isNaN(Date.parse(r.created_at)))).toBe(true);
  });

  it('records the creation of a completed lead as its first row', async () => {
    const res = await post('/api/leads', ds160Submit({ email: 'history@example.com' }));
    expect(res.statusCode).toBe(201);
    expect((await historyOf(res.json().id)).map((r) => [r.status, r.action])).toEqual([['completed', 'created']]);
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(async () => limited.close());

  it('answers 429 to the 21st early capture within a minute from the same client', async () => {
    let cookie: string | undefined;
    for (let i = 0; i < 20; i += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/leads/immediate',
        payload: { email: `rate${i}@example.com`, formType: 'ESTA' },
        ...(cookie ? { headers: { cookie } } : {}),
      });
      expect(res.statusCode, `call ${i + 1}`).toBe(201);
      cookie ??= sessionCookie(res);
    }
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/leads/immediate',
      payload: { email: 'rate-last@example.com', formType: 'ESTA' },
      headers: { cookie: cookie as string },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    // Other routes keep their own budget.
    expect((await limited.app.inject('/api/health')).statusCode).toBe(200);
  });
});
