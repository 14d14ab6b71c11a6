import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { askedOfQuestion } from '../../server/services/ai/reading/asked';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Reading } from '../../server/services/ai/reading/types';
import { getCatalog } from '../../machines/domain/catalogs/index';

// Issue 42, item 1 (yes/no answers stored where the reader should ask): a "no" someone else said is the story of a
// refusal, never the applicant's No; an answer that asks the assistant whether it counts is shown back and asked.

const LANGUAGES: Language[] = ['en', 'es', 'fr', 'pt'];
const esta = (id: string) => askedOfQuestion(getCatalog('esta').questions.find((q) => q.id === id)!);
const QUESTIONS = [esta('visa-denial'), esta('criminal-conviction'), esta('overstay-violation')];
const read = (id: number, text: string, language: Language): Reading => readAnswer(QUESTIONS[id % QUESTIONS.length]!, text, { language, today: new Date('2026-11-29T12:00:00Z') });
const stored = (r: Reading) => (isSure(r) ? r.value : undefined);

const SAID_NO: Record<Language, string[]> = {
  en: ['they said no', 'the consul said no', 'they told me no', 'he said no'],
  es: ['me dijeron que no', 'dijeron que no', 'el cónsul me dijo que no'],
  fr: ["ils m'ont dit non", 'on m’a dit non', 'le consul a dit non'],
  pt: ['disseram que não', 'me disseram que não', 'o cônsul disse que não'],
};
const WHEN: Record<Language, string[]> = { en: ['', ' in 2019', ' at lagos', ' in 2019 at the embassy'], es: ['', ' en 2019', ' en bogotá'], fr: ['', ' en 2019', ' à Dakar'], pt: ['', ' em 2019', ' em São Paulo'] };
const EVENT: Record<Language, string[]> = { en: ['a parking ticket once', 'a speeding fine', 'i got a fine in 2015'], es: ['una multa de tráfico una vez', 'una multa hace años'], fr: ['une amende une fois', 'un excès de vitesse'], pt: ['uma multa uma vez', 'uma multa de trânsito'] };
const ASK: Record<Language, string[]> = { en: [' does that count', ', does it count', ' is that a problem', ' should i put it'], es: [' eso cuenta', ', cuenta eso', ' tengo que ponerlo'], fr: [', ça compte', ' est-ce que ça compte'], pt: [', isso conta', ' tenho que colocar'] };
const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

describe('yes/no answers told as a sentence', () => {
  it('never stores No for a no someone else said', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), fc.nat(), (language, i, j, q) => {
        const text = `${pick(SAID_NO[language], i)}${pick(WHEN[language], j)}`;
        expect(stored(read(q, text, language)), text).not.toBe('No');
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('stores nothing from an answer that asks whether it counts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.nat(), fc.nat(), fc.nat(), (language, i, j, q) => {
        const text = `${pick(EVENT[language], i)}${pick(ASK[language], j)}`;
        expect(stored(read(q, text, language)), text).toBeUndefined();
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('still stores a plain no and a plain yes', () => {
    for (const [language, text, v] of [['en', 'no', 'No'], ['en', 'never', 'No'], ['es', 'no, nunca', 'No'], ['fr', 'non jamais', 'No'], ['pt', 'sim', 'Yes'], ['en', 'yes once', 'Yes'], ['es', 'nunca me han dicho que no', 'No']] as const)
      expect(stored(read(0, text, language)), text).toBe(v);
  });
});
