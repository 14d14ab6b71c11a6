import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { paidPremiumCode, premiumOrderRow } from '../helpers/premium';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { validForm } from '../helpers/ds160Form';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';
import { readFacts } from '../../server/services/premium/facts';
import { buildQuestions } from '../../server/services/premium/questions';

// Issue 15: the premium interview's server side on the real app and database: only a paid Premium order's code
// opens it, guessing is slowed per session and per client, every other premium call refuses an unverified
// session, and an interview goes from pasted data to the final analysis.

let t: TestApp;
let withModel: TestApp;
let fake: FakeOpenAi;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
  fake = await startFakeOpenAi();
  withModel = await createTestApp({ rateLimitPerMinute: 100_000, openai: { apiKey: 'test-key', baseUrl: fake.baseURL, model: 'gpt-fake' } });
});
afterAll(async () => {
  await t.close();
  await withModel.close();
  await fake.close();
});

type Json = Record<string, any>;

let client = 0;
function browser(remoteAddress?: string) {
  client += 1;
  const from = remoteAddress ?? `10.8.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  return async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, remoteAddress: from, payload: payload as Json, headers: cookie ? { cookie } : {} });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

const PREMIUM_OPS = JSON.parse(fs.readFileSync(path.join(__dirname, '../../openapi/openapi.json'), 'utf8')).paths as Record<string, Record<string, unknown>>;

describe('POST /api/premium/verify-access', () => {
  it("accepts a paid Premium order's code (any letter case, spaces around) and says whether its application is saved", async () => {
    const code = await paidPremiumCode(t);
    const post = browser();
    const res = await post('/api/premium/verify-access', { code: `  ${code.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, savedApplication: false });
  });

  it("refuses a pending, failed or refunded order's code, a Pro order's, an unknown one and a malformed one", async () => {
    const codes: Array<[string, () => Promise<void>]> = [
      ['PREMIUM-00000001-AB', () => premiumOrderRow(t, 'pending', 'PREMIUM-00000001-AB')],
      ['PREMIUM-00000002-AB', () => premiumOrderRow(t, 'failed', 'PREMIUM-00000002-AB')],
      ['PREMIUM-00000003-AB', () => premiumOrderRow(t, 'refunded', 'PREMIUM-00000003-AB')],
      ['PREMIUM-00000004-AB', () => premiumOrderRow(t, 'paid', 'PREMIUM-00000004-AB', 'pro')],
      ['PREMIUM-99999999-ZZ', async () => {}],
      ['not a code', async () => {}],
    ];
    for (const [code, make] of codes) {
      await make();
      const post = browser();
      const res = await post('/api/premium/verify-access', { code });
      expect(res.statusCode, code).toBe(200);
      expect(res.json(), code).toEqual({ valid: false, savedApplication: false });
      // And the session is not verified by the attempt.
      expect((await post('/api/premium/interview-prep', { formData: 'Surnames: X' })).statusCode, code).toBe(403);
    }
  });

  it('slows guessing: five wrong codes from one session, then 429 with Retry-After even for the right code', async () => {
    const code = await paidPremiumCode(t);
    const post = browser();
    for (let i = 0; i < 5; i += 1) expect((await post('/api/premium/verify-access', { code: `PREMIUM-1000000${i}-XX` })).json().valid).toBe(false);
    const refused = await post('/api/premium/verify-access', { code });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many wrong codes/);
  });

  it('slows guessing per client too: new sessions from one address do not get new tries', async () => {
    const from = '10.9.0.1';
    for (let i = 0; i < 5; i += 1) {
      const post = browser(from);
      expect((await post('/api/premium/verify-access', { code: `PREMIUM-2000000${i}-XX` })).statusCode).toBe(200);
    }
    expect((await browser(from)('/api/premium/verify-access', { code: 'PREMIUM-20000009-XX' })).statusCode).toBe(429);
    // Another address is not held back.
    expect((await browser('10.9.0.2')('/api/premium/verify-access', { code: 'PREMIUM-20000009-XX' })).statusCode).toBe(200);
  });
});

describe('every other premium call refuses an unverified session', () => {
  const ops = Object.entries(PREMIUM_OPS).filter(([url]) => url.startsWith('/api/premium/') && url !== '/api/premium/verify-access');

  it('covers every premium operation in openapi.json', () => {
    expect(ops.map(([url]) => url).sort()).toEqual(['/api/premium/evaluate-answer', '/api/premium/final-analysis', '/api/premium/interview-prep']);
  });

  const bodies: Record<string, Json> = {
    '/api/premium/interview-prep': { formData: PASTED_FORMS[0]?.text, language: 'en' },
    '/api/premium/evaluate-answer': { questionId: 'q1', answer: 'I am an accountant.', allAnswers: {}, language: 'en' },
    '/api/premium/final-analysis': { answers: { q1: 'I am an accountant.' }, questions: [{ id: 'q1' }], language: 'en' },
  };
  for (const url of Object.keys(bodies)) {
    it(`${url}: 403 for a new session, for a session that only guessed, and after the order is refunded`, async () => {
      expect((await browser()(url, bodies[url])).statusCode).toBe(403);
      const guesser = browser();
      await guesser('/api/premium/verify-access', { code: 'PREMIUM-30000000-XX' });
      expect((await guesser(url, bodies[url])).statusCode).toBe(403);

      const code = await paidPremiumCode(t);
      const buyer = browser();
      expect((await buyer('/api/premium/verify-access', { code })).json().valid).toBe(true);
      await t.app.db.updateTable('orders').set({ status: 'refunded' }).where('access_code', '=', code).execute();
      expect((await buyer(url, bodies[url])).statusCode).toBe(403);
    });
  }
});

