import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../machines/domain/countryList';
import { PHONE_RULES, phoneRuleFor, phoneRuleForNumber } from '../../machines/domain/phoneRules';

// Spec 2-wizards §3.9: each country's calling code and digit count. Judged here against libphonenumber's
// metadata (the calling code of each ISO code) and the shared country list (its English name).
describe('the phone rules', () => {
  it('gives each country the calling code the numbering plan gives it, under its own name', () => {
    for (const rule of PHONE_RULES) {
      expect(isSupportedCountry(rule.code as CountryCode), rule.code).toBe(true);
      expect(rule.prefix, rule.code).toBe(`+${getCountryCallingCode(rule.code as CountryCode)}`);
      expect(rule.country, rule.code).toBe(COUNTRIES.find((c) => c.code === rule.code)?.name);
    }
    expect(new Set(PHONE_RULES.map((r) => r.code)).size).toBe(PHONE_RULES.length);
    expect(PHONE_RULES.length).toBeGreaterThanOrEqual(116);
  });

  it('shows an example starting with the prefix, with as many digits as the rule allows', () => {
    for (const rule of PHONE_RULES) {
      expect(rule.format.startsWith(`${rule.prefix} `), rule.code).toBe(true);
      const digits = rule.format.slice(rule.prefix.length).replace(/[^X\d]/g, '').length;
      expect(digits, rule.code).toBeGreaterThanOrEqual(rule.min);
      expect(digits, rule.code).toBeLessThanOrEqual(rule.max);
      expect(rule.min, rule.code).toBeLessThanOrEqual(rule.max);
    }
  });

  it('finds a country’s rule by its English name or code, in any case', () => {
    expect(phoneRuleFor('Mexico')).toEqual({ country: 'Mexico', code: 'MX', prefix: '+52', min: 10, max: 10, format: '+52 XX XXXX XXXX' });
    expect(phoneRuleFor('  spain ')?.prefix).toBe('+34');
    expect(phoneRuleFor('jp')?.country).toBe('Japan');
    expect(phoneRuleFor('Atlantis')).toBeUndefined();
    expect(phoneRuleFor('   ')).toBeUndefined();
  });

  it("finds a number's rule by its longest matching calling code", () => {
    expect(phoneRuleForNumber('+447911123456')?.code).toBe('GB');
    expect(phoneRuleForNumber('+5215512345678')?.code).toBe('MX');
    expect(phoneRuleForNumber('+50912345678')?.code).toBe('HT');
    expect(phoneRuleForNumber('+593912345678')?.code).toBe('EC');
    // A calling code several countries share answers with the first of them (same lengths in the table).
    expect(phoneRuleForNumber('+12025550123')?.code).toBe('US');
    expect(phoneRuleForNumber(' +12025550123 ')?.code).toBe('US');
    expect(phoneRuleForNumber('+1 202 555 0123')).toBeUndefined();
    expect(phoneRuleForNumber('+')).toBeUndefined();
    expect(phoneRuleForNumber('+99912345')).toBeUndefined();
    expect(phoneRuleForNumber('447911123456')).toBeUndefined();
  });
});
