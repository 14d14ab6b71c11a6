// Names in passport spelling (ICAO Doc 9303, part 3, transliteration of Latin letters with diacritics): the
// machine-readable zone and the U.S. forms take A-Z only. Letters with their own rule come first; every other
// accented Latin letter loses its accent (É → E, Ç → C, Ã → A, Ñ → N).

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
