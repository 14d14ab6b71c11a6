import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchedule, nextTick, startClock, tickKey } from '../../server/services/jobs/clock';
import { jobId } from '../../server/services/jobs/runner';
import { retryDelayMs } from '../../server/services/jobs/sqliteRunner';

// The job runner's arithmetic: when a recurring job ticks (the same in every process, so a tick is made once),
// how long a retry waits, and which id a keyed job gets.

const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('every N seconds', () => {
  it('ticks at the next multiple of N seconds since the epoch, strictly after now and at most N away', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400 }), instant, (seconds, now) => {
        const tick = nextTick({ everySeconds: seconds }, now);
        expect(tick).toBeGreaterThan(now);
        expect(tick - now).toBeLessThanOrEqual(seconds * 1000);
        expect(tick % (seconds * 1000)).toBe(0);
      }),
    );
  });

  it('gives two processes whose clocks read different moments of one period the same tick', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3600 }), instant, fc.integer({ min: 0, max: 3_600_000 }), (seconds, now, later) => {
        const period = seconds * 1000;
        const a = now;
        const b = Math.floor(now / period) * period + ((now % period) + later) % period;
        expect(nextTick({ everySeconds: seconds }, a)).toBe(nextTick({ everySeconds: seconds }, b));
      }),
    );
  });

  it('refuses a period that is not a whole number of seconds, at least one', () => {
    for (const everySeconds of [0, -5, 1.5, Number.NaN]) expect(() => checkSchedule({ everySeconds })).toThrow(/whole number of seconds/);
    expect(() => checkSchedule({ everySeconds: 60 })).not.toThrow();
  });
});

describe('a cron line (UTC)', () => {
  it('ticks at the next matching minute', () => {
    const now = Date.UTC(2026, 10, 28, 13, 50, 12);
    expect(new Date(nextTick({ cron: '17 3 * * *' }, now)).toISOString()).toBe('2026-11-29T03:17:00.000Z');
    expect(new Date(nextTick({ cron: '*/15 * * * *' }, now)).toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(new Date(nextTick({ cron: '0 0 1 * *' }, now)).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('ticks strictly after now, on a whole minute, within a day for a daily line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 23 }), instant, (minute, hour, now) => {
        const tick = nextTick({ cron: `${minute} ${hour} * * *` }, now);
        expect(tick).toBeGreaterThan(now);
        expect(tick - now).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
        const at = new Date(tick);
        expect([at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()]).toEqual([hour, minute, 0]);
      }),
    );
  });

  it('refuses a line that is not cron', () => {
    expect(() => checkSchedule({ cron: 'every day' })).toThrow();
    expect(() => checkSchedule({ cron: '61 * * * *' })).toThrow();
  });
});

describe('a clock', () => {
  it('fires each tick once, in order, and not after it is stopped', async () => {
    const fired: number[] = [];
    const stop = startClock({ everySeconds: 1 }, async (tick) => void fired.push(tick));
    await new Promise((resolve) => setTimeout(resolve, 2300));
    stop();
    const count = fired.length;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(fired.length).toBe(count);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(fired.every((tick, i) => tick % 1000 === 0 && (i === 0 || tick - (fired[i - 1] as number) === 1000))).toBe(true);
    expect(tickKey(fired[0] as number)).toBe(`tick@${new Date(fired[0] as number).toISOString()}`);
  });
});

describe('retries', () => {
  it('wait between d·2^(n-1) and d·2^n seconds after the n-th failed attempt, so each waits longer than the last could', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 10 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (delay, attempt, random) => {
        const wait = retryDelayMs(delay, attempt, () => random);
        expect(wait).toBeGreaterThanOrEqual(delay * 1000 * 2 ** (attempt - 1));
        expect(wait).toBeLessThanOrEqual(delay * 1000 * 2 ** attempt);
      }),
    );
  });
});

describe('a job id', () => {
  it('is the same for the same name and key, different otherwise, and a UUID PostgreSQL takes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (name, a, b) => {
        expect(jobId(name, a)).toBe(jobId(name, a));
        expect(jobId(name, a)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
        if (a !== b) expect(jobId(name, a)).not.toBe(jobId(name, b));
        expect(jobId(`${name}x`, a)).not.toBe(jobId(name, a));
      }),
    );
    expect(jobId('n', undefined)).not.toBe(jobId('n', undefined));
  });
});
