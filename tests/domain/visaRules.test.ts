import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry } from '../../machines/domain/countries';
import { ESTA_COUNTRIES, eligibility, isWaiverCountry, needsNoVisa, recommendVisa } from '../../machines/domain/visaRules';

const FEES = { estaGovernmentFee: 21, ds160GovernmentFee: 185, estaServiceFee: 99, ds160ServiceFee: 50 };

describe('the visa rule', () => {
  it('lists exactly the 40 waiver countries of the spec, each one in the shared country list', () => {
    expect(ESTA_COUNTRIES).toHaveLength(40);
    expect(new Set(ESTA_COUNTRIES).size).toBe(40);
    for (const name of ESTA_COUNTRIES) expect(findCountry(name), name).toBeDefined();
  });

  it.each(ESTA_COUNTRIES)('recommends ESTA for %s tourism, business and transit, and DS-160 for study', (country) => {
    expect(recommendVisa(country, 'tourism')).toBe('ESTA');
    expect(recommendVisa(country, 'business')).toBe('ESTA');
    expect(recommendVisa(country, 'transit')).toBe('ESTA');
    expect(recommendVisa(country, 'study')).toBe('DS-160');
  });

  it('compares countries case-insensitively and ignores surrounding spaces', () => {
    expect(recommendVisa('SPAIN', 'tourism')).toBe('ESTA');
    expect(recommendVisa('  United Kingdom ', 'business')).toBe('ESTA');
    expect(recommendVisa('czech republic', 'transit')).toBe('ESTA');
  });

  it('recommends DS-160 for every other nationality', () => {
    const others = COUNTRIES.filter((c) => !ESTA_COUNTRIES.includes(c.name.toLowerCase()));
    expect(others.length).toBeGreaterThan(140);
    for (const c of others) expect(recommendVisa(c.name, 'tourism'), c.name).toBe('DS-160');
    expect(recommendVisa('Mexico', 'business')).toBe('DS-160');
  });

  it('answers the summary lookup from the same rule', () => {
    expect(eligibility('Spain', 'tourism', FEES)).toMatchObject({
      visaType: 'ESTA',
      canUseESTA: true,
      maxStayDays: 90,
      governmentFee: 21,
      serviceFee: 99,
      processingTimeKey: 'eligibility.processing.esta',
    });
    const mexico = eligibility('Mexico', 'business', FEES);
    expect(mexico).toMatchObject({ visaType: 'DS-160', canUseESTA: false, maxStayDays: 180, governmentFee: 185, serviceFee: 50 });
    expect(mexico.requirements.length).toBeGreaterThan(0);
  });

  it.each([
    ['United States', true],
    ['united states', true],
    ['  UNITED STATES ', true],
    ['Spain', false],
    ['Canada', false],
    ['United Kingdom', false],
    ['', false],
  ])('needsNoVisa(%j) = %s', (country, expected) => {
    expect(needsNoVisa(country)).toBe(expected);
  });

  it('never counts the United States as a waiver country (its citizens need no ESTA at all)', () => {
    expect(isWaiverCountry('United States')).toBe(false);
    expect(recommendVisa('United States', 'tourism')).toBe('DS-160');
  });
});
