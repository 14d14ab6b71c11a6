import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESUME_ALPHABET, RESUME_CODE_DAYS, RESUME_CODE_LENGTH, formatResumeCode, isResumeCode, normalizeResumeCode, resumeLink } from '../../machines/domain/resumeCode';

// Issue 11: a code read aloud or copied by hand, eight characters, none of them easily taken for another.
const SAFE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const code = fc.array(fc.constantFrom(...SAFE), { minLength: 8, maxLength: 8 }).map((c) => c.join(''));

describe('a resume code', () => {
  it('is eight letters and digits, never 0, O, 1, I or L, and opens the application for 30 days', () => {
    expect(RESUME_ALPHABET).toBe(SAFE);
    expect(RESUME_CODE_LENGTH).toBe(8);
    expect(RESUME_CODE_DAYS).toBe(30);
  });

  it('is read the same however it is typed: any case, spaces and hyphens anywhere', () => {
    expect(normalizeResumeCode('abcd 2345')).toBe('ABCD2345');
    expect(normalizeResumeCode(' ab-cd -  23 45 ')).toBe('ABCD2345');
    fc.assert(
      fc.property(code, fc.array(fc.constantFrom(' ', '-', '  ', ' - ')), (c, gaps) => {
        const typed = [...c].map((ch, i) => (i % 2 ? ch.toLowerCase() : ch) + (gaps[i] ?? '')).join('');
        expect(normalizeResumeCode(typed)).toBe(c);
        expect(isResumeCode(typed)).toBe(true);
      }),
    );
  });

  it('refuses a code one character short or long, or holding a character easily mistaken', () => {
    expect(isResumeCode('ABCD234')).toBe(false);
    expect(isResumeCode('ABCD23456')).toBe(false);
    expect(isResumeCode('')).toBe(false);
    for (const look of ['0', 'O', '1', 'I', 'L', '!', 'É']) expect(isResumeCode(`ABCD234${look}`), look).toBe(false);
    fc.assert(
      fc.property(code, fc.nat({ max: 7 }), fc.constantFrom('0', 'O', '1', 'I', 'L', '_', '.'), (c, at, bad) => {
        expect(isResumeCode(c.slice(0, at) + bad + c.slice(at + 1))).toBe(false);
      }),
    );
  });

  it('is shown as two groups of four, and its link fills it in on the form', () => {
    expect(formatResumeCode('abcd2345')).toBe('ABCD-2345');
    expect(formatResumeCode('ABCD-2345')).toBe('ABCD-2345');
    expect(resumeLink('abcd 2345')).toBe('/ds160-wizard?resume=ABCD-2345');
  });
});
