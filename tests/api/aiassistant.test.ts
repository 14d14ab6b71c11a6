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
    expect(next.checkoutUrls).toEqual({ basic: '/checkout?formType=ESTA&plan=basic', pro: '/checkout?formType=ESTA&plan=pro', elite: '/checkout?formType=ESTA&plan=premium' });
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
