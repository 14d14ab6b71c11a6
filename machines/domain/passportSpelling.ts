// Names in passport spelling (ICAO Doc 9303, part 3, transliteration of Latin letters with diacritics): the
// machine-readable zone and the U.S. forms take A-Z only. Letters with their own rule come first; every other
// accented Latin letter loses its accent (É → E, Ç → C, Ã → A, Ñ → N). The chats propose it when a name is typed
// with accents, and the question wizards offer it beside their "A–Z only" message (issue 45 item 19).

const SPECIAL: Record<string, string> = {
  Ä: 'AE', ä: 'ae', Ö: 'OE', ö: 'oe', Ü: 'UE', ü: 'ue', Å: 'AA', å: 'aa', Æ: 'AE', æ: 'ae', Ø: 'OE', ø: 'oe',
  ß: 'ss', Þ: 'TH', þ: 'th', Ð: 'D', ð: 'd', Đ: 'D', đ: 'd', Œ: 'OE', œ: 'oe', Ĳ: 'IJ', ĳ: 'ij', Ł: 'L', ł: 'l', Ħ: 'H', ħ: 'h', ı: 'i',
};

/** The passport spelling of a name in Latin letters; undefined when a letter has none (another script). */
export function passportSpelling(name: string): string | undefined {
  let out = '';
  for (const char of name.normalize('NFC')) {
    const special = SPECIAL[char];
    if (special) {
      out += special;
      continue;
    }
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (/^[A-Za-z]$/.test(bare) || /^[\s'’-]$/.test(bare)) out += bare === '’' ? "'" : bare;
    else return undefined;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Whether a name needs no change to be written in passport spelling. */
export const isPassportSpelling = (name: string): boolean => /^[A-Za-z\s'-]+$/.test(name);

/**
 * The spelling a form offers for a name it refused as not A–Z: the passport spelling when the name has one and it
 * differs from what was typed; null otherwise (another script, or nothing to change).
 */
export function offeredSpelling(typed: string): string | null {
  const name = typed.trim();
  if (!name || isPassportSpelling(name)) return null;
  const spelled = passportSpelling(name);
  return spelled && spelled !== name ? spelled : null;
}
