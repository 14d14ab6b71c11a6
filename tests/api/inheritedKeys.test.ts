import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INHERITED } from '../helpers/inheritedNames';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';

// The routes that take keys or words of the client's choosing (answers by question or section, the chats' fields,
// a plan named in a query or a body), sent names every object inherits ('__proto__', 'constructor', 'toString'…)
// and random strings: each answers a clear 400 or a correct result, never a 5xx, and Object.prototype is the same
// after as before. The unit sweeps (tests/domain/inheritedNames.test.ts, tests/services/inheritedWords.test.ts)
// judge the functions behind them.

let t: TestApp;
let address = 0;
const before = new Map(Object.getOwnPropertyNames(Object.prototype).map((k) => [k, Object.getOwnPropertyDescriptor(Object.prototype, k)?.value]));

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000, chatPerAddressPerMinute: 100_000, newSessionsPerAddressPerHour: 100_000 });
});
afterAll(async () => {
  await t.close();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual([...before.keys()].sort());
  for (const [k, v] of before) expect(Object.getOwnPropertyDescriptor(Object.prototype, k)?.value, k).toBe(v);
});

/** Each request from its own address: the routes' own per-address limits are not what is judged here. */
const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, cookie?: string) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.9.${Math.floor(++address / 250) % 250}.${address % 250}`,
    ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } }),
    ...(body === undefined && cookie ? { headers: { cookie } } : {}),
  });

/** An object whose own key is `key`, whatever it is (a computed '__proto__' is an own key, and JSON writes it). */
const withKey = (key: string, value: unknown): Record<string, unknown> => ({ [key]: value });

const keyArb = fc.oneof(fc.constantFrom(...INHERITED), fc.string({ maxLength: 20 }), fc.constantFrom(...INHERITED).map((k) => k.toUpperCase()));
/** Every inherited name every run, then random keys. */
const keys = (runs: number) => [...INHERITED, ...fc.sample(keyArb, runs)];

const clear = (status: number) => status < 300 || status === 400 || status === 404;

describe('answers keyed by names every object inherits', () => {
  const SOURCES = ['apply-wizard', 'esta-wizard', 'wizard', 'ds160-wizard', 'aivisa', 'ai-chat', 'ai-chat-sections'];

  it('are refused with a 400 naming the key, or kept as the answers’ own; never a 5xx', async () => {
    for (const source of SOURCES) {
      const created = await send('POST', '/api/leads', { email: 'maria.lopez@example.com', formType: source === 'esta-wizard' ? 'ESTA' : 'DS-160', source });
      // The pre-assessment takes a lead only with its answers: its keys are judged on creation alone.
      const leadId = created.statusCode < 300 ? (created.json() as { id: string }).id : null;
      const cookie = sessionCookie(created);
      for (const key of keys(3)) {
        // As JSON and as a JSON string (the ESTA fallback), which the server parses itself: Fastify's own refusal of
        // a body's '__proto__' does not reach inside it.
        const polluting = withKey(key, { polluted: 'yes' });
        for (const body of [withKey(key, 'x'), withKey('personal-info', withKey(key, 'x')), polluting, JSON.stringify(polluting)]) {
          const post = await send('POST', '/api/leads', { email: 'maria.lopez@example.com', source, formData: body });
          expect(clear(post.statusCode), `POST ${source} ${JSON.stringify(body)}: ${post.statusCode} ${post.body}`).toBe(true);
          if (!leadId) continue;
          const patch = await send('PATCH', `/api/leads/${leadId}/update`, { formData: body }, cookie);
          expect(clear(patch.statusCode), `PATCH ${source} ${JSON.stringify(body)}: ${patch.statusCode} ${patch.body}`).toBe(true);
          if (patch.statusCode === 400) expect(patch.json().message).toMatch(/formData|body/);
        }
      }
      if (leadId) expect((await send('GET', `/api/leads/${leadId}`, undefined, cookie)).statusCode).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('in the intelligent chat’s form progress are read as no field; never a 5xx', async () => {
    const progress = (section: string, key: string) => ({
      personalInfo: {}, contactInfo: {}, passportInfo: {}, travelInfo: {}, employmentInfo: {},
      [section]: withKey(key, 'x'),
      completedSections: [], currentSection: 'personal', totalProgress: 0,
    });
    for (const key of keys(4)) {
      for (const section of ['personalInfo', 'travelInfo']) {
        const formProgress = progress(section, key);
        const chat = await send('POST', '/api/openai/intelligent-chat', { message: key, context: { formProgress, purpose: key.slice(0, 40), country: key }, language: 'en', messageHistory: [] });
        expect(clear(chat.statusCode), `chat ${JSON.stringify(key)}: ${chat.statusCode} ${chat.body}`).toBe(true);
        const analysis = await send('POST', '/api/openai/response-analysis', { userResponse: key || 'x', currentSection: 'personal', formProgress, language: 'en' });
        expect(clear(analysis.statusCode), `analysis ${JSON.stringify(key)}: ${analysis.statusCode} ${analysis.body}`).toBe(true);
        if (analysis.statusCode === 200) expect(analysis.body).not.toMatch(/native code|\[object Object\]/);
        const analyze = await send('POST', '/api/openai/analyze-form', { formData: formProgress, language: 'en' });
        expect(clear(analyze.statusCode), `analyze ${JSON.stringify(key)}: ${analyze.statusCode} ${analyze.body}`).toBe(true);
      }
    }
  });
});

describe('a plan named like an inherited property', () => {
  it('is no plan: the quote offers the server’s choice, a purchase is refused with a 400, never a 5xx', async () => {
    // A random word may be a real plan ('pro' was drawn in CI, and bought, rightly): only the others are judged.
    const PLANS = ['basic', 'pro', 'premium'];
    for (const word of keys(6).filter((w) => !PLANS.includes(w.slice(0, 40)))) {
      const quote = await send('GET', `/api/checkout/quote?plan=${encodeURIComponent(word.slice(0, 40))}`);
      expect(clear(quote.statusCode), `quote ${JSON.stringify(word)}: ${quote.statusCode} ${quote.body}`).toBe(true);
      if (quote.statusCode === 200) expect(quote.body).not.toMatch(/native code|\[object Object\]/);
      const purchase = await send('POST', '/api/packages/purchase', { planId: word.slice(0, 40) });
      expect(purchase.statusCode, `purchase ${JSON.stringify(word)}: ${purchase.body}`).toBe(400);
    }
  });
});
