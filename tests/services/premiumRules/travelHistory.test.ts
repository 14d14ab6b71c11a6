import { describe, expect, it } from 'vitest';
import { travelHistory } from '../../../server/services/premium/rules/travelHistory';
import { f, found } from './facts';

// Rule: earlier visits against what was declared, and overstays (issue 33).

describe('travelHistory', () => {
  it.each([
    ['never been, a 2019 trip mentioned', f({ previousVisits: { source: 'ninguno', has: false }, visits: [{ source: 'En 2019 estuve dos semanas en Los Ángeles', year: 2019, days: 14 }] }), ['undeclaredVisit[previousVisits,visits0]']],
    ['never been, nothing mentioned', f({ previousVisits: { source: 'NO', has: false } }), []],
    ['been before, ten days', f({ previousVisits: { source: 'YES', has: true }, visits: [{ source: '2022', year: 2022, days: 10 }] }), []],
    ['a seven-month stay before', f({ previousVisits: { source: 'YES', has: true }, visits: [{ source: '12-JAN-2019', year: 2019, days: 210 }] }), ['overstay[visits0]']],
    ['six months exactly', f({ visits: [{ source: '2019', year: 2019, days: 180 }] }), []],
    ['an overstay said in words', f({ overstays: [{ source: 'I overstayed my I-94' }] }), ['overstay[overstays0]']],
    ['never been, yet eight months there', f({ previousVisits: { source: 'NO', has: false }, visits: [{ source: 'me quedé ocho meses', days: 240 }] }), ['undeclaredVisit[previousVisits,visits0]', 'overstay[visits0]']],
  ])('%s', (_, facts, expected) => {
    expect(found(travelHistory(facts))).toEqual(expected);
  });
});
