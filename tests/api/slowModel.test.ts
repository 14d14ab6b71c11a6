import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';

// Issue 32: a slow, stalled, cut or wrong model never costs the applicant a reply. Each turn has one time budget
// (here 1.5 s instead of 12, with the model answering in 4 s): the reading falls back to the built-in engine in
// the first part of it, the streamed reply is ended and completed by the built-in engine at its end, and the turn
// answers 200 with a whole reply that is kept with its message. Over a real socket, so a dropped connection would
// show; the server's log must never hold a 500 or FST_ERR_REP_INVALID_PAYLOAD_TYPE.

const TURN_MS = 1_500;
let fake: FakeOpenAi;
let t: TestApp;
let base: string;
const log: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp(
    { rateLimitPerMinute: 100_000, logLevel: 'warn', openai: { apiKey: 'sk-slow', baseUrl: fake.baseURL, model: 'gpt-slow', turnMs: TURN_MS, stallMs: 400, timeoutMs: 10_000 } },
    { logStream: { write: (line) => void log.push(line) } },
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.failure = undefined;
  fake.slowMs = 4_000;
});

function browser() {
  let cookie = '';
  return async (url: string, body: object | undefined, accept = 'application/json') => {
    const started = Date.now();
    const res = await fetch(`${base}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), accept, ...(cookie ? { cookie } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return { status: res.status, text: await res.text(), ms: Date.now() - started };
  };
}

const doneOf = (body: string) => JSON.parse(body.trim().split('\n').at(-1)!.replace('data: ', ''));
const noServerErrors = () => expect(log.filter((l) => /"statusCode":5\d\d|FST_ERR_REP_INVALID_PAYLOAD_TYPE|"level":50/.test(l))).toEqual([]);

describe('a model slower than the turn', () => {
  beforeEach(() => (fake.failure = 'slow'));

  it('advanced chat: the turn answers within its budget with a whole reply, kept with its message', async () => {
    const post = browser();
    const sessionId = 'slow-aivisa-1';
    const res = await post('/api/aivisa/chat', { sessionId, message: 'Soy de España y viajo por turismo', language: 'es' });
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(TURN_MS + 1_000);
    const turn = JSON.parse(res.text);
    expect(turn.content).toMatch(/\[INPUT:email:/);
    expect(turn.stateUpdate).toMatchObject({ citizenship_country: 'Spain', trip_purpose: 'tourism', product_recommendation: 'ESTA' });
    const kept = JSON.parse((await post(`/api/aivisa/application/${sessionId}`, undefined)).text);
    expect(kept.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(kept.messages[1].content).toBe(turn.content);
    noServerErrors();
  });

  it('advanced chat, streamed: the same, as server-sent events', async () => {
    const post = browser();
    const res = await post('/api/aivisa/chat', { sessionId: 'slow-aivisa-2', message: 'soy mexicana', language: 'es' }, 'text/event-stream');
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(TURN_MS + 1_000);
    expect(doneOf(res.text).content).toMatch(/Nacionalidad: México[\s\S]*propósito/);
    noServerErrors();
  });

  it('consular chat: the same', async () => {
    const post = browser();
    await post('/api/ai/chat', { sessionId: 'slow-agent-1', message: '', language: 'fr' });
    const res = await post('/api/ai/chat', { sessionId: 'slow-agent-1', message: 'je suis sénégalaise', language: 'fr' });
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(TURN_MS + 1_000);
    const reply = JSON.parse(res.text);
    expect(reply.session.country).toBe('Senegal');
    expect(reply.response).toMatch(/Sénégal/);
    noServerErrors();
  });

  it('intelligent chat: the reading and the reply each within their share', async () => {
    const post = browser();
    const empty = { personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {}, completedSections: [], currentSection: 'personal', totalProgress: 0 };
    const read = await post('/api/openai/response-analysis', { sessionId: 'slow-sections-1', userResponse: 'je m’appelle Ana', currentSection: 'personal', formProgress: empty, language: 'fr' });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text).extractedData).toEqual({ firstName: 'Ana' });
    const reply = await post('/api/openai/intelligent-chat', { sessionId: 'slow-sections-1', message: 'je m’appelle Ana', context: { formProgress: empty }, language: 'fr', messageHistory: [] });
    expect(reply.status).toBe(200);
    expect(read.ms + reply.ms).toBeLessThan(TURN_MS + 1_500);
    expect(JSON.parse(reply.text).response).toMatch(/\[INPUT:text:/);
    noServerErrors();
  });

  it('AI assistant: the answer is read by the built-in engine in time', async () => {
    const post = browser();
    const { sessionId } = JSON.parse((await post('/api/aiassistant/session', { type: 'ds160' })).text);
    const res = await post('/api/aiassistant/answer', { sessionId, question_id: 'birth-date', answer: 'née le 3 mars 1990', language: 'fr' });
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(TURN_MS + 1_000);
    expect(JSON.parse(res.text)).toMatchObject({ saved: true, value: '1990-03-03' });
    noServerErrors();
  });
});

describe('a reply the model does not finish', () => {
  it.each(['stall', 'streamBreak'] as const)('%s: the reply is completed by the built-in engine and kept whole', async (failure) => {
    fake.failure = failure;
    const post = browser();
    const sessionId = `cut-${failure}`;
    const res = await post('/api/aivisa/chat', { sessionId, message: 'soy peruana y viajo por turismo', language: 'es' }, 'text/event-stream');
    expect(res.status).toBe(200);
    const turn = doneOf(res.text);
    expect(turn.content).toMatch(/^Hola, soy Sofía[\s\S]*\[INPUT:email:¿Cuál es tu correo electrónico\?\]$/);
    const kept = JSON.parse((await post(`/api/aivisa/application/${sessionId}`, undefined)).text);
    expect(kept.messages.at(-1).content).toBe(turn.content);
    noServerErrors();
  });
});

describe('a browser that goes away mid-reply', () => {
  it('still has the reply kept with its message', async () => {
    fake.failure = 'stall';
    const post = browser();
    const sessionId = 'gone-aivisa-1';
    await post('/api/aivisa/chat', { sessionId, message: 'hola', language: 'es' });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/aivisa/chat`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ sessionId: 'gone-aivisa-2', message: 'soy chilena, voy de vacaciones', language: 'es' }), signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const kept = await t.app.inject({ method: 'GET', url: '/api/aivisa/application/gone-aivisa-2' });
    // Another browser session: the row is not ours to read, so the database says it.
    expect(kept.statusCode).toBe(403);
    const row = await t.app.db.selectFrom('chat_sessions').select(['messages']).where('id', '=', 'gone-aivisa-2').executeTakeFirstOrThrow();
    const messages = JSON.parse(row.messages) as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.content).toMatch(/\[INPUT:email:/);
    noServerErrors();
  });
});

describe('the issue as measured: a model that answers in 15 s, the default 12 s turn, the default 15 s idle timeout', () => {
  it('answers within 12 s with a reply, never a dropped connection or a 500', async () => {
    const slow = await createTestApp(
      { rateLimitPerMinute: 100_000, logLevel: 'warn', openai: { apiKey: 'sk-slow', baseUrl: fake.baseURL, model: 'gpt-slow' } },
      { logStream: { write: (line) => void log.push(line) } },
    );
    const url = await slow.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      fake.failure = 'slow';
      fake.slowMs = 15_000;
      const started = Date.now();
      const res = await fetch(`${url}/api/aivisa/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: 'slow-default-1', message: 'Soy de España', language: 'es' }) });
      const ms = Date.now() - started;
      expect(res.status).toBe(200);
      // Below the 15 s that made the connection drop; the budget itself is 11 s of model time.
      expect(ms).toBeLessThan(14_000);
      expect((await res.json()).application.collected).toEqual({ citizenship_country: 'Spain' });
      noServerErrors();
    } finally {
      await slow.close();
    }
  }, 30_000);
});
