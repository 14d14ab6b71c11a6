import { fold, type Language } from '../builtin/text';
import { GIVEN_NAMES, givenNamesAtStart } from './givenNames';

// A whole name given where one part was asked ("je m'appelle Éloïse Martin" to the first-name question): which
// words are the given names and which the surname, by the language's conventions (issue 42). Two parts are a given
// name and a surname; in Spanish and Portuguese four parts are two given names and two surnames; joining words
// (de, da, dos, van, von, le, del …) stay with the surname that follows them. Where the conventions do not settle it
// (three parts in English or French, a given name that is also a surname), the split is only offered and asked.

/**
 * The names every object and function carries (toString, valueOf, constructor, hasOwnProperty, __proto__, prototype,
 * call, bind…), folded, taken from the runtime itself rather than listed: a member of the language the reader is
 * written in, never a word a person has as a name (issue 42: "toString" was stored as a first name).
 */
const MEMBERS = new Set(
  [Object.prototype, Function.prototype]
    .flatMap((o) => Object.getOwnPropertyNames(o))
    .concat('prototype')
    .map((n) => n.toLowerCase()),
);

/**
 * Whether a word may be part of a person's name: not a member name of an object, and not typed as an identifier is
 * (a lower-case start with a capital inside: "toString", "isPrototypeOf"), which no name is written as; "McDonald",
 * "DeSantis", "JoAnn" start with their capital and stay names.
 */
export function isPersonWord(word: string): boolean {
  // Each part of a joined name counts ("Marie-Claire", "constructor-constructor").
  return word
    .split(/[^\p{L}\p{M}_]+/u)
    .filter(Boolean)
    .every((part) => !/^\p{Ll}+\p{Lu}/u.test(part) && !MEMBERS.has(part.toLowerCase()) && !MEMBERS.has(fold(part)));
}

/** Which part of a name the phrase that introduced it names: all of it, the given names, the surname, or it does not say. */
export type NamePart = 'full' | 'given' | 'surname' | 'unsaid';

const SURNAME_WORDS = /\b(?:apellidos?|last names?|surnames?|family names?|noms? de famille|sobrenomes?|apelidos?)\b/;
const GIVEN_WORDS = /\b(?:primer nombre|nombres?(?: de pila)?|first names?|given names?|names are|prenoms?|nomes|prenome|primeiro nome)\b/;
/**
 * Phrases that only point at the answer ("it's", "c'est", "es", "é", a form's label): they say nothing of the part.
 * French "mon nom" is the surname on a form and the whole name in speech, so it says nothing either.
 */
const UNSAID = new Set(['nombre', 'name', 'nom', 'nome', 'es', 'e', "c'est", 'cest', 'it is', "it's", 'its', 'el nombre es', 'the name is', 'name is', "the name's", "name's", 'mon nom est', "mon nom c'est"]);

/** The part a folded naming phrase names; `mi nombre es` (a whole name in speech) is full, `mis nombres son` given. */
export function partNamed(phrase: string): NamePart {
  if (UNSAID.has(phrase)) return 'unsaid';
  if (SURNAME_WORDS.test(phrase)) return 'surname';
  if (/^mi nombre es$|^mi nombre completo es$/.test(phrase)) return 'full';
  if (GIVEN_WORDS.test(phrase)) return 'given';
  return 'full';
}

/** Joining words that belong to the surname after them. */
const JOINING = new Set(['de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'van', 'von', 'der', 'den', 'di', 'du', 'le', 'bin', 'ben', 'al', 'el', 'mac', 'st', 'y']);

/** The name's parts: each joining word kept with the word after it ("Ana | María | de la Cruz"). */
export function partsOf(words: readonly string[]): string[] {
  const out: string[] = [];
  let joining: string[] = [];
  for (const word of words) {
    if (JOINING.has(fold(word)) && out.length > 0) joining.push(word);
    else {
      out.push([...joining, word].join(' '));
      joining = [];
    }
  }
  if (joining.length) out.push(joining.join(' '));
  return out;
}

/**
 * Given names that are as often surnames in the four languages ("Éloïse Martin", "Paul Thomas"): after another given
 * name they may be either, so the split is asked.
 */
const SURNAME_TOO = new Set(
  'martin martins bernard thomas robert richard simon laurent michel david vincent nicolas henry lucas louis leon roman salvador domingo vicente jordan morgan nelson wilson douglas franklin walter harold marcos ramos cruz'.split(' '),
);

export const isGiven = (part: string) => fold(part).split('-').every((p) => GIVEN_NAMES.has(p));
export const surnameToo = (part: string) => SURNAME_TOO.has(fold(part));

export interface Split {
  /** How many of the parts are the given names. */
  given: number;
  /** Whether the language's conventions settle the split (then a naming phrase lets it be stored). */
  sure: boolean;
  /** Other counts of given names the name may have, offered beside the first when unsure. */
  otherwise?: number[];
}

/** Where a name of several parts splits into given names and surname, by the language's conventions. */
export function splitName(parts: readonly string[], language: Language): Split {
  const k = parts.length;
  if (k <= 1) return { given: k, sure: true };
  const known = givenNamesAtStart(parts);
  const hispanic = language === 'es' || language === 'pt';
  // "Éloïse Martin" is a given name and a surname in English or French, while "Juan Martín" may be two given names in
  // Spanish or Portuguese.
  if (k === 2 && surnameToo(parts[1]!)) return hispanic ? { given: 1, sure: false, otherwise: [2] } : { given: 1, sure: true };
  if (known === k) {
    // "José Luis", "Mary Ann", "Jean Pierre": given names only, unless the last is as often a surname.
    if (surnameToo(parts[k - 1]!)) return { given: k - 1, sure: false, otherwise: [k] };
    return k === 2 ? { given: k, sure: true } : { given: k, sure: false, ...(k === 4 && hispanic ? { otherwise: [2] } : {}) };
  }
  if (k === 2) return { given: 1, sure: true };
  if (hispanic && k === 3) {
    // "José Luis García" or "Ana García López": the known given names decide, unless the second is as often a surname.
    if (known >= 2) return surnameToo(parts[1]!) ? { given: 1, sure: false, otherwise: [2] } : { given: 2, sure: true };
    return { given: 1, sure: true };
  }
  if (hispanic && k === 4) return { given: 2, sure: true };
  // Three parts in English or French (a middle name or a double surname), five or more anywhere: offered and asked.
  const guess = Math.min(Math.max(known, 1), k - 1);
  return { given: guess, sure: false };
}
