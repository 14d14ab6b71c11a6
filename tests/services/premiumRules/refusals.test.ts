import { describe, expect, it } from 'vitest';
import { refusals } from '../../../server/services/premium/rules/refusals';
import { f, found } from './facts';

// Rule: refusals declared against refusals mentioned anywhere (issue 33).

const mention = { refusalMentions: [{ source: 'a 214(b) letter from Lagos', year: 2023 }] };

describe('refusals', () => {
  it.each([
    ['declared never, mentioned elsewhere', f({ refusals: { source: 'NO', has: false }, ...mention }), ['undeclaredRefusal[refusals,refusalMentions0]']],
    ['declared never, nothing mentioned', f({ refusals: { source: 'NO', has: false } }), []],
    ['declared yes', f({ refusals: { source: 'Sí, en 2022', has: true } }), ['refusalOnRecord[refusals]']],
    ['declared yes and told where', f({ refusals: { source: 'YES', has: true }, ...mention }), ['refusalOnRecord[refusals,refusalMentions0]']],
    ['not declared, mentioned', f({ ...mention }), ['refusalOnRecord[refusalMentions0]']],
    ['nothing', f({}), []],
  ])('%s', (_, facts, expected) => {
    expect(found(refusals(facts))).toEqual(expected);
  });
});
