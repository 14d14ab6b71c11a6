import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { BuiltinEngine } from '../../server/services/ai/engine';
import { OpenAiEngine, type WarnLog } from '../../server/services/ai/openai';
import { ExtractedSchema, type AnalysisInput, type ChatReplyInput, type ExtractInput, type NextQuestionInput } from '../../server/services/ai/schemas';
import { createEngine } from '../../server/services/ai/select';
import { startFakeOpenAi, type Failure, type FakeOpenAi } from '../helpers/fakeOpenAi';

// Issue 13: the OpenAI engine speaks to the API through the official SDK, and whatever goes wrong on the model's
// side (a wrong shape, prose instead of JSON, a 500, a timeout, a dropped stream) ends in the built-in answer and
// one warning saying why. The SDK talks to a fake model on 127.0.0.1; nothing leaves the machine.

const TIMEOUT_MS = 300;
const builtin = new BuiltinEngine();

let fake: FakeOpenAi;
let warnings: { obj: Record<string, unknown>; msg: string }[];
const log: WarnLog = { warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }) };
let engine: OpenAiEngine;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.slowMs = TIMEOUT_MS * 5;
  engine = new OpenAiEngine({ apiKey: 'sk-test', baseUrl: fake.baseURL, model: 'gpt-test', timeoutMs: TIMEOUT_MS }, log);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.failure = undefined;
  warnings = [];
});

const joined = async (reply: AsyncIterable<string>) => {
  const pieces: string[] = [];
  for await (const piece of reply) pieces.push(piece);
  return pieces;
};

const EXTRACT: ExtractInput = { text: 'soy mexicana, nací el 15 de marzo de 1990', language: 'es' };
const ANALYSIS: AnalysisInput = { formType: 'DS-160', language: 'es', data: { nationality: 'Spain', arrivalDate: '2030-07-10', departureDate: '2030-07-01' } };
const TURN: ChatReplyInput = {
  assistantName: 'Sofía',
  language: 'es',
  messages: [{ role: 'user', content: 'me llamo Ana' }],
  understood: ['nombre: Ana'],
  ask: { field: 'email', label: '¿Cuál es tu correo?', input: 'email' },
  offer: 'pro',
};

