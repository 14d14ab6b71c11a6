import { describe, expect, it } from 'vitest';
import { BuiltinEngine, type AiEngine } from '../../server/services/ai/engine';
import fc from 'fast-check';
import { askerConsented, CONSENT_CODES, consentGated, consentRequired, type ConsentFeature, withAsker } from '../../server/services/rights/consent';
import { flatRows } from '../../server/services/rights/pdf';

// Issue 44: no word reaches a third-party engine from a session that has not accepted the chats' notice.

/** An engine that records every call it is given, standing in for OpenAI. */
function recordingEngine(calls: string[]): AiEngine {
  const local = new BuiltinEngine();
  return {
    name: 'openai',
    turnMs: 1000,
    read: async (input) => (calls.push('read'), local.read(input)),
    extract: async (input) => (calls.push('extract'), local.extract(input)),
    nextQuestion: async (input) => (calls.push('nextQuestion'), local.nextQuestion(input)),
    async *chatReply(input) {
      calls.push('chatReply');
      yield* local.chatReply(input);
    },
    completeness: async (input) => (calls.push('completeness'), local.completeness(input)),
    analyze: async (input) => (calls.push('analyze'), local.analyze(input)),
  };
}

const inRequest = <T>(consented: boolean, work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => withAsker(async () => consented, () => void work().then(resolve, reject)));

describe('consentGated', () => {
  it('sends nothing to the third party without consent, in a request or outside one', async () => {
    const calls: string[] = [];
    const engine = consentGated(recordingEngine(calls), new BuiltinEngine());
    await inRequest(false, () => engine.extract({ text: 'I travel on 3 May', language: 'en' }));
    await engine.extract({ text: 'I travel on 3 May', language: 'en' });
    expect(calls).toEqual([]);
    expect(await askerConsented()).toBe(false);
  });

  it('uses the third party for a session that consented, asking the database once a request', async () => {
    const calls: string[] = [];
    let asked = 0;
    const engine = consentGated(recordingEngine(calls), new BuiltinEngine());
    await new Promise<void>((resolve) =>
      withAsker(
        async () => (asked++, true),
        () =>
          void (async () => {
            await engine.extract({ text: 'hola', language: 'es' });
            for await (const _ of engine.chatReply({ assistantName: 'Sofía', language: 'es', messages: [{ role: 'user', content: 'hola' }], understood: [] } as never)) void _;
            resolve();
          })(),
      ),
    );
    expect(calls).toEqual(['extract', 'chatReply']);
    expect(asked).toBe(1);
  });

  it('leaves the built-in engine as it is', () => {
    const builtin = new BuiltinEngine();
    expect(consentGated(builtin, new BuiltinEngine())).toBe(builtin);
  });
});

describe('flatRows (the PDF of my data)', () => {
  it('prints nested answers as paths, skipping empty ones', () => {
    expect(flatRows({ a: { b: 'x', c: '' }, list: ['p', { q: 1 }] })).toEqual([
      { label: 'a › b', value: 'x' },
      { label: 'list 1', value: 'p' },
      { label: 'list 2 › q', value: '1' },
    ]);
  });
});

describe('consentRequired (the premium interview and the voice routes)', () => {
  it('refuses with the code naming the missing consent exactly when a third party is configured and that one is not given', async () => {
    const features = Object.keys(CONSENT_CODES) as ConsentFeature[];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...features), fc.boolean(), fc.subarray(features), async (feature, thirdParty, given) => {
        const asked: ConsentFeature[] = [];
        const hook = consentRequired(feature, thirdParty, async (_: unknown, f) => (asked.push(f), given.includes(f)));
        const outcome = await hook({}).then(() => null, (e: { statusCode: number; code: string }) => e);
        if (thirdParty && !given.includes(feature)) expect(outcome).toMatchObject({ statusCode: 403, code: CONSENT_CODES[feature] });
        else expect(outcome).toBeNull();
        expect(asked).toEqual(thirdParty ? [feature] : []);
      }),
    );
  });
});
