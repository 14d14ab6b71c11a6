import { describe, expect, it } from 'vitest';
import { passportValidity } from '../../../server/services/premium/rules/passportValidity';
import { f, found } from './facts';

// Rule: the passport against the trip, valid six months beyond it (issue 33).

const trip = { arrival: { source: '12/06/2027', iso: '2027-06-12' }, departure: { source: '03/07/2027', iso: '2027-07-03' } };
const expiring = (iso: string) => ({ passportExpiry: { source: iso, iso } });

describe('passportValidity', () => {
  it.each([
    ['expires before arrival', f({ ...trip, ...expiring('2027-04-30') }), ['passportBeforeTrip[passportExpiry,arrival]']],
    ['expires on the day of arrival', f({ ...trip, ...expiring('2027-06-12') }), ['passportBeforeTrip[passportExpiry,arrival]']],
    ['expires during the stay', f({ ...trip, ...expiring('2027-06-20') }), ['passportBeforeTrip[passportExpiry,departure]']],
    ['expires three months after', f({ ...trip, ...expiring('2027-10-03') }), ['passportWithinSixMonths[passportExpiry,departure]']],
    ['expires six months and a day after', f({ ...trip, ...expiring('2028-01-04') }), []],
    ['no departure: arrival plus stay', f({ arrival: trip.arrival, stay: { source: '5 WEEK(S)', days: 35 }, ...expiring('2027-12-01') }), ['passportWithinSixMonths[passportExpiry,stay]']],
    ['no trip dates', f({ ...expiring('2027-01-01') }), []],
    ['no expiry', f({ ...trip }), []],
  ])('%s', (_, facts, expected) => {
    expect(found(passportValidity(facts))).toEqual(expected);
  });
});
