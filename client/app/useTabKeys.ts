import { useRef, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA tabs pattern with automatic activation: Arrow keys, Home and End select the neighbouring, first
 * or last tab and move focus to it. Give each tab button `ref={refOf(name)}` and `onKeyDown={onKeyDown}`.
 */
export function useTabKeys<T extends string>(tabs: readonly T[], current: T, select: (tab: T) => void) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(current);
    const moves: Record<string, T | undefined> = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index + tabs.length - 1) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    select(next);
    refs.current[next]?.focus();
  };
  const refOf = (tab: T) => (el: HTMLButtonElement | null) => {
    refs.current[tab] = el;
  };
  return { onKeyDown, refOf };
}
