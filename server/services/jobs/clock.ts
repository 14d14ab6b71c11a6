import cronParser from 'cron-parser';

/** When a recurring job runs: every N seconds (ticks at multiples of N since the epoch), or a cron expression in UTC. */
export type Schedule = { everySeconds: number } | { cron: string };

/** Checks a schedule once, where it is declared, so a wrong one stops the server at start rather than at its first tick. */
export function checkSchedule(schedule: Schedule): void {
  if ('everySeconds' in schedule) {
    if (!Number.isInteger(schedule.everySeconds) || schedule.everySeconds < 1) throw new Error(`every ${schedule.everySeconds} seconds: a whole number of seconds, at least 1`);
  } else {
    cronParser.parseExpression(schedule.cron, { tz: 'UTC' });
  }
}

/**
 * The first tick strictly after `now` (ms since the epoch). Every process computes the same ticks from the clock
 * alone, so the tick is the job's idempotency key: several processes enqueue it, and it is made once.
 */
export function nextTick(schedule: Schedule, now: number): number {
  if ('everySeconds' in schedule) {
    const period = schedule.everySeconds * 1000;
    return (Math.floor(now / period) + 1) * period;
  }
  return cronParser.parseExpression(schedule.cron, { currentDate: new Date(now), tz: 'UTC' }).next().getTime();
}

/** The idempotency key of one tick. */
export const tickKey = (tick: number) => `tick@${new Date(tick).toISOString()}`;

/** The longest a clock sleeps before it looks again (a timer of more than 24.8 days overflows; a clock may jump). */
const MAX_SLEEP_MS = 60 * 60 * 1000;

/**
 * Calls `fire(tick)` at each tick of the schedule until stopped. A tick missed while no process ran is not made up
 * for: the next one comes.
 */
export function startClock(schedule: Schedule, fire: (tick: number) => Promise<void>, now: () => number = Date.now): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (tick: number) => {
    const wait = Math.min(MAX_SLEEP_MS, Math.max(0, tick - now()));
    timer = setTimeout(() => {
      if (stopped) return;
      if (now() < tick) return arm(tick);
      void fire(tick).finally(() => {
        if (!stopped) arm(nextTick(schedule, Math.max(now(), tick)));
      });
    }, wait);
    timer.unref();
  };
  arm(nextTick(schedule, now()));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
