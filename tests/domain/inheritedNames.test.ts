import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { humanise, purposeKey } from '../../machines/domain/answers';
import { ds160Handoff } from '../../machines/domain/chatHandoff';
import { emptyRow } from '../../machines/domain/ds160Sections';
import { keptWizard } from '../../machines/domain/keptForms';
import { asFormData } from '../../machines/domain/sharedAnswers';
import { functionsOf, inheritedKey, INHERITED, judgeEveryFunction } from '../helpers/inheritedNames';

// Every exported function of machines/domain, given names every object inherits ('__proto__', 'constructor'…) and
// random strings in each argument place (tests/helpers/inheritedNames.ts says how it judges).
const modules = import.meta.glob<Record<string, unknown>>('../../machines/domain/**/*.ts', { eager: true });

describe('every exported function of machines/domain, given a name every object inherits', () => {
  judgeEveryFunction(functionsOf(modules, '../../machines/domain/'), 250);
});

// What the sweep above cannot reach: keys inside objects (stored answers, kept storage, group paths) rather than
// string arguments.
describe('answers and storage whose keys are names every object inherits', () => {
  it('reads kept wizard progress with an inherited key as if the key were absent, without throwing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INHERITED), (name) => {
        const kept = (_area: string, _key: string) => `{"${name}": {"a": "b"}, "answers": {"q": "a"}}`;
        expect(keptWizard(kept, 'ds160')).toEqual({ answers: { q: 'a' } });
      }),
    );
  });

  it('reads an inherited name as no purpose, no visa rule and no chat value', () => {
    fc.assert(
      fc.property(inheritedKey, (word) => {
        expect(purposeKey(word)).toBeNull();
        expect(humanise(word)).not.toMatch(/native code/);
        expect(ds160Handoff({ maritalStatus: word, purpose: word })).toEqual({});
        expect(emptyRow(word as never)).toEqual({});
      }),
    );
  });

  it('writes group paths named like inherited properties as the form data’s own sections, never into Object.prototype', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INHERITED), fc.constantFrom(...INHERITED, 'firstName'), (section, field) => {
        const data = asFormData('DS-160', { [`${section}.${field}`]: 'v' });
        expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
        expect(Object.hasOwn(data, section)).toBe(true);
        expect(({} as Record<string, unknown>)[field] === 'v').toBe(false);
      }),
    );
  });
});
