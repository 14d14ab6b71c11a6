import { describe, expect, it } from 'vitest';
import { daysOf, percent, windowOf } from '../../server/services/admin/range';
import { csvCell, csvRow } from '../../server/services/admin/csv';
import { storedPath } from '../../server/services/analytics/service';

// The admin's time ranges, CSV cells and stored paths (issue 14), at their edges.

const NOW = new Date('2026-11-24T10:30:00.000Z');

describe('time ranges', () => {
  it('1d is the last 24 hours to the millisecond; 7d, 30d and 90d are whole UTC days ending today', () => {
    expect(windowOf('1d', NOW)).toEqual({ since: '2026-11-23T10:30:00.000Z', sinceDay: '2026-11-23', exact: true });
    expect(windowOf('7d', NOW)).toEqual({ since: '2026-11-18T00:00:00.000Z', sinceDay: '2026-11-18', exact: false });
    expect(windowOf('30d', NOW).since).toBe('2026-10-26T00:00:00.000Z');
    expect(windowOf('90d', NOW).since).toBe('2026-08-27T00:00:00.000Z');
    // A range crossing a month and a year end.
    expect(windowOf('7d', new Date('2027-01-02T00:00:00.000Z')).since).toBe('2026-12-27T00:00:00.000Z');
  });

  it('lists every day of the range for the chart, today last', () => {
    expect(daysOf(windowOf('7d', NOW), NOW)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(daysOf(windowOf('1d', NOW), NOW)).toEqual(['2026-11-23', '2026-11-24']);
    expect(daysOf(windowOf('90d', NOW), NOW)).toHaveLength(90);
  });

  it('gives shares with one decimal and 0 when there is nothing to share', () => {
    expect([percent(1, 3), percent(2, 3), percent(0, 0), percent(5, 5)]).toEqual([33.3, 66.7, 0, 100]);
  });
});

describe('CSV cells', () => {
  it('quotes every cell, doubles quotes, and neutralises anything a spreadsheet would run', () => {
    expect(['=1+1', '+34 612', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([`"'=1+1"`, `"'+34 612"`, `"'-2"`, `"'@SUM(A1)"`, `"'\tx"`, `"'\rx"`]);
    expect(csvCell('Núñez, "Lucía"')).toBe('"Núñez, ""Lucía"""');
    expect(csvRow(['a', null, 3])).toBe('"a","","3"\r\n');
  });
});

describe('stored paths', () => {
  it('keeps an app route without its query or trailing slash, and nothing else', () => {
    expect(storedPath('/visa-wizard?country=Mexico&email=a@b.c')).toBe('/visa-wizard');
    expect(storedPath('/pricing/')).toBe('/pricing');
    expect(storedPath('/')).toBe('/');
    expect(storedPath('/users/maria@example.com')).toBe('(other)');
  });
});
