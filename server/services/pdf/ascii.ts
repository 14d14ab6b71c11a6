// An A–Z copy of an answer for the official sites, which refuse anything but plain ASCII letters in names.
// Cyrillic follows the ICAO Doc 9303 table that passports use for their machine-readable line, so the copy
// matches what the applicant reads at the bottom of the photo page. Greek passports print ELOT 743, whose
// digraphs differ from a letter-by-letter table (ΠΑΠΑΔΟΠΟΥΛΟΣ is PAPADOPOULOS, not PAPADOPOYLOS), so Greek
// follows ELOT 743. Latin letters lose their accents (José → Jose), as the official sites ask.

/** Letters that no Unicode decomposition turns into ASCII. Lowercase; capitals are derived. */
const LATIN: Readonly<Record<string, string>> = {
  æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŋ: 'n', ĸ: 'k', ŧ: 't',
  ə: 'a', ƒ: 'f', ɨ: 'i', ʉ: 'u', ɔ: 'o', ɛ: 'e',
};

/** ICAO Doc 9303 Part 3, Cyrillic (the Russian row, with the letters of the other Cyrillic alphabets). */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: 'ie', ы: 'y', ь: '', э: 'e', ю: 'iu', я: 'ia',
  ґ: 'g', ѓ: 'g', ђ: 'd', є: 'ie', ѕ: 'dz', і: 'i', ї: 'i', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', ќ: 'k', ў: 'u', џ: 'dz',
};

/** Doc 9303's language exceptions: Ukrainian and Belarusian write Г as H, Ukrainian И as Y, Belarusian Ё as IO. */
const UKRAINIAN_OR_BELARUSIAN = /[ҐґЄєІіЇїЎў]/;
const BELARUSIAN = /[ІіЎў]/;

/** ELOT 743, letter by letter; the digraphs are handled in `greekDigraph`. */
const GREEK: Readonly<Record<string, string>> = {
  α: 'a', ά: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', έ: 'e', ζ: 'z', η: 'i', ή: 'i', θ: 'th', ι: 'i', ί: 'i', ϊ: 'i',
  ΐ: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', ό: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y',
  ύ: 'y', ϋ: 'y', ΰ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o', ώ: 'o',
};

/** After αυ, ευ, ηυ these make the υ an F rather than a V. */
const GREEK_VOICELESS = new Set(['θ', 'κ', 'ξ', 'π', 'σ', 'ς', 'τ', 'φ', 'χ', 'ψ']);

/** Punctuation and spaces typed by phones and word processors, in the plain form the sites accept. */
const PUNCTUATION: Readonly<Record<string, string>> = {
  '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", 'ʼ': "'", 'ʻ': "'", '`': "'", '´': "'",
  '“': '"', '”': '"', '„': '"', '‟': '"', '″': '"', '«': '"', '»': '"', '‹': "'", '›': "'",
  '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-', '⁄': '/', '·': '', '•': '-', '×': 'x',
  '€': 'EUR', '£': 'GBP', '\u00ad': '', '\u200b': '', '\u200c': '', '\u200d': '', '\ufeff': '',
};

const PLAIN = /^[\x20-\x7e\t\r\n]*$/;

export function isPlainAscii(text: string): boolean {
  return PLAIN.test(text);
}

const isLower = (ch: string | undefined) => ch !== undefined && ch !== ch.toUpperCase() && ch === ch.toLowerCase();
const isUpper = (ch: string | undefined) => ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();

/** 'zh' for a capital Ж reads 'Zh' in 'Жанна' and 'ZH' in 'ЖАННА'. */
function withCase(latin: string, source: string, next: string | undefined): string {
  if (!isUpper(source)) return latin;
  return isLower(next) ? latin.charAt(0).toUpperCase() + latin.slice(1) : latin.toUpperCase();
}

/**
 * ELOT 743's two-letter rules at `i` of the lowercased word: ου → ou; αυ/ευ/ηυ → av/ev/iv, or af/ef/if before a
 * voiceless consonant or at the end; γγ → ng, γξ → nx, γχ → nch; μπ, ντ, γκ → b, d, g at the start of a word.
 */
function greekDigraph(lower: string[], i: number): { latin: string; length: number } | null {
  const [a, b, c] = [lower[i], lower[i + 1], lower[i + 2]];
  const atStart = i === 0 || !/\p{L}/u.test(lower[i - 1] ?? '');
  if (a === 'ο' && (b === 'υ' || b === 'ύ')) return { latin: 'ou', length: 2 };
  if ((a === 'α' || a === 'ά' || a === 'ε' || a === 'έ' || a === 'η' || a === 'ή') && (b === 'υ' || b === 'ύ')) {
    const vowel = GREEK[a] as string;
    const voiceless = c === undefined || !/\p{L}/u.test(c) || GREEK_VOICELESS.has(c);
    return { latin: vowel + (voiceless ? 'f' : 'v'), length: 2 };
  }
  if (a === 'γ' && b === 'γ') return { latin: 'ng', length: 2 };
  if (a === 'γ' && b === 'ξ') return { latin: 'nx', length: 2 };
  if (a === 'γ' && b === 'χ') return { latin: 'nch', length: 2 };
  if (atStart && a === 'μ' && b === 'π') return { latin: 'b', length: 2 };
  if (atStart && a === 'ν' && b === 'τ') return { latin: 'd', length: 2 };
  if (atStart && a === 'γ' && b === 'κ') return { latin: 'g', length: 2 };
  return null;
}

/** One character with no table entry: its accents dropped (NFKD also folds full-width letters and ligatures). */
function decomposed(ch: string): string {
  return ch.normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * The text in printable ASCII, or null when a character has no A–Z spelling (Chinese, Arabic, Thai, ...): such a
 * name must be typed as the passport's machine-readable line spells it. Plain ASCII comes back unchanged.
 */
export function asciiSafe(text: string): string | null {
  if (isPlainAscii(text)) return text;
  const chars = [...text.normalize('NFC')];
  const lower = chars.map((ch) => ch.toLowerCase());
  const cyrillic = { г: 'g', и: 'i', ё: 'e' };
  if (UKRAINIAN_OR_BELARUSIAN.test(text)) Object.assign(cyrillic, { г: 'h', и: 'y' });
  if (BELARUSIAN.test(text)) cyrillic.ё = 'io';
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const low = lower[i] as string;
    if (isPlainAscii(ch)) {
      out += ch;
      continue;
    }
    const digraph = GREEK[low] !== undefined ? greekDigraph(lower, i) : null;
    if (digraph) {
      out += withCase(digraph.latin, ch, chars[i + digraph.length]);
      i += digraph.length - 1;
      continue;
    }
    const mapped =
      (cyrillic as Record<string, string>)[low] ?? CYRILLIC[low] ?? GREEK[low] ?? LATIN[low] ?? PUNCTUATION[ch] ?? null;
    if (mapped !== null) {
      out += withCase(mapped, ch, chars[i + 1]);
      continue;
    }
    if (/\p{M}/u.test(ch)) continue;
    if (/\s/u.test(ch)) {
      out += ' ';
      continue;
    }
    const plain = decomposed(ch);
    const fixed = [...plain].map((c) => (isPlainAscii(c) ? c : (PUNCTUATION[c] ?? LATIN[c.toLowerCase()] ?? null)));
    if (plain === '' || fixed.some((c) => c === null)) return null;
    out += fixed.join('');
  }
  return isPlainAscii(out) ? out : null;
}
