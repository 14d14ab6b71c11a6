import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOtherPage, pageCount } from '../../machines/domain/paging';

// One paging rule for the admin lists (leads, audit log, e-mails): the pages an answer makes, and which page a
// person may move to.

describe('paging', () => {
  it('makes at least one page, enough for every row, none empty but an empty list’s', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 200 }), (total, pageSize) => {
        const pages = pageCount({ total, pageSize });
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages * pageSize).toBeGreaterThanOrEqual(total);
        if (total > 0) expect((pages - 1) * pageSize).toBeLessThan(total);
      }),
    );
    expect(pageCount(null)).toBe(1);
  });

  it('moves only to another whole page of the list, once it is known', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20 }), fc.oneof(fc.integer({ min: -3, max: 30 }), fc.double(), fc.constant(Number.NaN)), (total, pageSize, current, page) => {
        const pages = pageCount({ total, pageSize });
        expect(isOtherPage({ total, pageSize }, current, page)).toBe(Number.isInteger(page) && page >= 1 && page <= pages && page !== current);
        expect(isOtherPage(null, current, page)).toBe(false);
      }),
    );
  });
});
