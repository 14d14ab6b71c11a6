import { COUNTRIES } from '../../../../machines/domain/countryList';
import { findCountries, findNationality } from '../builtin/countries';
import { DEMONYMS } from '../builtin/demonyms';
import { fold } from '../builtin/text';
import { silent, value, type Reading } from './types';
import { distance, slipsAllowed } from './words';
import { wholeSlip } from './leadIns';
import { inflected } from './words';
import { ownEntry } from '../../../../machines/domain/ownEntry';

// Countries and nationalities in the four languages ("soy mexicana", "je viens du Sénégal", "Brasil", "EEUU"),
// stored by the product's English name. A name typed with a slip ("Brasill", "Mexcio", "Colmbia") is read when it
// is close to one country only.

const BY_NAME = new Map(COUNTRIES.map((c) => [fold(c.name), c.name]));
const NAME_OF = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** Letters only, in words: "Côte d’Ivoire" and "cote d ivoir" split alike. */
const wordsIn = (text: string) => fold(text).replace(/[^\p{L}\s-]+/gu, ' ').split(/[\s-]+/).filter(Boolean);

/**
 * How a word sounds more than how it is spelled: "phillipino" and "filipino", "brazillian" and "brazilian",
 * "columbian" and "colombian" come closer, so a slip of hearing counts as one of typing.
 */
export const soundKey = (word: string) =>
  word.replace(/ph/g, 'f').replace(/th/g, 't').replace(/y/g, 'i').replace(/z/g, 's').replace(/k/g, 'c').replace(/qu/g, 'c').replace(/(.)\1+/g, '$1');

let spellings: Array<{ words: string[]; country: string }> | undefined;
/** Every name and nationality word, as folded words, for matching a slip. */
function allSpellings() {
  if (spellings) return spellings;
  const list: Array<{ words: string[]; country: string }> = [];
  for (const language of ['en', 'es', 'fr', 'pt']) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const { code, name } of COUNTRIES) list.push({ words: wordsIn(names.of(code) ?? name), country: name });
  }
  for (const [code, words] of Object.entries(DEMONYMS)) {
    const country = NAME_OF.get(code);
    if (!country) continue;
    for (const word of [...words.en, ...words.es, ...words.fr, ...words.pt]) list.push({ words: wordsIn(word), country });
  }
  spellings = list;
  return list;
}

/** The one country whose name (or nationality word) the words come close to, and the words it matched. */
function nearest(text: string): { country: string; quote: string; others?: string[]; form?: boolean } | undefined {
  const words = wordsIn(text);
  const hits = new Map<string, string>();
  const forms = new Set<string>();
  for (const { words: name, country } of allSpellings()) {
    for (let i = 0; i + name.length <= words.length; i++) {
      const typed = words.slice(i, i + name.length).join(' ');
      const wanted = name.join(' ');
      if (wanted.length < 5) continue;
      const d = distance(typed, wanted, 2);
      const heard = distance(soundKey(typed), soundKey(wanted), 2);
      // A slip keeps the word's first letter: "Luanda" is a city, not "Ruanda" (Rwanda) typed wrong.
      if (d > 0 && typed[0] === wanted[0] && (d <= slipsAllowed(wanted) || heard <= Math.max(0, slipsAllowed(wanted) - 1))) {
        hits.set(country, typed);
        if (inflected(typed, wanted)) forms.add(country);
      }
    }
  }
  if (hits.size !== 1) return hits.size > 1 ? { country: [...hits.keys()][0]!, quote: [...hits.values()][0]!, others: [...hits.keys()].slice(1) } : undefined;
  const [[country, quote]] = [...hits.entries()] as [[string, string]];
  return { country, quote, ...(forms.has(country) ? { form: true } : {}) };
}

/**
 * Names two countries share, in the four languages ("Korea", "coreano", "Congo", "congolaise"): the word that tells
 * them apart ("South", "del Sur", "démocratique", "Kinshasa") settles which; without it the answer is read back with
 * both, never stored.
 */
const SHARED: Array<{ stem: RegExp; countries: Array<{ name: string; by: RegExp }> }> = [
  {
    stem: /\b(?:korea|corea|coree|coreia|korean|coreano|coreana|coreen|coreenne|coreanos|coreanas|koreans)\b/,
    countries: [
      { name: 'South Korea', by: /\b(?:south|sur|sud|sul|seoul|seul|rok)\b/ },
      { name: 'North Korea', by: /\b(?:north|norte|nord|pyongyang|dprk)\b/ },
    ],
  },
  {
    stem: /\b(?:congo|congolese|congoleno|congolena|congoles|congolesa|congolais|congolaise)\b/,
    countries: [
      { name: 'Democratic Republic of the Congo', by: /\b(?:democratic|democratica|democratique|rdc|drc|rd|kinshasa)\b/ },
      { name: 'Republic of the Congo', by: /\bbrazzaville\b|^(?!.*\bdemocrat).*\b(?:republic of the congo|republica del congo|republique du congo|republica do congo)\b/ },
    ],
  },
];

