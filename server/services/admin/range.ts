import type { Window } from '../../../db/queries/analytics';
import type { TimeRange } from '../../../openapi/schemas/admin';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window a time range covers (spec 1-core §2.10: "1d = last 24 hours"): 1d is the last 24 hours to the
 * minute; 7d, 30d and 90d are that many whole UTC days with today the last, so a day's chart bar is never cut.
 */
export function windowOf(range: TimeRange, now: Date): Window {
  if (range === '1d') {
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    return { since, sinceDay: since.slice(0, 10), exact: true };
  }
  const days = Number(range.slice(0, -1));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const since = start.toISOString();
  return { since, sinceDay: since.slice(0, 10), exact: false };
}

/** Every UTC day from the window's first to `now`'s, so the chart shows a day without visits as a zero. */
export function daysOf(w: Window, now: Date): string[] {
  const days: string[] = [];
  const today = now.toISOString().slice(0, 10);
  for (let t = Date.parse(`${w.sinceDay}T00:00:00.000Z`); ; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= today) break;
  }
  return days;
}

/** A share in percent with one decimal; 0 when there is nothing to share. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
