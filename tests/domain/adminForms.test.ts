import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGE_KEYS, MAX_BRAND_LENGTH, MAX_PRICE, parsePrice, validateBranding } from '../../machines/domain/adminForms';

// Spec 1-core §2.10 and §5: prices are whole dollars from 0, branding names are required and fit 60 characters.
describe("the admin's forms", () => {
  it('reads a price as whole dollars, anything else as 0, and never above what the server takes', () => {
    expect(MAX_PRICE).toBe(100_000);
    expect(parsePrice('77')).toBe(77);
    expect(parsePrice(' 150 ')).toBe(150);
    expect(parsePrice('99.99')).toBe(99);
    expect(parsePrice('12abc')).toBe(12);
    expect(parsePrice('abc')).toBe(0);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('-5')).toBe(0);
    expect(parsePrice('100000')).toBe(100_000);
    expect(parsePrice('100001')).toBe(100_000);
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (n) => {
        expect(parsePrice(String(n))).toBe(Math.min(Math.max(n, 0), 100_000));
      }),
    );
  });

  it('requires both branding names, trimmed, up to 60 characters each', () => {
    expect(MAX_BRAND_LENGTH).toBe(60);
    expect(ADMIN_MESSAGE_KEYS).toEqual(['validation.required', 'validation.admin.tooLong']);
    expect(validateBranding({ brandName: 'Rumbo', chatAssistantName: 'Sofía' })).toEqual({});
    expect(validateBranding({ brandName: '  ', chatAssistantName: '' })).toEqual({ brandName: { key: 'validation.required' }, chatAssistantName: { key: 'validation.required' } });
    expect(validateBranding({ brandName: 'x'.repeat(60), chatAssistantName: ` ${'y'.repeat(60)} ` })).toEqual({});
    expect(validateBranding({ brandName: 'x'.repeat(61), chatAssistantName: 'Sofía' })).toEqual({ brandName: { key: 'validation.admin.tooLong', params: { max: 60 } } });
    // Characters, not UTF-16 units.
    expect(validateBranding({ brandName: 'Rumbo', chatAssistantName: '🧭'.repeat(60) })).toEqual({});
    expect(validateBranding({ brandName: 'Rumbo', chatAssistantName: '🧭'.repeat(61) }).chatAssistantName?.key).toBe('validation.admin.tooLong');
  });
});
