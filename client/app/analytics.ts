import { PAGE_VIEWS_PATH } from '../../openapi/routes/analyticsPath';
import { ROUTES } from '../../machines/domain/routes';
import { whenIdle } from './whenIdle';

// First-party page views (docs/DECISIONS.md, issue 14): the route's path only, batched, sent with the browser's language
// and time zone (which the server turns into a country) and a random visitor cookie the server sets. No
// third-party tracker, nothing that names the person. The admin's own pages are not counted.

const FLUSH_AFTER_MS = 5_000;
const MAX_BATCH = 20;

const queue: string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function body(paths: string[]): string {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return JSON.stringify({ views: paths.map((path) => ({ path })), language: navigator.language || 'en', ...(timeZone ? { timeZone } : {}) });
}

/** Sends what is queued: by beacon when the page is going away (it outlives the page), else by fetch. */
function flush(leaving: boolean): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (queue.length) {
    const payload = body(queue.splice(0, MAX_BATCH));
    const blob = new Blob([payload], { type: 'application/json' });
    if (leaving && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(PAGE_VIEWS_PATH, blob)) continue;
    void fetch(PAGE_VIEWS_PATH, { method: 'POST', body: payload, headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', keepalive: true }).catch(() => {});
  }
}

let listening = false;

/** A route change: one page view, sent within a few seconds or when the page is left. */
export function trackPageView(path: string): void {
  if (path.startsWith(ROUTES.admin)) return;
  if (!listening) {
    listening = true;
    addEventListener('pagehide', () => flush(true));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush(true);
    });
  }
  queue.push(path);
  if (queue.length >= MAX_BATCH) flush(false);
  // Sent when the browser has nothing else to do: a batch (the first one looks up the time zone) took 28 ms of a
  // phone's main thread, and had landed in the middle of a wizard's Next.
  else timer ??= setTimeout(() => whenIdle(() => flush(false)), FLUSH_AFTER_MS);
}
