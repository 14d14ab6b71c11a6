import { useEffect, useRef, useState } from 'react';
import { whenIdle } from './whenIdle';

/**
 * `value`, once the browser is idle after it last changed; `undefined` until then. For work that can wait while
 * the applicant reads the screen, such as drawing what comes next.
 */
export function useWhenIdle<T>(value: T | undefined): T | undefined {
  const [ready, setReady] = useState<T | undefined>(undefined);
  useEffect(() => (value === undefined ? undefined : whenIdle(() => setReady(value))), [value]);
  return ready === value ? ready : undefined;
}

/**
 * What `value` was before its last change, from that change until the browser is idle; then `undefined`. For
 * what can be taken down later than the change that replaces it, such as the screen just left.
 */
export function useFormerUntilIdle<T>(value: T): T | undefined {
  // Worked out while rendering, so the render that changes `value` still has the former one.
  const seen = useRef<{ value: T; former?: T }>({ value });
  if (seen.current.value !== value) seen.current = { value, former: seen.current.value };
  const former = seen.current.former;
  const [, dropped] = useState(0);
  useEffect(
    () =>
      former === undefined
        ? undefined
        : whenIdle(() => {
            seen.current = { value: seen.current.value };
            dropped((n) => n + 1);
          }),
    [former, value],
  );
  return former;
}
