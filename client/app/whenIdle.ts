/** Left to what a change itself brings (painting it, the answer to a click that follows) before idle work starts. */
const SETTLE_MS = 300;

/** Runs `work` once the page has settled and the browser has a moment with nothing to do; returns a cancel. */
export function whenIdle(work: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    // Safari has no requestIdleCallback: the settling time alone.
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(work, { timeout: 1000 });
    else work();
  }, SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
