import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// Which refusals the interface words itself (issue 34), as the oracles state it: a server code is worded when the
// errors namespace has its text (locales/en/errors.json), not when machines/domain's list says so (the rule judged).
const ERRORS: Record<string, unknown> = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../locales/en/errors.json'), 'utf8'));

/** The key the page shows for a server's code, or null when the page says its own default. */
export function wordedKey(code: unknown): string | null {
  return typeof code === 'string' && typeof ERRORS[code] === 'string' ? `errors:${code}` : null;
}
