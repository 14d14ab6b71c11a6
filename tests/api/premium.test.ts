import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { paidPremiumCode, premiumOrderRow } from '../helpers/premium';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { validForm } from '../helpers/ds160Form';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';
import { APPLICANT_TEXTS } from '../fixtures/applicantTexts';
import { readFacts } from '../../server/services/premium/facts/index';
import { planInterview, renderInterview } from '../../server/services/premium/questions';
import { findingsOf } from '../../server/services/premium/rules/index';

// Issues 15 and 33: the premium interview's server side on the real app and database: only a paid Premium order's
// code opens it, guessing is slowed per session and per client, every other premium call refuses an unverified
// session, an interview goes from pasted data to the final analysis, survives a reload (for the session and for
// the account that bought the code), follows the interface language unless one was chosen, and lets a model word
// it without adding a fact.

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
function browser(remoteAddress?: string, on: TestApp = t) {
  client += 1;
  const from = remoteAddress ?? `10.8.${(client >> 8) & 255}.${client & 255}`;
  let cookie: string | undefined;
  const send = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await on.app.inject({ method, url, remoteAddress: from, ...(payload === undefined ? {} : { payload: payload as Json }), headers: cookie ? { cookie } : {} });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
  return Object.assign((url: string, payload: unknown) => send('POST', url, payload), {
    get: (url: string) => send('GET', url),
    cookie: () => cookie,
  });
}

/** What the server's own reading plans for a text, worded in a language. */
const builtinQuestions = (text: string, language: 'es' | 'en') => {
  const facts = readFacts(text);
  const findings = findingsOf(facts);
  return renderInterview(planInterview(facts, findings), facts, findings, language);
};

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
  const ops = Object.entries(PREMIUM_OPS).filter(([url]) => url.startsWith('/api/premium/') && !['/api/premium/verify-access', '/api/premium/interview', '/api/premium/new-interview'].includes(url));

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

  it('GET /api/premium/interview tells an unverified session so, and opens nothing', async () => {
    const stranger = browser();
    const res = await stranger.get('/api/premium/interview?language=fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: false, savedApplication: false, language: 'fr', languageChosen: false, interview: null });
    expect((await stranger.get('/api/premium/interview?language=de')).statusCode).toBe(400);
  });
});

