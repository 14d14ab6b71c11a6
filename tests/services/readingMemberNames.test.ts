import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extract } from '../../server/services/ai/builtin/extract';
import { fold, type Language } from '../../server/services/ai/builtin/text';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Reading } from '../../server/services/ai/reading/types';
import { FIELDS, TODAY } from '../fixtures/readings/table';
import { INHERITED, inheritedKey } from '../helpers/inheritedNames';

// Issue 42: a name is read as words a person has. A member every object carries ("toString", "constructor",
// "hasOwnProperty"), in any casing, alone or after a naming phrase, is never stored or offered as a first or last
// name, by the chat's reader or by the response-analysis extract.

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const read = (field: string, text: string, language: Language): Reading => readAnswer(FIELDS[field]!.asked, text, { language, today: TODAY });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);

/** Inherited member names as a person might type them where a name is asked, alone or after a naming phrase. */
const NAMING: Record<Language, string[]> = {
  en: ['', 'my name is ', "it's ", 'my first name is ', 'my last name is '],
  es: ['', 'me llamo ', 'mi nombre es ', 'soy ', 'mi apellido es '],
  fr: ['', "je m'appelle ", "c'est ", 'mon prénom est ', 'mon nom est '],
  pt: ['', 'meu nome é ', 'me chamo ', 'sou o ', 'meu sobrenome é '],
};
const members = new Set(INHERITED.map((n) => n.toLowerCase()));
const holdsMember = (value: string) => value.split(/[\s-]+/).some((w) => members.has(fold(w).toLowerCase()));

describe('a name is read as words a person has, never as an object member (issue 42)', () => {
  it('no reader of names stores or offers an inherited name ("toString", "constructor") as a name', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), inheritedKey, fc.constantFrom('first-name', 'last-name'), (language, i, key, field) => {
        const text = `${NAMING[language][i % NAMING[language].length]}${key}`;
        const r = read(field, text, language);
        if (r.outcome === 'value') for (const v of [r.value, ...(r.alternatives ?? []), ...Object.values(r.also ?? {})]) expect(holdsMember(v), `${field}: ${text} → ${v}`).toBe(false);
        const found = extract({ text, language }, TODAY);
        for (const v of [found.firstName, found.lastName]) if (v) expect(holdsMember(v), `extract: ${text} → ${v}`).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('the names found by the issue are read as nothing, and real names with capitals inside stay names', () => {
    expect(read('first-name', 'toString', 'en').outcome).toBe('notUnderstood');
    expect(read('first-name', 'me llamo toString', 'es').outcome).toBe('notUnderstood');
    expect(extract({ text: 'My name is ToString', language: 'en' }, TODAY).firstName).toBeUndefined();
    expect(extract({ text: 'my name is constructor', language: 'en' }, TODAY).firstName).toBeUndefined();
    for (const name of ['McDonald', 'DeShawn', 'JoAnn', "O'Neil", 'Marie-Claire', 'Constance', 'Valentina']) expect(stored(read('last-name', name, 'en')), name).toBe(name);
  });
});
