import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuiltinEngine, type AiEngine } from '../../server/services/ai/engine';
import { OpenAiEngine } from '../../server/services/ai/openai';
import {
  AnalysisSchema,
  ChatReplySchema,
  CompletenessSchema,
  ExtractedSchema,
  NextQuestionSchema,
  type ChatReplyInput,
} from '../../server/services/ai/schemas';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';

// Issue 13: the built-in engine and the OpenAI engine answer the same five operations with the same shapes. The
// OpenAI engine runs through the SDK against a local fake model; a fallback to the built-in engine would make this
// suite pass for the wrong reason, so any warning it logs fails the test.

interface Started {
  engine: AiEngine;
  /** What the engine logged: a warning means it fell back to the built-in engine. */
  warnings: unknown[];
  close(): Promise<void>;
}

const engines: [string, () => Promise<Started>][] = [
  ['builtin', async () => ({ engine: new BuiltinEngine(), warnings: [], close: async () => {} })],
  [
    'openai through the fake server',
    async () => {
      const fake: FakeOpenAi = await startFakeOpenAi();
      const warnings: unknown[] = [];
      const engine = new OpenAiEngine({ apiKey: 'sk-contract', baseUrl: fake.baseURL, model: 'gpt-4o-mini' }, { warn: (obj) => warnings.push(obj) });
      return { engine, warnings, close: () => fake.close() };
    },
  ],
];

const joined = async (reply: AsyncIterable<string>) => {
  let text = '';
  for await (const piece of reply) text += piece;
  return text;
};

const turn = (extra: Partial<ChatReplyInput>): ChatReplyInput => ({
  assistantName: 'Sofía',
  language: 'es',
  messages: [{ role: 'user', content: 'Hola, quiero solicitar una visa' }],
  understood: [],
  ...extra,
});

describe.each(engines)('the %s engine', (_name, start) => {
  let started: Started;
  let engine: AiEngine;
  beforeAll(async () => {
    started = await start();
    engine = started.engine;
  });
  afterAll(() => started.close());
  afterEach(() => expect(started.warnings).toEqual([]));

  describe('extract', () => {
    it.each([
      ['soy mexicana, nací el 15 de marzo de 1990', 'es', { nationality: 'Mexico', dates: [{ iso: '1990-03-15', text: '15 de marzo de 1990' }] }],
      ["I'm from Spain, travelling for business", 'en', { nationality: 'Spain', purpose: 'business' }],
      ['me llamo Ana Pérez, mi pasaporte es G12345678', 'es', { firstName: 'Ana', lastName: 'Pérez', passportNumber: 'G12345678' }],
      ['my email is john.smith@example.co.uk, born March 15, 1990', 'en', { email: 'john.smith@example.co.uk', dates: [{ iso: '1990-03-15', text: 'March 15, 1990' }] }],
    ] as const)('reads "%s" (%s)', async (text, language, expected) => {
      const got = await engine.extract({ text, language });
      expect(Value.Check(ExtractedSchema, got)).toBe(true);
      expect(got).toMatchObject(expected);
    });

    it('finds nothing where nothing is said', async () => {
      expect(await engine.extract({ text: 'hola, ¿qué tal?', language: 'es' })).toEqual({ dates: [], countries: [] });
    });
  });

  describe('nextQuestion', () => {
    it('asks the first unanswered question and counts progress', async () => {
      const first = await engine.nextQuestion({ type: 'ds160', answers: {}, language: 'es' });
      expect(Value.Check(NextQuestionSchema, first)).toBe(true);
      expect(first).toMatchObject({ done: false, question: { id: 'first-name' }, progress: { answered: 0, total: 25 } });
      const third = await engine.nextQuestion({ type: 'ds160', answers: { 'first-name': 'Ana', 'last-name': 'Souza' }, language: 'en' });
      expect(third).toMatchObject({ done: false, question: { id: 'gender' }, progress: { answered: 2, total: 25 } });
    });
  });

  describe('chatReply', () => {
    it('asks for the e-mail with its inline widget, in pieces', async () => {
      const pieces: string[] = [];
      const ask = { field: 'email', label: '¿Cuál es tu correo electrónico?', input: 'email' } as const;
      for await (const piece of engine.chatReply(turn({ understood: ['nombre: Ana'], ask }))) pieces.push(piece);
      const text = pieces.join('');
      expect(pieces.length).toBeGreaterThan(1);
      expect(Value.Check(ChatReplySchema, { content: text })).toBe(true);
      expect(text).toContain('[INPUT:email:¿Cuál es tu correo electrónico?]');
      expect(text).not.toContain('[CHECKOUT:');
    });

    it('offers the plan it is told to', async () => {
      const text = await joined(engine.chatReply(turn({ offer: 'pro' })));
      expect(text).toContain('[CHECKOUT:pro]');
      expect(text).not.toContain('[INPUT:');
    });
  });

  describe('completeness', () => {
    it('names the missing fields of a section', async () => {
      const got = await engine.completeness({ section: 'contact', fields: [], data: { email: 'ana@example.com', phone: ' ' } });
      expect(Value.Check(CompletenessSchema, got)).toBe(true);
      expect(got).toEqual({ section: 'contact', filled: 1, total: 4, missing: ['phone', 'address', 'city'], complete: false });
    });
  });

  describe('analyze', () => {
    const trip = { firstName: 'Ana', lastName: 'Pérez', arrivalDate: '2030-07-10', departureDate: '2030-07-01' };

    it('refuses a departure before the arrival', async () => {
      const got = await engine.analyze({ formType: 'ESTA', language: 'es', data: trip });
      expect(Value.Check(AnalysisSchema, got)).toBe(true);
      expect(got.errors).toContainEqual(expect.objectContaining({ field: 'departureDate', code: 'date-order' }));
    });

    it('warns that a Spaniard may not need a DS-160', async () => {
      const got = await engine.analyze({ formType: 'DS-160', language: 'en', data: { ...trip, departureDate: '2030-07-20', nationality: 'Spain' } });
      expect(Value.Check(AnalysisSchema, got)).toBe(true);
      expect(got.warnings).toContainEqual(expect.objectContaining({ field: 'nationality', code: 'waiver-nationality' }));
      expect(got.errors.map((e) => e.code)).not.toContain('date-order');
    });
  });
});
