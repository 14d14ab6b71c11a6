import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberAt } from '../../server/services/ai/reading/numberWords';
import { mergeAnswers } from '../../server/services/leads/service';
import { productFromWord } from '../../server/services/orders/products';
import { groundedFacts } from '../../server/services/premium/facts/index';
import { readable } from '../../server/services/premium/shape';
import { functionsOf, inheritedKey, INHERITED, judgeEveryFunction } from '../helpers/inheritedNames';

// The readers of what applicants type (the chats' readings, the built-in model, the premium interview's facts) look
// words up in tables of months, numbers, labels and forms: a message saying "constructor" or "valueOf" must find
// nothing there. Every exported function of those rooms, given inherited names alone and in sentences.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../server/services/ai/reading/*.ts', '../../server/services/ai/builtin/*.ts', '../../server/services/premium/facts/*.ts', '../../server/services/premium/rules/*.ts', '../../server/services/premium/{numbers,shape,say,rates,evaluate,analysis}.ts', '../../server/services/orders/products.ts', '../../server/services/leads/{shape,answers}.ts'],
  { eager: true },
);

describe('every exported function of the servers’ readers, given a word every object inherits', () => {
  judgeEveryFunction(functionsOf(modules, '../../server/services/'), 150);
});

// The sites the sweep cannot reach with a bare string: words inside a message's word list, a plan named in a query,
// keys the premium model or a client wrote.
describe('words and keys named like inherited properties, where the servers look them up', () => {
  const folded = (word: string) => word.toLowerCase();

  it('reads no number from an inherited word, alone or joined to a number word', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INHERITED), (name) => {
        expect(numberAt([folded(name)], 0)).toBeUndefined();
        expect(numberAt([`two-${folded(name)}`], 0)).toBeUndefined();
        expect(numberAt([name, 'days'], 0)).toBeUndefined();
      }),
    );
  });

  it('names no product for a plan called like an inherited property', () => {
    fc.assert(fc.property(inheritedKey, (word) => {
      expect(productFromWord(word)).toBeNull();
    }));
  });

  it('keeps legal forms and names as written when a word is called like an inherited property', () => {
    fc.assert(fc.property(inheritedKey, (word) => {
      expect(readable(word)).not.toMatch(/native code/);
    }));
  });

  it('merges answers keyed like inherited properties as the answers’ own keys', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INHERITED), fc.constantFrom(...INHERITED), (a, b) => {
        const merged = mergeAnswers(JSON.parse(`{"${a}": {"x": "1"}}`), JSON.parse(`{"${a}": {"y": "2"}, "${b}": "3"}`));
        expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
        expect(JSON.parse(JSON.stringify(merged))).toEqual(JSON.parse(a === b ? `{"${a}": "3"}` : `{"${a}": {"x": "1", "y": "2"}, "${b}": "3"}`));
      }),
    );
  });

  it('keeps no fact the model wrote under a key named like an inherited property', () => {
    const text = 'My name is Maria Lopez and I work as a nurse.';
    fc.assert(
      fc.property(fc.constantFrom(...INHERITED), (name) => {
        const facts = groundedFacts(JSON.parse(`{"${name}": {"source": "Maria Lopez", "value": "x"}}`), text);
        expect(Object.getPrototypeOf(facts)).toBe(Object.prototype);
        expect(Object.keys(facts)).toEqual([]);
      }),
    );
  });
});
