import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';

// Issue 13: the chats' routes behave the same on both engines. The OpenAI engine runs the real SDK against a
// local OpenAI-compatible server (which answers by the built-in rules), so the same answers are expected, and
// the server's log of requests proves the model was asked.

let fake: FakeOpenAi;
const apps: Record<'builtin' | 'openai', TestApp> = {} as never;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  apps.builtin = await createTestApp({ rateLimitPerMinute: 100_000 });
  apps.openai = await createTestApp({ rateLimitPerMinute: 100_000, openai: { apiKey: 'test-key', baseUrl: fake.baseURL, model: 'gpt-fake' } });
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((t) => t.close()));
  await fake.close();
});

function browser(t: TestApp) {
  let cookie: string | undefined;
  return async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    cookie = sessionCookie(res) ?? cookie;
    return res;
  };
}

const pieces = (body: string) => body.split('\n\n').filter((b) => b.startsWith('event: piece')).length;
const doneOf = (body: string) => JSON.parse(body.trim().split('\n').at(-1)!.replace('data: ', ''));
const empty = { personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal', totalProgress: 0 };

describe.each(['builtin', 'openai'] as const)('the chats on the %s engine', (engine) => {
  it('reports which engine answers', () => expect(apps[engine].app.ai.name).toBe(engine));

  it('advanced chat: streamed replies, the lead, the paywall at 80', async () => {
    const before = fake.requests.length;
    const post = browser(apps[engine]);
    // The chat's AI notice accepted (issue 44): without it the server answers with the built-in engine.
    expect((await post('/api/me/consents', { chat: 'aivisa', accepted: true })).statusCode).toBe(201);
    const sessionId = `engines-${engine}-1`;
    const first = await post('/api/aivisa/chat', { sessionId, message: 'Hola, soy mexicana y viajo por turismo', language: 'es' }, { accept: 'text/event-stream' });
    expect(pieces(first.body)).toBeGreaterThan(1);
    expect(doneOf(first.body)).toMatchObject({
      content: expect.stringMatching(/^Hola, soy Sofía[\s\S]*Anotado: Nacionalidad: México; Propósito del viaje: Turismo\.\n¿Cuál es tu correo electrónico\?\n\[INPUT:email:/),
      stateUpdate: { citizenship_country: 'Mexico', trip_purpose: 'tourism', product_recommendation: 'DS-160' },
    });
    let last = first;
    for (const message of ['ana.engines@example.com', 'Ana', 'Lopez', '15/03/1990', 'G12345678', '01/01/2032']) last = await post('/api/aivisa/chat', { sessionId, message, language: 'es' });
    expect(last.json()).toMatchObject({ showPaywall: true, application: { readiness: 80 } });
    expect((await post('/api/aivisa/chat', { sessionId, message: 'hola', language: 'es' })).statusCode).toBe(402);
    if (engine === 'openai') {
      const asked = fake.requests.slice(before);
      expect(asked.some((r) => r.body.stream === true)).toBe(true);
      expect(asked.some((r) => r.body.response_format?.json_schema?.name === 'extract')).toBe(true);
      expect(asked.every((r) => r.body.model === 'gpt-fake' && r.headers.authorization === 'Bearer test-key')).toBe(true);
    }
  });

  it('intelligent chat: the answer read into the section, the reply, the final analysis', async () => {
    const post = browser(apps[engine]);
    const read = await post('/api/openai/response-analysis', { userResponse: 'nací el 15 de marzo de 1990', currentSection: 'personal', formProgress: { ...empty, personalInfo: { firstName: 'Ana', lastName: 'Lopez' } }, language: 'es' });
    expect(read.json()).toEqual({ extractedData: { dateOfBirth: '1990-03-15' }, understood: ['Fecha de nacimiento: 15 de marzo de 1990'] });
    const reply = await post('/api/openai/intelligent-chat', { message: 'Ana', context: { formProgress: empty, understood: ['Nombre: Ana'] }, language: 'en', messageHistory: [{ role: 'assistant', content: 'Hi' }] });
    expect(reply.json()).toEqual({ response: "Noted: Nombre: Ana.\nWhat is your first name, as in your passport?\n[INPUT:text:What is your first name, as in your passport?]", isComplete: false });
    const analysis = await post('/api/openai/analyze-form', { formData: { ...empty, personalInfo: { nationality: 'Spain' }, travelInfo: { arrivalDate: '2027-03-10', departureDate: '2027-03-01' } }, language: 'en' });
    expect(analysis.json()).toMatchObject({ hasErrors: true, hasWarnings: true });
    expect(analysis.json().warnings).toEqual([expect.objectContaining({ code: 'waiver-nationality', message: expect.stringMatching(/^Spain is in the Visa Waiver Program/) })]);
  });

  it('intelligent chat: "me llamo josé luis" is two given names, never a last name Luis (issue 42)', async () => {
    const post = browser(apps[engine]);
    for (const userResponse of ['me llamo josé luis', 'Me llamo José Luis', 'mi nombre es maria jose']) {
      const read = await post('/api/openai/response-analysis', { userResponse, currentSection: 'personal', formProgress: empty, language: 'es' });
      expect(read.statusCode).toBe(200);
      const data = read.json().extractedData as Record<string, string>;
      expect(data.lastName, userResponse).toBeUndefined();
      // Either both given names are kept, or they are shown back to confirm, whole.
      if (data.firstName) expect(data.firstName).toMatch(/^(?:Jose Luis|Maria Jose)$/);
      else expect(read.json().clarify).toMatch(/JOSE LUIS|MARIA JOSE|José Luis|Jose Luis|Maria Jose/i);
    }
  });

  it('AI assistant: an answer read as written', async () => {
    const post = browser(apps[engine]);
    const { sessionId } = (await post('/api/aiassistant/session', { type: 'ds160' })).json();
    const res = await post('/api/aiassistant/answer', { sessionId, question_id: 'birth-date', answer: '15 de marzo de 1990', language: 'es' });
    expect(res.json()).toMatchObject({ saved: true, value: '1990-03-15' });
  });
});
