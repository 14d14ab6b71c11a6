import { describe, expect, it } from 'vitest';
import { familyTies } from '../../../server/services/premium/rules/familyTies';
import type { Relative } from '../../../server/services/premium/facts/index';
import { f, found } from './facts';

// Rule: family in the United States and their status against what was declared and the ties at home (issue 33).

const relative = (relation: Relative['relation'], status?: Relative['status'], declared = true): Relative => ({ source: relation, relation, declared, ...(status ? { status } : {}) });
const unemployed = { standing: { source: 'NOT EMPLOYED', kind: 'unemployed' as const } };

describe('familyTies', () => {
  it.each([
    ['no relatives declared, a brother mentioned', f({ usFamily: { source: 'NONE', has: false }, relatives: [relative('brother', undefined, false)] }), ['undeclaredFamily[usFamily,relatives0]']],
    ['no relatives declared, none mentioned', f({ usFamily: { source: 'NO', has: false } }), []],
    ['relatives declared, the same named', f({ usFamily: { source: 'YES', has: true }, relatives: [relative('sister', 'citizen')], standing: { source: 'Acme', kind: 'employee' } }), []],
    ['an aunt without papers', f({ relatives: [relative('aunt', 'undocumented', false)] }), ['familyIrregular[relatives0]']],
    ['a citizen sister, unemployed and single', f({ ...unemployed, marital: { source: 'SINGLE', kind: 'single' }, relatives: [relative('sister', 'citizen')] }), ['familyWeakTies[relatives0,standing]']],
    ['a resident brother, single with no job stated', f({ marital: { source: 'soltero', kind: 'single' }, relatives: [relative('brother', 'resident')] }), ['familyWeakTies[relatives0,marital]']],
    ['a citizen sister, unemployed but married', f({ ...unemployed, marital: { source: 'MARRIED', kind: 'married' }, relatives: [relative('sister', 'citizen')] }), []],
    ['a citizen sister, unemployed with children at home', f({ ...unemployed, ties: [{ source: 'two kids', kind: 'children' }], relatives: [relative('sister', 'citizen')] }), []],
    ['a citizen cousin (not immediate family), unemployed', f({ ...unemployed, relatives: [relative('cousin', 'citizen')] }), []],
    ['a son on a student visa, retired', f({ standing: { source: 'RETIRED', kind: 'retired' }, relatives: [relative('son', 'student')] }), []],
  ])('%s', (_, facts, expected) => {
    expect(found(familyTies(facts))).toEqual(expected);
  });
});
