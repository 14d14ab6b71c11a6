import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEWS } from '../../server/services/ai/builtin/interviews';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

// Spec 3-ai §2.4, §4.3, §7 (issue 13): the AI assistant's interview over the real routes, with the built-in engine.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

function browser() {
  let cookie: string | undefined;
  return async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

describe('/api/aiassistant', () => {
  it('asks the DS-160 questions in order, reads answers as people write them, and ends with the plans', async () => {
    const post = browser();
    const created = await post('/api/aiassistant/session', { type: 'ds160' });
    expect(created.statusCode).toBe(201);
    const { sessionId } = created.json();
    const first = (await post('/api/aiassistant/next', { sessionId, language: 'es' })).json();
    expect(first).toMatchObject({ done: false, message: '', field: { id: 'first-name' }, progress: { answered: 0, total: 25 } });
    expect(first.question).toBe(first.field.label);

    const say = async (question_id: string, answer: string) => post('/api/aiassistant/answer', { sessionId, question_id, question_label: '', answer, language: 'es' });
    expect((await say('birth-date', '15 de marzo de 1990')).json()).toMatchObject({ saved: true, value: '1990-03-15' });
    expect((await say('nationality', 'soy mexicana')).json().value).toBe('Mexico');
    expect((await say('email-address', 'mi correo es Maria@Example.com')).json().value).toBe('maria@example.com');
    const wrong = await say('birth-date', '31 de febrero de 1990');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^body\.answer: /);
    // The page words the rule in its own language from the validators' key.
    expect(wrong.json().code).toMatch(/^validation:/);
    expect((await say('not-a-question', 'x')).json().message).toMatch(/^body\.question_id: /);
  });

  it('is done when every question has an answer, with the three checkout links', async () => {
    const post = browser();
    const { sessionId } = (await post('/api/aiassistant/session', { type: 'esta' })).json();
    let next = (await post('/api/aiassistant/next', { sessionId, language: 'en' })).json();
    const sample: Record<string, string> = {
      email: 'ana@example.com',
      'first-name': 'Ana',
      'last-name': 'Lopez',
      'other-names': 'None',
      'birth-date': 'March 15, 1990',
      'birth-city': 'Madrid',
      'birth-country': 'Spain',
      gender: 'female',
      'passport-type': 'Regular',
      'passport-number': 'AB1234567',
      'passport-country': 'Spain',
      'passport-issue-date': '2022-01-10',
      'passport-expiry': '2032-01-09',
      'first-travel': 'yes',
      purpose: 'tourism',
      phone: '+34 612 345 678',
      'home-address': 'Calle Mayor 12, Madrid',
      'emergency-contact': 'Luis Lopez',
      'emergency-phone': '+34 612 345 679',
      'current-occupation': 'Engineer',
      'other-citizenship': 'no',
      'previous-passport': 'no',
    };
    let guard = 0;
    while (!next.done && guard++ < 40) {
      const id = next.field.id as string;
      const answer = sample[id] ?? 'no';
      const res = await post('/api/aiassistant/answer', { sessionId, question_id: id, question_label: next.question, answer, language: 'en' });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(200);
      next = (await post('/api/aiassistant/next', { sessionId, language: 'en' })).json();
    }
    expect(next).toMatchObject({ done: true, question: '', progress: { answered: INTERVIEWS.esta.length, total: 31 } });
    expect(next.message).toMatch(/Interview complete/);
    // An ESTA is one service: every card opens it, for the lead the interview made.
    const lead = await t.app.db.selectFrom('leads').selectAll().where('email', '=', 'ana@example.com').executeTakeFirstOrThrow();
    const link = `/checkout?formType=ESTA&plan=esta&lead=${lead.id}`;
    expect(next.checkoutUrls).toEqual({ basic: link, pro: link, elite: link });
    expect(lead).toMatchObject({ source: 'airassistant-esta', form_type: 'ESTA', name: 'Ana Lopez', nationality: 'Spain', travel_purpose: 'tourism', completion_status: 'incomplete' });
    expect(JSON.parse(lead.form_data)).toMatchObject({ 'birth-date': '1990-03-15', 'passport-number': 'AB1234567', email: 'ana@example.com' });
  });

  it('keeps the DS-160 answers as a lead of this browser once the e-mail is known, and names it in the plans', async () => {
    const post = browser();
    const { sessionId } = (await post('/api/aiassistant/session', { type: 'ds160' })).json();
    const say = (question_id: string, answer: string) => post('/api/aiassistant/answer', { sessionId, question_id, answer, language: 'es' });
    await say('first-name', 'Lucia');
    expect(await t.app.db.selectFrom('leads').select('id').where('name', '=', 'Lucia').execute()).toEqual([]);
    await say('email-address', 'lucia.chat@example.com');
    await say('nationality', 'soy colombiana');
    await say('purpose-of-trip', 'turismo');
    const lead = await t.app.db.selectFrom('leads').selectAll().where('email', '=', 'lucia.chat@example.com').executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ source: 'airassistant-ds160', form_type: 'DS-160', nationality: 'Colombia' });
    expect(JSON.parse(lead.form_data)).toMatchObject({ 'first-name': 'Lucia', nationality: 'Colombia' });
    const row = await t.app.db.selectFrom('assistant_sessions').select('lead_id').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.lead_id).toBe(lead.id);
    // The lead is this browser's: it reads it, another does not.
    expect((await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}` })).statusCode).toBe(403);
  });

  it("refuses another session's interview and an unknown one", async () => {
    const mine = browser();
    const { sessionId } = (await mine('/api/aiassistant/session', { type: 'ds160' })).json();
    const other = browser();
    expect((await other('/api/aiassistant/next', { sessionId })).statusCode).toBe(403);
    expect((await other('/api/aiassistant/answer', { sessionId, question_id: 'first-name', answer: 'Eve' })).statusCode).toBe(403);
    expect((await other('/api/aiassistant/next', { sessionId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await mine('/api/aiassistant/session', { type: 'b1b2' })).statusCode).toBe(400);
  });
});
