import { describe, expect, it } from 'vitest';
import { purposeVisa } from '../../../server/services/premium/rules/purposeVisa';
import type { PurposeKind, VisaKind } from '../../../server/services/premium/facts/index';
import { f, found } from './facts';

// Rule: the purpose against the visa asked for (issue 33).

const asking = (kind: VisaKind, kinds: PurposeKind[], same = false) =>
  f({ visaClass: { source: same ? 'P' : 'V', kind }, purpose: { source: 'P', kinds } });

describe('purposeVisa', () => {
  it.each([
    ['work on a visitor visa', asking('B', ['work']), ['purposeVisaMismatch[visaClass,purpose]']],
    ["a master's on a visitor visa", asking('B', ['course', 'study']), ['purposeVisaMismatch[visaClass,purpose]']],
    ['a short course on a visitor visa', asking('B', ['course']), []],
    ['tourism on a visitor visa', asking('B', ['tourism']), []],
    ['a road trip on a student visa', asking('F', ['tourism']), ['purposeVisaMismatch[visaClass,purpose]']],
    ['studies on a student visa', asking('F', ['study']), []],
    ['a family visit on an exchange visa', asking('J', ['family']), ['purposeVisaMismatch[visaClass,purpose]']],
    ['a holiday on a work visa', asking('H', ['tourism']), ['purposeVisaMismatch[visaClass,purpose]']],
    ['business on a work visa', asking('H', ['business']), []],
    ["the form's own answer naming its class ('TOURISM (B2)')", asking('B', ['work'], true), []],
  ])('%s', (_, facts, expected) => {
    expect(found(purposeVisa(facts))).toEqual(expected);
  });
});
