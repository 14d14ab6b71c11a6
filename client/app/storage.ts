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
