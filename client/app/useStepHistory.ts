import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

interface Moves {
  /** What the browser's Back button does when the URL names an earlier step. */
  back: () => void;
  /** What its Forward button does when the URL names a later step. */
  forward: () => void;
}

/**
 * Keeps a flow's step in the URL (`?step=2`), so the browser's Back and Forward buttons move between steps and a
 * reload lands on the same step. The machine stays the source of truth: a step it reaches is pushed as a history
 * entry; a step the URL reaches (Back, Forward) is turned into the machine's own events.
 */
export function useStepHistory(key: string, step: number | null, moves: Moves): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const urlStep = Number(params.get(key) ?? 1);
  const latest = useRef(moves);
  latest.current = moves;
  /** The steps this page pushed, so going back a step can return to the entry before instead of adding one. */
  const pushed = useRef<number[]>([urlStep]);
  const machineStep = useRef(step);
  machineStep.current = step;

  // The machine moved: the URL follows. While it waits (null), the URL stays as it is.
  const settled = useRef(false);
  useEffect(() => {
    if (step === null || urlStep === step) {
      if (step !== null) settled.current = true;
      return;
    }
    const stack = pushed.current;
    const search = new URLSearchParams(window.location.search);
    search.set(key, String(step));
    if (!settled.current) {
      // Where the machine starts (restored progress) replaces what the URL said; it is not a move.
      settled.current = true;
      pushed.current = [step];
      navigate({ search: `?${search.toString()}` }, { replace: true, state: { step } });
    } else if (stack.length > 1 && stack[stack.length - 2] === step) {
      stack.pop();
      navigate(-1);
    } else {
      stack.push(step);
      navigate({ search: `?${search.toString()}` }, { state: { step } });
    }
    // Only the machine's step drives this; the URL's own changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // The URL moved (Back or Forward): the machine follows, one step at a time. Not on the first render: there the
  // machine (restored progress) is the truth and the URL is brought to it above.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const current = machineStep.current;
    if (current === null || !settled.current) return;
    if (urlStep < current) {
      pushed.current.pop();
      latest.current.back();
    } else if (urlStep > current) {
      pushed.current.push(urlStep);
      latest.current.forward();
    }
  }, [urlStep]);
}