describe('an interview from pasted data to the analysis', () => {
  it('builds questions that cite the data, judges each answer against it, and analyses the whole', async () => {
    const post = browser();
    expect((await post('/api/premium/verify-access', { code: await paidPremiumCode(t) })).json().valid).toBe(true);
    expect((await post('/api/premium/interview-prep', { formData: '   ', language: 'en' })).json()).toMatchObject({ statusCode: 400, message: 'body.formData: Please enter form data' });

    const form = PASTED_FORMS.find((f) => f.name === 'Spanish free text');
    const prep = await post('/api/premium/interview-prep', { formData: form?.text, language: 'es' });
    expect(prep.statusCode).toBe(200);
    const { questions } = prep.json() as { questions: Json[] };
    const trip = questions.find((q) => q.topic === 'finding.stayOverLeave');
    expect(trip).toMatchObject({ category: 'Contradicción', difficulty: 'hard', question: 'Estarás fuera 6 semanas, pero declaraste 15 días de vacaciones. ¿Cómo estarás tanto tiempo fuera de tu trabajo?' });
    expect(trip?.finding.sides.map((s: Json) => s.source)).toEqual(['6 semanas', '15 días de vacaciones']);

    const stay = questions.find((q) => q.topic === 'purpose') as Json;
    const contradiction = await post('/api/premium/evaluate-answer', { questionId: stay.id, answer: 'Me quedaré solo 10 días en Orlando con mi esposo, en un hotel de Disney.', allAnswers: {}, language: 'es' });
    expect(contradiction.json()).toMatchObject({ verdict: 'contradiction', feedback: 'Contradice tu formulario, donde tu estadía es de 6 semanas.' });
    const short = await post('/api/premium/evaluate-answer', { questionId: 'q1', answer: 'Sí.', language: 'es' });
    expect(short.json().verdict).toBe('short');
    expect((await post('/api/premium/evaluate-answer', { questionId: 'q99', answer: 'Hola', language: 'es' })).json().message).toBe('body.questionId: No question with this id in this interview.');

    // Saved with its judgement: the row holds the answer and what was said of it.
    const row = await t.app.db.selectFrom('premium_interviews').selectAll().where('id', '=', prep.json().interviewId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.answers)).toEqual({ [stay.id]: 'Me quedaré solo 10 días en Orlando con mi esposo, en un hotel de Disney.', q1: 'Sí.' });
    expect(JSON.parse(row.evaluations)[stay.id]).toMatchObject({ verdict: 'contradiction', note: { key: 'contradiction.stay' } });

    const analysis = await post('/api/premium/final-analysis', { answers: {}, questions: questions.map((q) => ({ id: q.id })), language: 'es' });
    expect(analysis.statusCode).toBe(200);
    const body = analysis.json();
    expect(body.riskLevel).not.toBe('low');
    expect(body.weaknesses[0]).toMatch(/^No es riesgo bajo por /);
    expect(body.findings).toEqual([expect.objectContaining({ code: 'stayOverLeave', kind: 'contradiction', answer: null, explained: false, n: questions.indexOf(trip as Json) + 1 })]);
    expect(body.recommendations.some((r: string) => r.includes('Hospital Ángeles'))).toBe(true);
    expect(Object.keys(body.evaluations).sort()).toEqual(['q1', stay.id].sort());
    expect((await t.app.db.selectFrom('premium_interviews').select('finished_at').where('id', '=', prep.json().interviewId).executeTakeFirstOrThrow()).finished_at).not.toBeNull();
  });

  it('keeps two answers sent together', async () => {
    const post = browser();
    await post('/api/premium/verify-access', { code: await paidPremiumCode(t) });
    const prep = await post('/api/premium/interview-prep', { formData: APPLICANT_TEXTS[9]?.text, language: 'en' });
    const [a, b] = await Promise.all([
      post('/api/premium/evaluate-answer', { questionId: 'q1', answer: 'I am Daniel, an accountant at Safaricom travelling to Texas.', language: 'en' }),
      post('/api/premium/evaluate-answer', { questionId: 'q2', answer: 'We will drive to the Grand Canyon and visit San Antonio with friends.', language: 'en' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const row = await t.app.db.selectFrom('premium_interviews').selectAll().where('id', '=', prep.json().interviewId).executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(row.answers)).sort()).toEqual(['q1', 'q2']);
    expect(Object.keys(JSON.parse(row.evaluations)).sort()).toEqual(['q1', 'q2']);
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

describe('an interview that survives a reload (issue 33)', () => {
  it('is kept for the verified session: the state continues where it was, and a finished one shows its analysis', async () => {
    const post = browser();
    await post('/api/premium/verify-access', { code: await paidPremiumCode(t) });
    expect((await post.get('/api/premium/interview?language=es')).json()).toEqual({ verified: true, savedApplication: false, language: 'es', languageChosen: false, interview: null });
    const form = APPLICANT_TEXTS[4] as (typeof APPLICANT_TEXTS)[number];
    const prep = (await post('/api/premium/interview-prep', { formData: form.text, language: 'es' })).json();
    for (const q of prep.questions.slice(0, 3)) await post('/api/premium/evaluate-answer', { questionId: q.id, answer: `Respuesta a ${q.id}: trabajo en Bancolombia desde 2015 como analista de riesgos.`, language: 'es' });

    const state = (await post.get('/api/premium/interview?language=es')).json();
    expect(state.verified).toBe(true);
    expect(state.interview.interviewId).toBe(prep.interviewId);
    expect(state.interview.questions).toEqual(prep.questions);
    expect(Object.keys(state.interview.answers)).toEqual(['q1', 'q2', 'q3']);
    expect(Object.keys(state.interview.evaluations)).toEqual(['q1', 'q2', 'q3']);
    expect(state.interview.analysis).toBeNull();

    await post('/api/premium/final-analysis', { answers: {}, language: 'es' });
    const finished = (await post.get('/api/premium/interview?language=es')).json();
    expect(finished.interview.analysis).toMatchObject({ riskLevel: expect.any(String), findings: expect.any(Array) });

    // 'New interview': this session leaves it; the code is asked again.
    expect((await post('/api/premium/new-interview', undefined)).json()).toEqual({ ended: true });
    expect((await post.get('/api/premium/interview?language=es')).json()).toMatchObject({ verified: false, interview: null });
  });

  it('follows the interface language unless one was chosen, and then keeps it', async () => {
    const post = browser();
    await post('/api/premium/verify-access', { code: await paidPremiumCode(t) });
    const form = APPLICANT_TEXTS[4] as (typeof APPLICANT_TEXTS)[number];
    await post('/api/premium/interview-prep', { formData: form.text, language: 'es' });
    const en = (await post.get('/api/premium/interview?language=en')).json();
    expect(en.language).toBe('en');
    expect(en.interview.questions).toEqual(builtinQuestions(form.text, 'en'));
    expect(en.interview.questions.map((q: Json) => q.question).join(' ')).toContain('You work in business at Bancolombia S.A.');

    const chooser = browser();
    await chooser('/api/premium/verify-access', { code: await paidPremiumCode(t) });
    await chooser('/api/premium/interview-prep', { formData: form.text, language: 'es', languageChosen: true });
    const kept = (await chooser.get('/api/premium/interview?language=en')).json();
    expect(kept).toMatchObject({ language: 'es', languageChosen: true });
    expect(kept.interview.questions.map((q: Json) => q.question).join(' ')).toContain('Trabajas en el sector de negocios en Bancolombia S.A.');
    // A language in the address is a choice too.
    expect((await chooser.get('/api/premium/interview?language=fr&explicit=true')).json()).toMatchObject({ language: 'fr', languageChosen: true });
  });

  it('is kept for the account that bought the code: signed in on another device, it continues without the code', async () => {
    // The buyer pays, enters the code and signs up in the same browser (orders and the code stay with the session).
    const buyer = browser();
    const lead = await buyer('/api/leads', {
      name: 'Ana Ruiz', email: `ana.${Date.now()}@example.com`, phone: '+34 612 345 678', formType: 'DS-160', nationality: 'Mexico',
      travelPurpose: 'Tourism/Vacation', formData: {}, completionStatus: 'completed', paymentStatus: 'pending', source: 'apply-wizard',
    });
    const paid = await buyer('/api/checkout/process', {
      plan: 'premium', leadId: lead.json().id, email: 'ana.buyer@example.com', idempotencyKey: `k_${Date.now()}premium33`,
      paymentDetails: { cardNumber: '4242 4242 4242 4242', expiryDate: '12/39', cvv: '737', cardName: 'Ana Ruiz', billingAddress: 'Calle 1', city: 'Madrid', zipCode: '28013', country: 'Spain' },
    });
    expect((await buyer('/api/premium/verify-access', { code: paid.json().accessCode })).json().valid).toBe(true);
    const email = `ana.${Date.now()}@example.com`;
    expect((await buyer('/api/auth/signup', { email, password: 'a long passphrase' })).statusCode).toBe(201);
    // Signing in kept the code entered: the interview goes on in this browser.
    const prep = (await buyer('/api/premium/interview-prep', { formData: APPLICANT_TEXTS[0]?.text, language: 'es' })).json();
    await buyer('/api/premium/evaluate-answer', { questionId: 'q1', answer: 'Soy Valentina, busco empleo y viajo de turismo a Miami.', language: 'es' });

    const other = browser();
    expect((await other.get('/api/premium/interview?language=es')).json().verified).toBe(false);
    expect((await other('/api/auth/user-login', { email, password: 'a long passphrase' })).statusCode).toBe(200);
    const state = (await other.get('/api/premium/interview?language=es')).json();
    expect(state).toMatchObject({ verified: true, interview: { interviewId: prep.interviewId, answers: { q1: expect.any(String) } } });
    // And that session may now answer the next question.
    expect((await other('/api/premium/evaluate-answer', { questionId: 'q2', answer: 'Voy a recorrer museos de Miami con mi hermana.', language: 'es' })).statusCode).toBe(200);
    // Someone else's account sees nothing of it.
    const stranger = browser();
    await stranger('/api/auth/signup', { email: `x.${Date.now()}@example.com`, password: 'a long passphrase' });
    expect((await stranger.get('/api/premium/interview?language=es')).json()).toMatchObject({ verified: false, interview: null });
  });
});

describe('the interview with OpenAI configured', () => {
  async function prepared(formData: string, language: 'en' | 'es' = 'en') {
    const post = browser(undefined, withModel);
    await post('/api/premium/verify-access', { code: await paidPremiumCode(withModel) });
    expect((await post('/api/me/consents', { chat: 'premium', accepted: true })).statusCode).toBe(201);
    return { post, res: await post('/api/premium/interview-prep', { formData, language }) };
  }

  it('refuses the model any word before the premium notice is accepted (403 naming it); the built-in app asks for none', async () => {
    const form = PASTED_FORMS[4]?.text as string;
    const calls = fake.requests.length;
    const post = browser(undefined, withModel);
    await post('/api/premium/verify-access', { code: await paidPremiumCode(withModel) });
    for (const [url, payload] of [
      ['/api/premium/interview-prep', { formData: form, language: 'en' }],
      ['/api/premium/evaluate-answer', { questionId: 'q1', answer: 'I am an accountant.', allAnswers: {}, language: 'en' }],
      ['/api/premium/final-analysis', { answers: { q1: 'I am an accountant.' }, questions: [{ id: 'q1' }], language: 'en' }],
    ] as const) {
      const refused = await post(url, payload);
      expect(refused.statusCode, `${url} ${refused.body}`).toBe(403);
      expect(refused.json().code).toBe('premium_consent_required');
    }
    // Another feature's consent is not this one's.
    expect((await post('/api/me/consents', { chat: 'voice', accepted: true })).statusCode).toBe(201);
    expect((await post('/api/premium/interview-prep', { formData: form, language: 'en' })).statusCode).toBe(403);
    expect(fake.requests.length).toBe(calls);
    expect((await post.get('/api/privacy?chat=premium')).json()).toMatchObject({ aiEngine: 'openai', consentNeeded: true, consented: false });
    expect((await post('/api/me/consents', { chat: 'premium', accepted: true })).statusCode).toBe(201);
    expect((await post.get('/api/privacy?chat=premium')).json()).toMatchObject({ consented: true });
    expect((await post.get('/api/privacy?chat=sections')).json()).toMatchObject({ consented: false });
    // Accepted: answered at once (200), or, when the preparation outlasts the request's wait on a loaded machine, as
    // a job the page follows (202). Either way not refused, which is what this test is about.
    expect([200, 202]).toContain((await post('/api/premium/interview-prep', { formData: form, language: 'en' })).statusCode);

    const offline = browser();
    await offline('/api/premium/verify-access', { code: await paidPremiumCode(t) });
    expect([200, 202]).toContain((await offline('/api/premium/interview-prep', { formData: form, language: 'en' })).statusCode);
  });

  it('has the model read the text and word the questions through the real SDK, citing the same data', async () => {
    const form = PASTED_FORMS[4]?.text as string;
    const { res } = await prepared(form);
    expect(res.statusCode).toBe(200);
    const builtin = builtinQuestions(form, 'en');
    expect(res.json().questions).toEqual(builtin.map((q) => ({ ...q, question: `Please tell me: ${q.question}` })));
    const operations = fake.requests.slice(-2).map((r) => r.body.response_format?.json_schema?.name);
    expect(operations).toEqual(['readFacts', 'wordQuestions']);
    expect(JSON.parse(fake.requests.at(-2)?.body.messages.at(-1)?.content ?? '{}')).toEqual({ text: form });
  });

  it("keeps the built-in wording of a question where the model drops a cited value or adds a fact", async () => {
    const form = PASTED_FORMS[3]?.text as string;
    fake.answers.wordQuestions = ({ questions }: { questions: Array<{ id: string; question: string }> }) => ({
      questions: questions.map(({ id, question }, i) => ({ id, question: i === 0 ? `${question} And your salary of $9,000?` : i === 1 ? 'What will you do there?' : `Please: ${question}` })),
    });
    try {
      const { res } = await prepared(form, 'es');
      const builtin = builtinQuestions(form, 'es');
      const questions = res.json().questions as Json[];
      expect(questions[0]?.question).toBe(builtin[0]?.question);
      expect(questions[1]?.question).toBe(builtin[1]?.question);
      expect(questions[2]?.question).toBe(`Please: ${builtin[2]?.question}`);
    } finally {
      delete fake.answers.wordQuestions;
    }
  });

  it('has the model word the feedback, never the verdict, and falls back to the built-in wording when it fails', async () => {
    const form = PASTED_FORMS[3]?.text as string;
    const { post } = await prepared(form, 'es');
    const worded = await post('/api/premium/evaluate-answer', { questionId: 'q1', answer: 'Sí.', language: 'es' });
    expect(worded.json()).toMatchObject({ verdict: 'short', feedback: 'Ánimo: Demasiado breve: el oficial necesita una frase completa con uno o dos datos.' });
    fake.failure = 'invalid';
    try {
      const plain = await post('/api/premium/evaluate-answer', { questionId: 'q2', answer: 'No.', language: 'es' });
      expect(plain.json()).toMatchObject({ verdict: 'short', feedback: 'Demasiado breve: el oficial necesita una frase completa con uno o dos datos.' });
    } finally {
      fake.failure = undefined;
    }
    // The model's feedback is kept with the answer, so a reload shows it again.
    const state = (await post.get('/api/premium/interview?language=es')).json();
    expect(state.interview.evaluations.q1.feedback).toMatch(/^Ánimo: /);
  });

  it('falls back to the built-in reading and wording when the model answers out of shape', async () => {
    const form = PASTED_FORMS[0]?.text as string;
    fake.failure = 'invalid';
    try {
      const { res } = await prepared(form);
      expect(res.json().questions).toEqual(builtinQuestions(form, 'en'));
    } finally {
      fake.failure = undefined;
    }
  });

  it('keeps only the facts a model reads that the text holds', async () => {
    const form = 'Employer: Acme Corp\nLength of stay: 3 weeks';
    fake.answers.readFacts = () => ({ employer: { source: 'Acme Corp' }, refusalMentions: [{ source: 'refused in 2019 in Bogota', year: 2019 }], stay: { source: '3 weeks', days: 90 } });
    try {
      const { res } = await prepared(form);
      const row = await withModel.app.db.selectFrom('premium_interviews').select('facts').where('id', '=', res.json().interviewId).executeTakeFirstOrThrow();
      const facts = JSON.parse(row.facts);
      expect(facts.refusalMentions).toBeUndefined();
      expect(facts.stay).toEqual({ source: '3 weeks', days: 21 });
      expect(res.json().questions.some((q: Json) => q.topic.includes('refusal'))).toBe(false);
    } finally {
      delete fake.answers.readFacts;
    }
  });
});
