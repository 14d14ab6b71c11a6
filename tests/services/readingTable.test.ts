import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../server/services/ai/reading/read';
import { isSure } from '../../server/services/ai/reading/types';
import { askedFor, CASES, FRESH, FRESH3, judge, shares, TODAY, type Case, type Verdict } from '../fixtures/readings/table';

// Issue 32: the tables of answers as people type them, read by the one reading module on the built-in engine.
// At least 90% read right in each language, and never a wrong value stored.

const readAll = (cases: Case[]) =>
  cases.map((c) => {
    const reading = readAnswer(askedFor(c), c.text, { language: c.language, today: TODAY });
    const stored = isSure(reading) ? reading.value : undefined;
    const candidate = reading.outcome === 'value' ? reading.value : undefined;
    return { c, reading, verdict: judge(c, stored, candidate) as Verdict };
  });

describe('the reading of answers, built-in engine', () => {
  const results = readAll(CASES);

  it('prints the shares read right per field type and language', () => {
    const { text } = shares(results);
    console.log(`Answers read right, built-in engine (${results.length} answers):\n${text}`);
    const misses = results.filter((r) => r.verdict !== 'right').map((r) => `${r.verdict} ${r.c.language} ${r.c.field} "${r.c.text}" → ${JSON.stringify(r.reading)} (expected ${JSON.stringify(r.c.expect)})`);
    if (misses.length) console.log(misses.join('\n'));
  });

  it('never stores a wrong value', () => {
    expect(results.filter((r) => r.verdict === 'wrong').map((r) => `${r.c.language} ${r.c.field} "${r.c.text}" → ${JSON.stringify(r.reading)}`)).toEqual([]);
  });

  it.each(['en', 'es', 'fr', 'pt'])('reads at least 90%% of the %s answers right', (language) => {
    const list = results.filter((r) => r.c.language === language);
    expect(list.length).toBeGreaterThanOrEqual(0);
    if (list.length === 0) return;
    expect(shares(list).byLanguage[language]).toBeGreaterThanOrEqual(90);
  });

  it('has at least 25 answers per field type and language', () => {
    const counts = new Map<string, number>();
    for (const { c } of results) counts.set(`${c.language} ${c.type}`, (counts.get(`${c.language} ${c.type}`) ?? 0) + 1);
    expect([...counts.entries()].filter(([, n]) => n < 25)).toEqual([]);
  });
});

/** A table written after the reader: its shares and misses printed, and never a wrong value stored. */
function heldOut(title: string, cases: Case[], label: string) {
  describe(title, () => {
    const results = readAll(cases);

    it('prints their shares and the answers it does not read', () => {
      console.log(`Answers read right, built-in engine, ${label} (${results.length} answers):\n${shares(results).text}`);
      const misses = results.filter((r) => r.verdict !== 'right').map((r) => `${r.verdict} ${r.c.language} ${r.c.field} "${r.c.text}" → ${JSON.stringify(r.reading)}`);
      if (misses.length) console.log(misses.join('\n'));
    });

    it('never stores a wrong value', () => {
      expect(results.filter((r) => r.verdict === 'wrong').map((r) => `${r.c.language} ${r.c.field} "${r.c.text}" → ${JSON.stringify(r.reading)}`)).toEqual([]);
    });
  });
}

heldOut('answers written after the reader (not tuned on)', FRESH, 'the later table');
heldOut('the third table, written without reading the reader', FRESH3, 'the third table');
