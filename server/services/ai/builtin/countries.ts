import { COUNTRIES } from '../../../../machines/domain/countryList';
import { EXTRA_COUNTRY_NAMES as EXTRA_NAMES } from '../../../../machines/domain/countryNames';
import { DEMONYMS } from './demonyms';
import { fold, wordPattern } from './text';

// Countries as people name them in the four languages: the names Intl gives for each code (México, Allemagne,
// Estados Unidos), the product's English names, common short forms, and nationality words ('soy mexicana',
// 'je suis français'), with or without accents.

const LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;

interface Entry {
  word: string;
  code: string;
  kind: 'name' | 'demonym';
}

function entries(): Entry[] {
  const list: Entry[] = [];
  const seen = new Set<string>();
  const push = (word: string, code: string, kind: Entry['kind']) => {
    const key = fold(word.trim());
    // Short words ('us', 'uk' excepted) are too often something else.
    if (key.length < 4 && !EXTRA_NAMES[code]?.includes(key)) return;
    if (seen.has(`${key}|${kind}`)) return;
    seen.add(`${key}|${kind}`);
    list.push({ word: key, code, kind });
  };
  for (const language of LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const { code } of COUNTRIES) push(names.of(code) ?? '', code, 'name');
  }
  for (const { code, name } of COUNTRIES) push(name, code, 'name');
  for (const [code, names] of Object.entries(EXTRA_NAMES)) for (const name of names) push(name, code, 'name');
  for (const [code, words] of Object.entries(DEMONYMS)) for (const language of LANGUAGES) for (const word of words[language]) push(word, code, 'demonym');
  // Longest first, so 'guinea ecuatorial' wins over 'guinea' and 'estados unidos' over 'unidos'.
  return list.sort((a, b) => b.word.length - a.word.length);
}

let index: { pattern: RegExp; byWord: Map<string, Entry> } | undefined;
function lookup() {
  if (!index) {
    const list = entries();
    // A word that is both ('argentina', 'china') counts as the country's name: 'vivo en China' names a place.
    const byWord = new Map<string, Entry>();
    for (const entry of list) if (!byWord.has(entry.word) || entry.kind === 'name') byWord.set(entry.word, entry);
    index = { pattern: wordPattern([...byWord.keys()]), byWord };
  }
  return index;
}

const NAME_OF = new Map(COUNTRIES.map((c) => [c.code, c.name]));

export interface FoundCountry {
  /** The product's English name (what forms store). */
  country: string;
  code: string;
  /** Named as a nationality ('mexicana'), not as a place. */
  demonym: boolean;
  text: string;
  index: number;
}

/**
 * Nationality words are also language names ('hablo español', 'I speak Spanish', 'en français'): after these a
 * word names a language, not a person's country.
 */
const LANGUAGE_CUE = /(?:^|[^\p{L}])(?:hablo|hablas|habla|hablamos|idioma|idiomas|lengua|en|speak|speaks|spoken|language|languages|in|parle|parles|parlons|langue|langues|falo|fala|falamos|lingua|idioma|em)\s+(?:\p{L}+\s+(?:y|and|et|e)\s+)?$/u;

/** Every country named in `text`, in order, as a place or as a nationality. */
export function findCountries(text: string): FoundCountry[] {
  const { pattern, byWord } = lookup();
  const folded = fold(text);
  const found: FoundCountry[] = [];
  for (const match of folded.matchAll(pattern)) {
    const entry = byWord.get(match[0]);
    const country = entry && NAME_OF.get(entry.code);
    if (!entry || !country) continue;
    if (entry.kind === 'demonym' && LANGUAGE_CUE.test(folded.slice(Math.max(0, match.index - 40), match.index))) continue;
    found.push({ country, code: entry.code, demonym: entry.kind === 'demonym', text: text.slice(match.index, match.index + match[0].length), index: match.index });
  }
  return found;
}

/** Cues that the country that follows is the person's own: 'soy de', 'I am from', 'je viens de', 'nací en'. */
const OWN = /(?:soy|somos|vengo|venimos|nacid[oa]|naci|naturales?|originari[oa]|ciudadan[oa]|nacionalidad|from|citizen|nationality|born|je suis|je viens|ne|nee|nationalite|citoyen(?:ne)?|sou|somos|venho|nasci|natural|cidada[oa]?|nacionalidade)\b[^.!?\n]{0,20}$/;

/**
 * The person's nationality: a nationality word ('mexicana'), else a country right after a cue of belonging
 * ('soy de México', 'I'm from Brazil'), else the only country named in a short answer ('México').
 */
export function findNationality(text: string): FoundCountry | undefined {
  const countries = findCountries(text);
  const demonym = countries.find((c) => c.demonym);
  if (demonym) return demonym;
  const folded = fold(text);
  const cued = countries.find((c) => OWN.test(folded.slice(Math.max(0, c.index - 40), c.index)));
  if (cued) return cued;
  const words = folded.split(/\s+/).filter(Boolean).length;
  return countries.length === 1 && words <= 4 ? countries[0] : undefined;
}
