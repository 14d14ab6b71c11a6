import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../machines/domain/countryList';
import { DEMONYMS } from '../../server/services/ai/builtin/demonyms';

const LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;

/** As the matcher compares words: lower case, accents dropped. */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('the nationality words', () => {
  it('has an entry for every country and no other', () => {
    const codes = COUNTRIES.map((c) => c.code).sort();
    expect(Object.keys(DEMONYMS).sort()).toEqual(codes);
  });

  it('lists words that are non-empty, lower case, trimmed, at least 4 letters long and not repeated', () => {
    const problems: string[] = [];
    for (const [code, words] of Object.entries(DEMONYMS)) {
      for (const language of LANGUAGES) {
        const list = words[language];
        if (list.length === 0) problems.push(`${code}.${language} is empty`);
        if (new Set(list).size !== list.length) problems.push(`${code}.${language} repeats a word`);
        for (const word of list) {
          if (word !== word.toLowerCase()) problems.push(`${code}.${language} '${word}' is not lower case`);
          if (word !== word.trim()) problems.push(`${code}.${language} '${word}' is not trimmed`);
          if (word.trim().length < 4) problems.push(`${code}.${language} '${word}' is shorter than 4 characters`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('knows the common ones', () => {
    expect(DEMONYMS.MX?.es).toContain('mexicana');
    expect(DEMONYMS.FR?.fr).toContain('français');
    expect(DEMONYMS.FR?.fr).toContain('française');
    expect(DEMONYMS.BR?.pt).toContain('brasileira');
    expect(DEMONYMS.ES?.es).toContain('española');
    expect(DEMONYMS.US?.en).toContain('american');
    expect(DEMONYMS.DE?.fr).toContain('allemande');
    expect(DEMONYMS.CO?.es).toContain('colombiano');
    expect(DEMONYMS.PT?.pt).toContain('portuguesa');
  });

  it('never gives one word to two countries in the same language', () => {
    const collisions: string[] = [];
    for (const language of LANGUAGES) {
      const owner = new Map<string, string>();
      for (const [code, words] of Object.entries(DEMONYMS)) {
        for (const word of words[language]) {
          const key = fold(word);
          const other = owner.get(key);
          if (other && other !== code) collisions.push(`${language} '${word}': ${other} and ${code}`);
          else owner.set(key, code);
        }
      }
    }
    expect(collisions, `words shared by two countries:\n${collisions.join('\n')}`).toEqual([]);
  });
});
