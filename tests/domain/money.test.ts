import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../machines/domain/money';

// Dollars as each interface language writes them (the ICU data Node ships: no-break spaces where French puts them).
describe('an amount of dollars, as the interface language writes it', () => {
  it('writes whole dollars without cents', () => {
    expect(formatMoney(1234, 'en')).toBe('$1,234');
    expect(formatMoney(1234, 'pt')).toBe('US$\u00a01.234');
    expect(formatMoney(77, 'es')).toBe('77\u00a0US$');
    expect(formatMoney(1234, 'fr')).toBe('1\u202f234\u00a0$US');
  });

  it('writes cents, always two, when the amount has any', () => {
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(formatMoney(2.99, 'es')).toBe('2,99\u00a0US$');
    expect(formatMoney(100.99, 'fr')).toBe('100,99\u00a0$US');
    expect(formatMoney(0.5, 'pt')).toBe('US$\u00a00,50');
  });

  it('writes cents when asked, even on whole dollars, and none when told not to', () => {
    expect(formatMoney(40, 'en', { cents: true })).toBe('$40.00');
    expect(formatMoney(40.4, 'en', { cents: false })).toBe('$40');
    expect(formatMoney(40.6, 'en', { cents: false })).toBe('$41');
  });

  it('shows every amount in cents to the cent, in English', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const text = formatMoney(cents / 100, 'en', { cents: true });
        const dollars = Math.floor(cents / 100).toLocaleString('en-US');
        expect(text).toBe(`$${dollars}.${String(cents % 100).padStart(2, '0')}`);
      }),
    );
  });
});