/** A shared name in the answer: the one country a word settles, or both when none does. */
function sharedName(text: string, quote: string): Reading | undefined {
  const folded = fold(text).replace(/[^\p{L}\s]+/gu, ' ');
  const shared = SHARED.find((s) => s.stem.test(folded));
  if (!shared) return undefined;
  const settled = shared.countries.filter((c) => c.by.test(folded));
  if (settled.length === 1) return value(settled[0]!.name, 0.95, { quote });
  const [first, ...others] = shared.countries.map((c) => c.name);
  return value(first!, 0.5, { quote, alternatives: others });
}

/** "franco-", "hispano-", "luso-": the first half of a compound nationality, and its country. */
const PREFIX: Record<string, string> = {
  franco: 'France', hispano: 'Spain', luso: 'Portugal', anglo: 'United Kingdom', italo: 'Italy', germano: 'Germany', greco: 'Greece', sino: 'China',
  nippo: 'Japan', russo: 'Russia', belgo: 'Belgium', helveto: 'Switzerland', americano: 'United States', mexicano: 'Mexico', argentino: 'Argentina', brasileiro: 'Brazil',
  teuto: 'Germany', hispanico: 'Spain', polono: 'Poland', turco: 'Turkey', indo: 'India', canado: 'Canada',
};
const JOINED = /^\s*(?:y|and|et|e|&|\/|,|ou|or|o|also|tambien|aussi|tambem)?\s*$/;

/**
 * Two nationalities said together: two countries joined only by "and"/"y"/"et"/"e"/"/" ("española y argentina",
 * "Irish/British"), or a compound ("franco-algérien", "hispano-marroquí", "luso-brasileira").
 */
function twoNationalities(text: string, places: ReturnType<typeof findCountries>): string[] | undefined {
  const compound = /\b(\p{L}+)[-‑](\p{L}+)\b/u.exec(fold(text));
  const first = compound ? ownEntry(PREFIX, compound[1]!.replace(/a$/, 'o')) : undefined;
  if (first) {
    const second = places.find((p) => p.country !== first && fold(p.text).length > 2);
    if (second) return [first, second.country];
  }
  const sorted = [...places].sort((a, b) => a.index - b.index);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    if (a.country !== b.country && JOINED.test(fold(text.slice(a.index + a.text.length, b.index)))) return [a.country, b.country];
  }
  return undefined;
}

/** The country an answer names: the person's own when it is a nationality question, else the place named. */
export function readCountry(text: string, nationality: boolean): Reading {
  const shared = sharedName(text, text.trim());
  if (shared) return shared;
  const bare = fold(text).replace(/[.!¡¿?]+/g, '').trim();
  const exact = BY_NAME.get(bare);
  if (exact) return value(exact, 0.97, { quote: text.trim() });
  const own = findNationality(text);
  const places = findCountries(text);
  const distinct = [...new Set(places.map((p) => p.country))];
  // "peruana y española", "American and Mexican", "española y argentina" (a demonym that is also a country's name),
  // "franco-algérien": two nationalities, one asked for.
  const demonyms = [...new Set(places.filter((p) => p.demonym).map((p) => p.country))];
  const paired = nationality ? twoNationalities(text, places) : undefined;
  if (paired) return value(paired[0]!, 0.5, { quote: text.trim(), alternatives: paired.slice(1) });
  if (nationality && demonyms.length > 1) return value(demonyms[0]!, 0.5, { quote: text.trim(), alternatives: demonyms.slice(1) });
  if (own && (nationality || distinct.length <= 1)) return value(own.country, distinct.length > 1 ? 0.85 : 0.95, { quote: own.text });
  if (distinct.length === 1) return value(distinct[0]!, 0.9, { quote: places[0]!.text });
  if (distinct.length > 1) return value(distinct[0]!, 0.5, { quote: places[0]!.text, alternatives: distinct.slice(1) });
  const close = nearest(text);
  if (close) return value(close.country, close.others ? 0.5 : close.form || wholeSlip(close.quote, text) ? 0.85 : 0.6, { quote: close.quote, ...(close.others ? { alternatives: close.others } : {}) });
  return silent('notUnderstood');
}
