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

/** A chat's conversation id, made by the browser and kept in local storage (spec 3-ai §3). */
export function browserChatId(key: string): string {
  const kept = readStorage('local', key);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const made = crypto.randomUUID();
  writeStorage('local', key, made);
  return made;
}
