import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../machines/domain/validators';
import { OpenAiEngine } from '../../server/services/ai/openai';
import { isSure } from '../../server/services/ai/reading/types';
import { askedFor, CASES, judge, shares, TODAY, type Case, type Verdict } from '../fixtures/readings/table';
import { startFakeOpenAi, type Failure, type FakeOpenAi } from '../helpers/fakeOpenAi';

// Issue 32: the same tables read on the OpenAI engine, through the real SDK and a local OpenAI-compatible server
// that answers as a model writes (countries in the conversation's language, options by their labels, e-mails as
// typed), so what is stored is the engine's normalisers' and grounding's work. Then the same model answering
// with fences, wrongly, or too slowly: the answers stored stay right, and the time budget holds.

let fake: FakeOpenAi;
let warnings: Array<{ reason: unknown; operation: unknown }>;
let engine: OpenAiEngine;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  engine = new OpenAiEngine({ apiKey: 'sk-table', baseUrl: fake.baseURL, model: 'gpt-table', timeoutMs: 2_000 }, { warn: (obj) => warnings.push(obj as never) });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.failure = undefined;
  warnings = [];
});

async function readAll(cases: Case[], signal?: () => AbortSignal) {
  const out: Array<{ c: Case; verdict: Verdict; detail: string }> = [];
  // A few at a time: the fake server and the SDK on two cores.
  for (let i = 0; i < cases.length; i += 16) {
    const batch = await Promise.all(
      cases.slice(i, i + 16).map(async (c) => {
        const reading = await engine.read({ asked: askedFor(c), text: c.text, language: c.language, today: toIsoDate(TODAY) }, signal?.());
        const stored = isSure(reading) ? reading.value : undefined;
        const offered = reading.outcome === 'value' && stored === undefined ? reading : undefined;
        const outcome = offered?.alternatives?.length ? { choices: [offered.value, ...offered.alternatives] } : { ...(stored !== undefined ? { stored } : {}), ...(offered ? { proposal: offered.value } : {}) };
        return { c, verdict: judge(c, outcome), detail: JSON.stringify(reading) };
      }),
    );
    out.push(...batch);
  }
  return out;
}

describe('the reading of answers, OpenAI engine through the SDK', () => {
  it('reads the tables as the built-in engine does, from the model\'s answers, and prints the shares', async () => {
    const results = await readAll(CASES);
    const { text, byLanguage, wrong } = shares(results);
    console.log(`Answers read right, OpenAI engine (${results.length} answers):\n${text}`);
    const misses = results.filter((r) => r.verdict !== 'right').map((r) => `${r.verdict} ${r.c.language} ${r.c.field} "${r.c.text}" → ${r.detail}`);
    if (misses.length) console.log(misses.join('\n'));
    expect(wrong).toBe(0);
    for (const language of ['en', 'es', 'fr', 'pt']) expect(byLanguage[language]).toBeGreaterThanOrEqual(90);
    // The model's readings were used, not the built-in fallback: few were set aside as ungrounded.
    expect(fake.requests.filter((r) => r.body.response_format?.json_schema?.name === 'read').length).toBeGreaterThanOrEqual(CASES.length);
    expect(warnings.length).toBeLessThan(CASES.length * 0.1);
  }, 120_000);

  it.each<Failure>(['fenced', 'wrong'])('stores no wrong value when the model answers %s', async (failure) => {
    const sample = CASES.filter((_, i) => i % 4 === 0);
    const plain = await readAll(sample);
    const setAside = warnings.length;
    warnings = [];
    fake.failure = failure;
    const results = await readAll(sample);
    expect(results.filter((r) => r.verdict === 'wrong').map((r) => `${r.c.language} ${r.c.field} "${r.c.text}" → ${r.detail}`)).toEqual([]);
    // A fence costs nothing; wrong values are set aside (and the rules answer) wherever the model gave one.
    if (failure === 'fenced') expect({ results: results.map((r) => r.detail), warnings: warnings.length }).toEqual({ results: plain.map((r) => r.detail), warnings: setAside });
    else expect(warnings.length).toBeGreaterThan(sample.filter((c) => 'store' in c.expect).length * 0.8);
  }, 60_000);

  it('answers with the built-in reading when the model is slower than the turn allows', async () => {
    fake.failure = 'slow';
    fake.slowMs = 5_000;
    const started = Date.now();
    const results = await readAll(CASES.filter((_, i) => i % 40 === 0), () => AbortSignal.timeout(300));
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(results.filter((r) => r.verdict === 'wrong')).toEqual([]);
    expect(warnings.every((w) => w.reason === 'timeout')).toBe(true);
  }, 30_000);
});
