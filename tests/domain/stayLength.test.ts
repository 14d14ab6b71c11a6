import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stayInDays } from '../../machines/domain/analysis/stayLength';

// The length of stay is free text in four languages; the analysis reads it as days, and reads nothing it cannot.
const UNITS: Array<[string, number]> = [
  ['days', 1], ['días', 1], ['jours', 1], ['nights', 1], ['noites', 1],
  ['weeks', 7], ['semanas', 7], ['semaines', 7], ['wks', 7],
  ['fortnights', 14], ['quincenas', 14], ['quinzaines', 14],
  ['months', 30], ['meses', 30], ['mois', 30],
  ['years', 365], ['años', 365], ['ans', 365], ['années', 365],
];

describe('a length of stay, read as days', () => {
  it('reads a count and a unit in any of the four languages', () => {
    expect(stayInDays('2 weeks')).toBe(14);
    expect(stayInDays('15 días')).toBe(15);
    expect(stayInDays('dos semanas')).toBe(14);
    expect(stayInDays('un mois')).toBe(30);
    expect(stayInDays('três meses')).toBe(90);
    expect(stayInDays('a year')).toBe(365);
    expect(stayInDays('ten nights')).toBe(10);
    expect(stayInDays('Une quinzaine')).toBe(14);
  });

  it('reads a fraction with a point or a comma, rounded to whole days', () => {
    expect(stayInDays('1.5 weeks')).toBe(11);
    expect(stayInDays('1,5 semanas')).toBe(11);
    expect(stayInDays('2.5 days')).toBe(3);
  });

  it('takes the upper end of a range, whichever way round it is written', () => {
    expect(stayInDays('2-3 months')).toBe(90);
    expect(stayInDays('2 – 3 weeks')).toBe(21);
    expect(stayInDays('2 to 3 weeks')).toBe(21);
    expect(stayInDays('3 a 2 semanas')).toBe(21);
    expect(stayInDays('dos o tres semanas')).toBe(21);
    expect(stayInDays('deux ou trois mois')).toBe(90);
    // A range word with nothing countable before it is not a range.
    expect(stayInDays('to 3 days')).toBe(3);
    expect(stayInDays('about - 3 days')).toBe(3);
    expect(stayInDays('many or 3 days')).toBe(3);
  });

  it('takes the longest of several stays, not their sum', () => {
    expect(stayInDays('2 weeks (14 days)')).toBe(14);
    expect(stayInDays('1 month and 2 weeks')).toBe(30);
    expect(stayInDays('3 days, then 2 weeks, then 1 day')).toBe(14);
    expect(stayInDays('2 weeks or 10 days')).toBe(14);
  });

  it('reads nothing where no count stands before a unit', () => {
    expect(stayInDays('15')).toBeNull();
    expect(stayInDays('')).toBeNull();
    expect(stayInDays('weeks')).toBeNull();
    expect(stayInDays('many days')).toBeNull();
    expect(stayInDays('days 15')).toBeNull();
    expect(stayInDays('0 days')).toBeNull();
    expect(stayInDays('0 days and 0 weeks')).toBeNull();
    // What stands before the unit must be the count: a number further back is not one.
    expect(stayInDays('2 to many days')).toBeNull();
    expect(stayInDays('5 lovely 2 days')).toBe(2);
  });

  it('reads every count of every unit (generated)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom(...UNITS), (n, [unit, days]) => {
        expect(stayInDays(`${n} ${unit}`)).toBe(n * days);
        expect(stayInDays(`about ${n} ${unit} in total`)).toBe(n * days);
      }),
    );
  });

  it('reads every range of every unit as its upper end (generated)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), fc.constantFrom('-', ' to ', ' or ', ' a ', ' ou '), fc.constantFrom(...UNITS), (a, b, joint, [unit, days]) => {
        expect(stayInDays(`${a}${joint}${b} ${unit}`)).toBe(Math.max(a, b) * days);
      }),
    );
  });
});
