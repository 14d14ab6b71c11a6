import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { step } from '../../server/services/ai/chats/conversation';
import { OpenAiEngine, type WarnLog } from '../../server/services/ai/openai';
import type { ModelReading } from '../../server/services/ai/reading/ground';
import type { ReadInput } from '../../server/services/ai/schemas';
import { FIELDS, TODAY } from '../fixtures/readings/table';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';

// Issue 42: the model is a reader, not a judge. Through the real SDK and a local model server that answers as a
// wrong model would: its "off-topic" is checked against the built-in reading of the same words, and a value the
// words do not support is neither stored nor shown back, so the interview always moves on and never keeps it.

let fake: FakeOpenAi;
let warnings: Array<Record<string, unknown>>;
const log: WarnLog = { warn: (obj) => warnings.push(obj as Record<string, unknown>) };
let engine: OpenAiEngine;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  engine = new OpenAiEngine({ apiKey: 'sk-judge', baseUrl: fake.baseURL, model: 'gpt-judge', timeoutMs: 2_000 }, log);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.answers = {};
  warnings = [];
});

/** One turn of the conversation on the OpenAI engine, and what a confirming tap would store. */
async function turn(field: string, text: string, language: 'es' | 'en' | 'fr' | 'pt') {
  const asked = FIELDS[field]!.asked;
  const first = await step({ engine, asked, text, language, today: TODAY, pending: null });
  const tap = first.kind === 'confirm' ? await step({ engine, asked, text: 'Sí', language, today: TODAY, pending: first.pending }) : undefined;
  return { first, stored: first.kind === 'stored' ? first.value : tap?.kind === 'stored' ? tap.value : undefined, offered: first.kind === 'confirm' ? first.pending.value : undefined };
}

describe('a model that judges instead of reading (issue 42)', () => {
  it('is overruled when it calls a clear answer off-topic: the interview moves on with the built-in reading', async () => {
    fake.answers.read = (): ModelReading => ({ kind: 'offTopic' });
    for (const [field, text, language, value] of [
      ['nationality', 'soy mexicana', 'es', 'Mexico'],
      ['first-name', 'je m’appelle Julien', 'fr', 'Julien'],
      ['arrival', 'el 15 de julio', 'es', '2026-07-15'],
      ['eligibility', 'never', 'en', 'No'],
    ] as const) {
      const { first } = await turn(field, text, language);
      expect(first, text).toMatchObject({ kind: 'stored', value });
    }
  });

  it('is believed when it calls off-topic what the rules read nothing sure from', async () => {
    fake.answers.read = (): ModelReading => ({ kind: 'offTopic' });
    const { first } = await turn('nationality', 'hace calor hoy en la playa', 'es');
    expect(first).toMatchObject({ kind: 'again', why: 'offTopic' });
  });

  it('neither stores nor offers a value the words do not say', async () => {
    const cases: Array<[string, string, 'es' | 'en' | 'fr' | 'pt', ModelReading]> = [
      ['marital', 'prefiero no decirlo', 'es', { kind: 'answer', value: 'Domestic Partnership', quote: 'prefiero no decirlo', confidence: 0.9 }],
      ['marital', 'prefiero no decirlo', 'es', { kind: 'unsure', value: 'Unión libre', quote: 'prefiero no decirlo' }],
      ['nationality', 'vengo de la Atlántida', 'es', { kind: 'answer', value: 'Greece', quote: 'Atlántida', confidence: 0.95 }],
      ['first-name', 'me llamo josé luis', 'es', { kind: 'answer', value: 'Jose', quote: 'josé', confidence: 0.95 }],
      ['first-name', 'que site lixo, não funciona nada', 'pt', { kind: 'unsure', value: 'Funciona Nada', quote: 'funciona nada' }],
      ['last-name', 'why do you need that', 'en', { kind: 'answer', value: 'Need', quote: 'need', confidence: 0.9 }],
      ['arrival', 'le 15 ou le 16 avril', 'fr', { kind: 'answer', value: '2027-04-16', quote: '16 avril', confidence: 0.9 }],
      ['us-address', 'staying at my cousins place, 1457 Elm St', 'en', { kind: 'answer', value: '1457 Elm St, Springfield, IL', quote: '1457 Elm St', confidence: 0.9 }],
    ];
    for (const [field, text, language, answer] of cases) {
      fake.answers.read = (input: ReadInput): ModelReading => (input.text === text ? answer : { kind: 'notUnderstood' });
      const { stored, offered } = await turn(field, text, language);
      const said = `${field} "${text}" with the model saying ${JSON.stringify(answer)}`;
      expect(stored === answer.value || offered === answer.value, said).toBe(false);
    }
  });

  it('keeps a value the words support, at the confidence the rules give it', async () => {
    fake.answers.read = (input: ReadInput): ModelReading => ({ kind: 'answer', value: 'Brasil', quote: input.text.split(' ').at(-1) ?? '', confidence: 0.99 });
    const { first } = await turn('nationality', 'sou do Brasil', 'pt');
    expect(first).toMatchObject({ kind: 'stored', value: 'Brazil' });
    expect(warnings).toEqual([]);
  });
});
