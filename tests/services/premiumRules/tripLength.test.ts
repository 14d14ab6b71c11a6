import { describe, expect, it } from 'vitest';
import { tripLength } from '../../../server/services/premium/rules/tripLength';
import { f, found } from './facts';

// Rule: the trip's length against leave, the course it is for, the six-month visitor admission and its own dates (issue 33).

const employee = { standing: { source: 'Acme', kind: 'employee' as const }, employer: { source: 'Acme' } };
const stay = (days: number) => ({ stay: { source: `${days} days`, days } });

describe('tripLength', () => {
  it.each([
    ['five weeks away, twelve days of leave', f({ ...employee, ...stay(35), leave: { source: '12 days of leave', days: 12 } }), ['stayOverLeave[stay,leave]']],
    ['45 days, 15 days of annual leave', f({ ...employee, ...stay(45), leave: { source: '15 días', days: 15 } }), ['stayOverLeave[stay,leave]']],
    ['two weeks within 20 days of leave', f({ ...employee, ...stay(14), leave: { source: '20 días', days: 20 } }), []],
    ['two months away, no leave declared', f({ ...employee, ...stay(60) }), ['stayWithoutLeave[stay,employer]']],
    ['three weeks away, no leave declared', f({ ...employee, ...stay(21) }), []],
    ['a student away two months', f({ standing: { source: 'student', kind: 'student' }, ...stay(60) }), []],
    ['a four-week course, back 7½ months later', f({ course: { source: 'four-week', days: 28 }, ...stay(228) }), ['stayOverCourse[course,stay]']],
    ['a four-week course, five weeks away', f({ course: { source: 'four-week', days: 28 }, ...stay(35) }), []],
    ['eight months on a B visa', f({ visaClass: { source: 'B2', kind: 'B' }, ...stay(240) }), ['stayOverAdmission[stay,visaClass]']],
    ['eight months for tourism, no visa named', f({ purpose: { source: 'tourism', kinds: ['tourism'] }, ...stay(240) }), ['stayOverAdmission[stay,purpose]']],
    ['eight months on a student visa', f({ visaClass: { source: 'F-1', kind: 'F' }, ...stay(240) }), []],
    ['six months exactly on a B visa', f({ visaClass: { source: 'B2', kind: 'B' }, ...stay(180) }), []],
    [
      'two weeks written, dates 45 days apart',
      f({ stay: { source: '2 SEMANAS', days: 14 }, arrival: { source: '05/11/2027', iso: '2027-11-05' }, departure: { source: '20/12/2027', iso: '2027-12-20' } }),
      ['datesDisagree[stay,departure]'],
    ],
    [
      'the stay worked out from the dates',
      f({ stay: { source: '20/12/2027', days: 45 }, arrival: { source: '05/11/2027', iso: '2027-11-05' }, departure: { source: '20/12/2027', iso: '2027-12-20' } }),
      [],
    ],
    ['no stay', f({ ...employee, leave: { source: '10 days', days: 10 } }), []],
  ])('%s', (_, facts, expected) => {
    expect(found(tripLength(facts))).toEqual(expected);
  });
});
