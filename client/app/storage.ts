// Storage can throw (private mode, disabled cookies); the app then simply forgets.
export function readStorage(area: 'local' | 'session', key: string): string | null {
  try {
    return (area === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(area: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = area === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    /* nothing to keep it in */
  }
}

/**
 * Writes to storage soon rather than now: the last value given within `delayMs`, or at once when the page is left
 * or hidden. For what changes with every keystroke and step (a form's answers): serialising and storing it is then
 * not on the way to the next paint (issue 16).
 */
export function deferredWrite<T>(area: 'local' | 'session', key: string, serialise: (value: T) => string, delayMs = 300) {
  let pending: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    stop();
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    writeStorage(area, key, serialise(value));
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  return {
    write(value: T) {
      pending = { value };
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
    /** Drops what was waiting and removes the stored value. */
    remove() {
      stop();
      pending = undefined;
      writeStorage(area, key, null);
    },
  };
}

/** A chat's conversation id, made by the browser and kept in local storage (spec 3-ai §3). */
export function browserChatId(key: string): string {
  const kept = readStorage('local', key);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const made = crypto.randomUUID();
  writeStorage('local', key, made);
  return made;
}

/** Where the ten-section DS-160 form keeps itself in this browser (its page reads it back on open). */
export const DS160_FORM_STORAGE_KEY = 'rumbo-ds160-form';
