// Text as the built-in engine reads it: folded (lower case, accents dropped) character for character, so a
// match found in the folded text points at the same characters of what the person wrote.

export type Language = 'en' | 'es' | 'fr' | 'pt';

/** Lower case without accents, one character for each character of `text` (NFC), so offsets carry over. */
export function fold(text: string): string {
  let out = '';
  for (const char of text) {
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    out += bare.length === char.length ? bare : char.toLowerCase().slice(0, char.length).padEnd(char.length, ' ');
  }
  return out;
}

/** NFC, with every run of spaces (the no-break one included) made one space. */
export function tidy(text: string): string {
  return text.normalize('NFC').replace(/[\s\u00a0]+/gu, ' ').trim();
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word boundary that knows accented letters: not preceded or followed by a letter or digit. */
export const wordPattern = (alternatives: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
