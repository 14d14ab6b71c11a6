import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: an applicant reads these aloud to support or types them from a printed receipt.
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ';

const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

/** The confirmation number: the day it was placed and eight random characters (`RB-261123-7K3QXM9P`). */
export function orderNumber(at: Date): string {
  const day = at.toISOString().slice(2, 10).replace(/-/g, '');
  return `RB-${day}-${pick(READABLE, 8)}`;
}

/** The premium portal's code in the spec's shape `PREMIUM-<digits>-<two letters>` (3-ai §2.8), 10^8 × 23² values. */
export function accessCode(): string {
  return `PREMIUM-${String(randomInt(100_000_000)).padStart(8, '0')}-${pick(LETTERS, 2)}`;
}

export const ACCESS_CODE_PATTERN = /^PREMIUM-\d{8}-[A-Z]{2}$/;
