import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { step } from '../../server/services/ai/chats/conversation';
import type { Language } from '../../server/services/ai/builtin/text';
import { BuiltinEngine } from '../../server/services/ai/engine';
import { FIELDS, TODAY } from '../fixtures/readings/table';

// A class: where a question's answer may be a value of its own ("Self" for who pays the trip), saying it in one's
// words ("moi-même", "yo mismo", "eu mesma") stores that value. The rule that a name is made of the words typed
// (issue 42) refused every one of them in the chat, which then asked the same question again.

const SELF: Record<Language, string[]> = {
  en: ['myself', 'me', 'I pay', 'self', 'Myself.'],
  es: ['yo mismo', 'yo misma', 'yo', 'pago yo', 'por mi cuenta'],
  fr: ['moi-même', 'moi même', 'moi', 'je paie', "c'est moi"],
  pt: ['eu mesmo', 'eu mesma', 'eu', 'eu pago'],
};
const engine = new BuiltinEngine();
const payer = { ...FIELDS['first-name']!.asked, field: 'trip-payer-name' };

describe('a value of the question\'s own, said in the applicant\'s words', () => {
  it('is stored at once in the chat, in every language', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Language>('en', 'es', 'fr', 'pt'), fc.nat(), async (language, i) => {
        const text = SELF[language][i % SELF[language].length]!;
        const turn = await step({ engine, asked: payer, text, language, today: TODAY, pending: null });
        expect(turn.kind === 'stored' ? turn.value : turn.kind, `${language}: ${text}`).toBe('Self');
      }),
      { numRuns: 60 },
    );
  });

});
