import fc from 'fast-check';
import { expect } from 'vitest';
import type { Language } from '../../server/services/ai/builtin/text';
import { askedOfQuestion } from '../../server/services/ai/reading/asked';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure, type Asked, type Reading } from '../../server/services/ai/reading/types';
import { getCatalog } from '../../machines/domain/catalogs/index';

// The reading property tests' one generator (issue 42): an answer is parts joined (a lead-in, what is said, a tail),
// each part a list per language; fast-check picks a language and one entry of each part. A class is a row of a
// table (its question, its parts, what must come of it), so a new class is a row, not a new loop.

export const LANGUAGES: readonly Language[] = ['en', 'es', 'fr', 'pt'];
export type Phrases = Record<Language, readonly string[]>;

export const TODAY = new Date('2026-11-29T12:00:00Z');
export const catalogQuestion = (catalog: 'ds160' | 'esta', id: string): Asked => askedOfQuestion(getCatalog(catalog).questions.find((q) => q.id === id)!);
export const readIn = (asked: Asked, text: string, language: Language): Reading => readAnswer(asked, text, { language, today: TODAY });
/** The value a reading stores without asking, if any. */
export const stored = (r: Reading) => (isSure(r) ? r.value : undefined);
/** Every value a reading shows back or stores. */
export const offered = (r: Reading) => (r.outcome === 'value' ? [r.value, ...(r.alternatives ?? [])] : []);
export const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

/** The same words in every language (names, numbers). */
export const everywhere = (words: readonly string[]): Phrases => ({ en: words, es: words, fr: words, pt: words });

/** An answer made of its parts in one language: `{ language, text }`. */
export function saidIn(parts: readonly Phrases[], languages: readonly Language[] = LANGUAGES): fc.Arbitrary<{ language: Language; text: string }> {
  return fc
    .tuple(fc.constantFrom(...languages), fc.array(fc.nat(), { minLength: parts.length, maxLength: parts.length }))
    .map(([language, at]) => ({ language, text: parts.map((part, i) => pick(part[language], at[i]!)).join('') }));
}

/**
 * What must come of a class's answers: stored as this value, never stored, never stored as this value, or read as
 * this value (stored or shown back; a name as typed before its passport spelling).
 */
export type Outcome = { store: string } | { ask: true } | { not: string } | { read: string };

export interface ReadingClass {
  question: Asked;
  parts: readonly Phrases[];
  outcome: Outcome;
  languages?: readonly Language[];
}

/** Checks one class on generated answers. */
export function checkClass({ question, parts, outcome, languages }: ReadingClass, numRuns = 100): void {
  fc.assert(
    fc.property(saidIn(parts, languages), ({ language, text }) => {
      const reading = readIn(question, text, language);
      const value = stored(reading);
      if ('read' in outcome) expect(reading.outcome === 'value' ? (reading.typed ?? reading.value) : reading.outcome, `${language}: ${text}`).toBe(outcome.read);
      else if ('store' in outcome) expect(value, `${language}: ${text}`).toBe(outcome.store);
      else if ('ask' in outcome) expect(value, `${language}: ${text}`).toBeUndefined();
      else expect(value, `${language}: ${text}`).not.toBe(outcome.not);
    }),
    { numRuns },
  );
}
