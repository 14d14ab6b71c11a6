/** The longest a hidden tab (no frames) holds back what waits for a paint. */
const AT_MOST_MS = 100;

/**
 * Resolves once the browser has painted its next frame, or after 100 ms when it draws none (a hidden tab): for
 * work that should not delay what a click shows, such as starting a request.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      // A task after the frame's rendering, not inside the frame's callbacks.
      setTimeout(resolve, 0);
    };
    const timer = setTimeout(done, AT_MOST_MS);
    const frame = requestAnimationFrame(done);
  });
}
