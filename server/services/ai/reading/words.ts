import { fold } from '../builtin/text';

// Small shared helpers over folded text (lower case, no accents): words, phrases, and how far two words are.

/** Folded, with punctuation made spaces and runs of spaces made one; apostrophes kept inside words. */
export function plain(text: string): string {
  return fold(text)
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’`´]/g, "'")
    .replace(/[^\p{L}\p{N}'@.+-]+/gu, ' ')
    .replace(/(^|\s)[.'+-]+|[.'+-]+(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export const wordsOf = (text: string): string[] => plain(text).split(' ').filter(Boolean);

/** Whether a phrase (folded words) occurs in the text as whole words. */
export function hasPhrase(text: string, phrase: string): boolean {
  return ` ${plain(text)} `.includes(` ${phrase} `);
}

export const hasAny = (text: string, phrases: readonly string[]): boolean => phrases.some((p) => hasPhrase(text, p));

/** Damerau-Levenshtein distance (a swap of two letters counts once), stopping early past `max`. */
export function distance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How many typing slips a word of this length may carry and still be recognised. */
export const slipsAllowed = (word: string): number => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/** The text with every occurrence of the phrases (whole words) removed, from plain text. */
export function without(text: string, phrases: readonly string[]): string {
  let out = ` ${plain(text)} `;
  for (const phrase of [...phrases].sort((a, b) => b.length - a.length)) out = out.split(` ${phrase} `).join(' ');
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The same word in another form, not a slip: its plural, its other gender, a diminutive ("turistas", "conferences",
 * "casadas", "solterita"): the two differ only after the shorter one's stem (all but its last two letters, at least
 * four letters).
 */
export function inflected(typed: string, spelling: string): boolean {
  const stem = Math.max(4, Math.min(typed.length, spelling.length) - 2);
  return typed !== spelling && typed.slice(0, stem) === spelling.slice(0, stem) && !/\s/.test(typed) && !/\s/.test(spelling);
}
