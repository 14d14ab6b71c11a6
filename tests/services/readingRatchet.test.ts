import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baselineFile, betterThan, worseThan, type Baseline } from '../fixtures/readings/ratchet';

// The held-out tables' ratchet: it fails on each figure that got worse, and on nothing else.

const base: Baseline = { wrong: 36, tapWrong: 5, byLanguage: { en: 89.1, es: 90.5 }, byType: { name: { en: 100, fr: 85.7 }, country: { es: 73.3 } } };

describe('the reading ratchet', () => {
  it('names each figure worse than the baseline', () => {
    const now: Baseline = { wrong: 37, tapWrong: 5, byLanguage: { en: 89, es: 91 }, byType: { name: { en: 100, fr: 80 }, country: { es: 80 } } };
    expect(worseThan(now, base)).toEqual(['wrong values stored: 37 (baseline 36)', 'en: 89% read right (baseline 89.1%)', 'name fr: 80% read right (baseline 85.7%)']);
    expect(betterThan(now, base)).toEqual(['es: 91% read right (baseline 90.5%)', 'country es: 80% read right (baseline 73.3%)']);
  });

  it('a cell that disappeared counts as 0%; a new cell is not worse', () => {
    expect(worseThan({ ...base, byType: { name: { en: 100, fr: 85.7, pt: 10 } } }, base)).toEqual(['country es: 0% read right (baseline 73.3%)']);
  });

  it('never fails a run no worse in any figure, and always fails one worse in some figure', () => {
    const share = fc.integer({ min: 0, max: 1000 }).map((n) => n / 10);
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), share, share, fc.nat(20), fc.nat(20), (wrong, tapWrong, en, cell, dWrong, dTap) => {
        const b: Baseline = { wrong: wrong + dWrong, tapWrong: tapWrong + dTap, byLanguage: { en }, byType: { name: { en: cell } } };
        const same: Baseline = { wrong, tapWrong, byLanguage: { en }, byType: { name: { en: cell } } };
        expect(worseThan(same, b)).toEqual([]);
        expect(worseThan({ ...same, wrong: b.wrong + 1 }, b)).toHaveLength(1);
        if (en > 0) expect(worseThan({ ...same, byLanguage: { en: en - 0.1 } }, b)).toHaveLength(1);
      }),
    );
  });

  it('records a baseline, and refuses to lower one', () => {
    const file = baselineFile(join(mkdtempSync(join(tmpdir(), 'ratchet-')), 'baseline.json'));
    expect(file.read('heldoutB')).toBeUndefined();
    file.write('heldoutB', base);
    expect(file.read('heldoutB')).toEqual(base);
    expect(() => file.write('heldoutB', { ...base, tapWrong: 6 })).toThrow(/worse/);
    file.write('heldoutB', { ...base, wrong: 30 });
    expect(file.read('heldoutB')?.wrong).toBe(30);
  });
});