describe('the requests', () => {
  it('carry the configured model and key, the input as JSON and the answer schema by name', async () => {
    const config = loadConfig({ OPENAI_API_KEY: 'sk-from-env', OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'gpt-from-env' });
    const configured = createEngine(config.openai, log);
    expect(await configured.extract(EXTRACT)).toMatchObject({ nationality: 'Mexico' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-from-env' } });
    expect(request?.body).toMatchObject({
      model: 'gpt-from-env',
      response_format: { type: 'json_schema', json_schema: { name: 'extract', strict: false, schema: JSON.parse(JSON.stringify(ExtractedSchema)) } },
    });
    expect(request?.body.stream).toBeFalsy();
    expect(request?.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(request?.body.messages[1]?.content ?? '')).toEqual(EXTRACT);
    expect(warnings).toEqual([]);
  });

  it('name each operation its own schema', async () => {
    await engine.completeness({ section: 'contact', fields: [], data: {} });
    await engine.analyze(ANALYSIS);
    expect(fake.requests.map((r) => r.body.response_format?.json_schema?.name)).toEqual(['completeness', 'analyze']);
  });

  it('leave the scripted interview to the built-in engine', async () => {
    const input: NextQuestionInput = { type: 'esta', answers: {}, language: 'fr' };
    expect(await engine.nextQuestion(input)).toEqual(await builtin.nextQuestion(input));
    expect(fake.requests).toEqual([]);
  });
});

describe('the streamed reply', () => {
  it('arrives in several pieces, asked for as a stream and told the markers', async () => {
    const pieces = await joined(engine.chatReply(TURN));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe((await joined(builtin.chatReply(TURN))).join(''));
    const body = fake.requests[0]?.body;
    expect(body).toMatchObject({ model: 'gpt-test', stream: true });
    expect(body?.response_format).toBeUndefined();
    expect(body?.messages[0]?.content).toContain('Sofía');
    expect(body?.messages[0]?.content).toContain('[INPUT:email:¿Cuál es tu correo?]');
    expect(body?.messages[0]?.content).toContain('[CHECKOUT:pro]');
    expect(warnings).toEqual([]);
  });

  it('stops when the caller goes away, without a second reply or a warning', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of engine.chatReply(TURN, undefined, controller.signal)) {
      pieces.push(piece);
      controller.abort();
    }
    expect(pieces).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});

describe('when the model fails, the built-in engine answers and the log says why', () => {
  it.each<[Failure, string]>([
    ['invalid', 'schema'],
    ['garbage', 'not json'],
    ['status500', 'status 500'],
    ['slow', 'timeout'],
  ])('%s', async (failure, reason) => {
    fake.failure = failure;
    expect(await engine.extract(EXTRACT)).toEqual(await builtin.extract(EXTRACT));
    expect(await engine.analyze(ANALYSIS)).toEqual(await builtin.analyze(ANALYSIS));
    expect(fake.requests).toHaveLength(2);
    expect(warnings.map((w) => [w.obj.operation, w.obj.reason])).toEqual([
      ['extract', reason],
      ['analyze', reason],
    ]);
    expect(warnings[0]?.msg).toContain(reason);
  });

  it.each<[Failure, string]>([
    ['status500', 'status 500'],
    ['slow', 'timeout'],
  ])('%s before the first word of a reply: the whole built-in reply', async (failure, reason) => {
    fake.failure = failure;
    expect((await joined(engine.chatReply(TURN))).join('')).toBe((await joined(builtin.chatReply(TURN))).join(''));
    expect(warnings.map((w) => [w.obj.operation, w.obj.reason])).toEqual([['chatReply', reason]]);
  });

  // Issue 32: half a reply is never the reply; the built-in engine adds the question and the markers it lacks.
  it('a stream that drops midway is completed with the question and its markers', async () => {
    fake.failure = 'streamBreak';
    const pieces = await joined(engine.chatReply(TURN));
    const whole = (await joined(builtin.chatReply(TURN))).join('');
    expect(pieces).toHaveLength(2);
    expect(whole.startsWith(pieces[0] ?? '-')).toBe(true);
    expect(pieces[1]).toBe('\n¿Cuál es tu correo?\n[INPUT:email:¿Cuál es tu correo?]\nPuedes continuar con el plan de abajo. [CHECKOUT:pro]');
    expect(warnings.map((w) => [w.obj.operation, w.obj.reason])).toEqual([['chatReply', 'stream broken']]);
  });

  it('a stream that stalls is ended after the stall time and completed the same way', async () => {
    const stalling = new OpenAiEngine({ apiKey: 'sk-test', baseUrl: fake.baseURL, model: 'gpt-test', timeoutMs: 5_000, stallMs: 200 }, log);
    fake.failure = 'stall';
    const started = Date.now();
    const pieces = await joined(stalling.chatReply(TURN));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(pieces.join('')).toMatch(/^Hola, soy Sofía[\s\S]*\[INPUT:email:¿Cuál es tu correo\?\][\s\S]*\[CHECKOUT:pro\]$/);
    expect(warnings.map((w) => [w.obj.operation, w.obj.reason])).toEqual([['chatReply', 'stalled']]);
  });

  it("a reply still streaming when the turn's budget runs out is completed at once", async () => {
    fake.failure = 'stall';
    const pieces = await joined(engine.chatReply(TURN, AbortSignal.timeout(150)));
    expect(pieces.join('')).toContain('[INPUT:email:¿Cuál es tu correo?]');
    expect(warnings.map((w) => w.obj.reason)).toEqual(['turn budget']);
  });
});

describe('what the model answers is read leniently and checked strictly (issue 32)', () => {
  it('takes a ```json fence off', async () => {
    fake.failure = 'fenced';
    expect(await engine.extract(EXTRACT)).toEqual(await builtin.extract(EXTRACT));
    expect(warnings).toEqual([]);
  });

  it('drops an impossible date and keeps the rest of the answer', async () => {
    fake.failure = 'badElement';
    const found = await engine.extract(EXTRACT);
    expect(found).toEqual(await builtin.extract(EXTRACT));
    expect(found.dates).toEqual([{ iso: '1990-03-15', text: '15 de marzo de 1990' }]);
    expect(warnings).toEqual([]);
  });

  it("normalises the model's values: a country named in Spanish is stored by its English name", async () => {
    const input = { asked: { field: 'nationality', kind: 'country' as const }, text: 'Soy de España', language: 'es' as const, today: '2026-05-10' };
    expect(await engine.read(input)).toMatchObject({ outcome: 'value', value: 'Spain' });
    const body = JSON.parse(fake.requests[0]?.body.messages[1]?.content ?? '{}');
    expect(body).toEqual(input);
    expect(warnings).toEqual([]);
  });

  it('sets aside a value its quote does not say, and the rules answer', async () => {
    fake.failure = 'wrong';
    const input = { asked: { field: 'nationality', kind: 'country' as const }, text: 'Soy de España', language: 'es' as const, today: '2026-05-10' };
    expect(await engine.read(input)).toMatchObject({ outcome: 'value', value: 'Spain' });
    expect(warnings.map((w) => w.obj.reason)).toEqual(['ungrounded']);
  });
});

describe('createEngine', () => {
  it('picks the built-in engine without a key', () => {
    expect(createEngine({ apiKey: undefined, baseUrl: fake.baseURL, model: 'gpt-4o-mini' }, log).name).toBe('builtin');
    expect(createEngine(loadConfig({}).openai, log)).toBeInstanceOf(BuiltinEngine);
  });

  it('picks OpenAI with one', () => {
    const picked = createEngine({ apiKey: 'sk-test', baseUrl: fake.baseURL, model: 'gpt-4o-mini' }, log);
    expect(picked).toBeInstanceOf(OpenAiEngine);
    expect(picked.name).toBe('openai');
  });
});