describe('an interview from pasted data to the analysis', () => {
  it('builds questions that quote the data, weighs each answer against it, and analyses the whole', async () => {
    const post = browser();
    expect((await post('/api/premium/verify-access', { code: await paidPremiumCode(t) })).json().valid).toBe(true);
    expect((await post('/api/premium/interview-prep', { formData: '   ', language: 'en' })).json()).toMatchObject({ statusCode: 400, message: 'body.formData: Please enter form data' });

    const form = PASTED_FORMS.find((f) => f.name === 'Spanish free text');
    const prep = await post('/api/premium/interview-prep', { formData: form?.text, language: 'es' });
    expect(prep.statusCode).toBe(200);
    const { questions } = prep.json() as { questions: Json[] };
    const stay = questions.find((q) => q.topic === 'stay');
    expect(stay?.question).toContain('6 semanas');
    expect(questions.some((q) => q.topic === 'contradiction.stayLeave' && q.category === 'Contradicción' && q.difficulty === 'hard')).toBe(true);

    const contradiction = await post('/api/premium/evaluate-answer', { questionId: stay?.id, answer: 'Me quedaré solo 10 días en Orlando con mi esposo.', allAnswers: {}, language: 'es' });
    expect(contradiction.json()).toMatchObject({ verdict: 'contradiction', feedback: 'Contradice lo que declaraste: tu estadía es «6 semanas».' });
    const short = await post('/api/premium/evaluate-answer', { questionId: 'q1', answer: 'Sí.', language: 'es' });
    expect(short.json().verdict).toBe('short');
    expect((await post('/api/premium/evaluate-answer', { questionId: 'q99', answer: 'Hola', language: 'es' })).json().message).toBe('body.questionId: No question with this id in this interview.');

    const answers = Object.fromEntries(questions.map((q) => [q.id, `Respuesta concreta a ${q.category}: viajo el 10 de julio de 2027 con mi esposo Pedro y volvemos al hospital.`]));
    const analysis = await post('/api/premium/final-analysis', { answers, questions: questions.map((q) => ({ id: q.id })), language: 'es' });
    expect(analysis.statusCode).toBe(200);
    const body = analysis.json();
    expect(['low', 'medium', 'high']).toContain(body.riskLevel);
    expect(body.weaknesses.some((w: string) => w.startsWith(`Pregunta ${questions.indexOf(stay as Json) + 1}`) && w.includes('6 semanas'))).toBe(true);
    expect(body.weaknesses.some((w: string) => w.startsWith('Tus datos:'))).toBe(true);
    expect(body.recommendations.some((r: string) => r.includes('Hospital Ángeles'))).toBe(true);
    expect(Object.keys(body.evaluations)).toHaveLength(questions.length);
  });

  it("builds the interview from the order's saved application when asked", async () => {
    const code = await paidPremiumCode(t, validForm({ 'work-education': { ...validForm()['work-education'], currentEmployer: 'Cemex' } }));
    const post = browser();
    expect((await post('/api/premium/verify-access', { code })).json()).toEqual({ valid: true, savedApplication: true });
    const prep = await post('/api/premium/interview-prep', { useSaved: true, language: 'en' });
    expect(prep.statusCode).toBe(200);
    const text = prep.json().questions.map((q: Json) => q.question).join(' ');
    expect(text).toContain('Maria Lopez');
    expect(text).toContain('Cemex');
  });
});

describe('the interview with OpenAI configured', () => {
  async function prepared(formData: string) {
    const code = await paidPremiumCode(withModel);
    const verify = await withModel.app.inject({ method: 'POST', url: '/api/premium/verify-access', payload: { code } });
    const cookie = sessionCookie(verify) as string;
    return withModel.app.inject({ method: 'POST', url: '/api/premium/interview-prep', payload: { formData, language: 'en' }, headers: { cookie } });
  }

  it('has the model read the pasted data through the real SDK, with the facts schema, and builds the same questions', async () => {
    const form = PASTED_FORMS[4]?.text as string;
    const res = await prepared(form);
    expect(res.statusCode).toBe(200);
    expect(res.json().questions).toEqual(buildQuestions(readFacts(form), 'en'));
    const request = fake.requests.at(-1);
    expect(request?.body.response_format?.json_schema?.name).toBe('readFacts');
    expect(JSON.parse(request?.body.messages.at(-1)?.content ?? '{}')).toEqual({ text: form });
  });

  it('falls back to the built-in reading when the model answers out of shape', async () => {
    const form = PASTED_FORMS[0]?.text as string;
    fake.failure = 'invalid';
    try {
      const res = await prepared(form);
      expect(res.json().questions).toEqual(buildQuestions(readFacts(form), 'en'));
    } finally {
      fake.failure = undefined;
    }
  });
});
