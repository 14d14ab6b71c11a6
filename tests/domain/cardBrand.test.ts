import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid } from '../../machines/domain/payment';

// A card's brand by its issuer number (the networks' ranges), and the Luhn checksum, stated here from the ranges.
describe('a card’s brand', () => {
  it('is read from the leading digits only, once they are all digits', () => {
    expect(cardBrand('4')).toBe('visa');
    expect(cardBrand('4a1')).toBe('unknown');
    expect(cardBrand('34')).toBe('amex');
    expect(cardBrand('37')).toBe('amex');
    expect(cardBrand('5534')).toBe('mastercard');
    expect(cardBrand('5134 0000')).toBe('mastercard');
    expect(cardBrand('2221')).toBe('mastercard');
    expect(cardBrand('2720-99')).toBe('mastercard');
    expect(cardBrand('2721')).toBe('unknown');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('65')).toBe('discover');
    expect(cardBrand('6441234567890123')).toBe('discover');
    expect(cardBrand('6491')).toBe('discover');
    expect(cardBrand('650')).toBe('discover');
    expect(cardBrand('643')).toBe('unknown');
    expect(cardBrand('1234')).toBe('unknown');
  });

  it('follows the ranges for any digits after the prefix (generated)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,19}$/), (digits) => {
        const n = (k: number) => Number(digits.slice(0, k));
        const expected = digits.startsWith('4')
          ? 'visa'
          : /^3[47]/.test(digits)
            ? 'amex'
            : (digits.length >= 2 && n(2) >= 51 && n(2) <= 55) || (digits.length >= 4 && n(4) >= 2221 && n(4) <= 2720)
              ? 'mastercard'
              : digits.startsWith('6011') || digits.startsWith('65') || (digits.length >= 3 && n(3) >= 644 && n(3) <= 649)
                ? 'discover'
                : 'unknown';
        expect(cardBrand(digits)).toBe(expected);
      }),
    );
  });
});

describe('the Luhn checksum', () => {
  it('accepts the test numbers and refuses one digit changed', () => {
    for (const ok of ['4242424242424242', '378282246310005', '5555555555554444', '6011111111111117', '0']) expect(luhnValid(ok), ok).toBe(true);
    for (const bad of ['4242424242424241', '378282246310006', '1', '', '4242 4242 4242 4242']) expect(luhnValid(bad), bad).toBe(false);
  });

  it('is the sum of the digits, every second one from the right doubled (its digit sum), a multiple of 10 (generated)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}$/), (digits) => {
        const sum = [...digits].reverse().reduce((total, d, i) => {
          const doubled = i % 2 === 1 ? Number(d) * 2 : Number(d);
          return total + Math.floor(doubled / 10) + (doubled % 10);
        }, 0);
        expect(luhnValid(digits)).toBe(sum % 10 === 0);
      }),
    );
  });
});

describe("a card brand's name (issue 45 item 17)", () => {
  it('is written as the network writes it, however the gateway stored it; an unknown one shows as it came', async () => {
    const { cardBrandName } = await import('../../machines/domain/payment');
    const spellings = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', 'american express': 'American Express', discover: 'Discover' };
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(spellings)), fc.func(fc.boolean()), (stored, upper) => {
        const cased = [...stored].map((c, i) => (upper(i) ? c.toUpperCase() : c)).join('');
        expect(cardBrandName(` ${cased} `)).toBe(spellings[stored as keyof typeof spellings]);
      }),
    );
    expect(cardBrandName('Elo')).toBe('Elo');
  });
});
