import type { Extracted, ExtractInput } from '../schemas';
import { findNationality, findCountries } from './countries';
import { findDates } from './dates';
import { isPersonWord, partsOf, splitName } from '../reading/nameParts';
import { fold, tidy, type Language } from './text';

// The built-in engine's reading of a free-text answer (issue 13): rules, not a model, so the same words always
// give the same fields and tests can assert on them.

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/** Digits grouped as phones are written: +52 55 1234 5678, (555) 123-4567, 0034 612 345 678. */
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00)?\(?\d[\d\s().-]{5,22}\d(?![\p{L}\p{N}])/gu;

const PASSPORT_WORD = /(?:pasaporte|passport|passeport|passaporte)/;
/** A passport number: 6-9 letters and digits with at least one digit (and, alone, at least one letter). */
const PASSPORT = /(?<![\p{L}\p{N}])(?=[A-Z0-9]*\d)[A-Z0-9]{6,9}(?![\p{L}\p{N}])/gu;

/** Phrases that introduce a person's name, in folded text; the name is taken from what was written after them. */
const NAME_CUES = [
  'me llamo',
  'mi nombre es',
  'mi nombre completo es',
  'mi nombre:',
  'my name is',
  'my full name is',
  'name:',
  'nombre:',
  'je m\'appelle',
  'je m’appelle',
  'mon nom est',
  'mon nom complet est',
  'nom:',
  'meu nome e',
  'meu nome completo e',
  'me chamo',
  'chamo-me',
  'nome:',
];
const NAME_WORD = /^[\p{Lu}][\p{L}'’-]*$/u;
/** Words that end a name even when capitalised at a sentence start. */
const NAME_STOP = new Set(['y', 'and', 'et', 'e', 'soy', 'i', 'je', 'eu', 'mi', 'my', 'mon', 'meu', 'from']);
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'van', 'von', 'di', 'du', 'le']);

const PURPOSES: Array<[Extracted['purpose'] & string, string[]]> = [
  ['business', ['negocio', 'negocios', 'business', 'affaires', 'negocios', 'negocio', 'trabajo', 'work trip', 'reunion', 'reuniones', 'meeting', 'meetings', 'conferencia', 'conference', 'congreso', 'congres', 'feria', 'salon professionnel', 'voyage d\'affaires', 'viagem de negocios', 'negocio', 'cliente', 'clientes', 'client']],
  ['study', ['estudiar', 'estudio', 'estudios', 'study', 'studies', 'studying', 'student', 'estudiante', 'etudier', 'etudes', 'etudiant', 'etudiante', 'estudar', 'estudos', 'universidad', 'university', 'universite', 'universidade', 'curso', 'course', 'cours', 'intercambio', 'exchange']],
  ['transit', ['transito', 'transit', 'escala', 'layover', 'stopover', 'connection', 'conexion', 'correspondance', 'conexao', 'de paso']],
  ['tourism', ['turismo', 'turista', 'tourism', 'tourist', 'tourisme', 'touriste', 'vacaciones', 'vacation', 'vacations', 'holiday', 'holidays', 'vacances', 'ferias', 'pasear', 'paseo', 'passear', 'visitar', 'visit', 'visiter', 'conocer', 'sightseeing', 'disney', 'disneyland', 'luna de miel', 'honeymoon', 'lune de miel', 'lua de mel', 'familia', 'family', 'famille', 'amigos', 'friends', 'amis']],
];

function emailOf(text: string): string | undefined {
  const match = EMAIL.exec(text);
  return match ? match[0].replace(/\.$/, '').toLowerCase() : undefined;
}

function phoneOf(text: string, taken: Array<[number, number]>): string | undefined {
  for (const match of text.matchAll(PHONE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (taken.some(([a, b]) => start < b && end > a)) continue;
    const digits = match[0].replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    const plus = /^\s*(?:\+|00)/.test(match[0]);
    return `${plus ? '+' : ''}${match[0].trim().startsWith('00') ? digits.slice(2) : digits}`;
  }
  return undefined;
}

function passportOf(text: string): string | undefined {
  const folded = fold(text);
  const cue = PASSPORT_WORD.exec(folded);
  const upper = text.toUpperCase();
  const candidates = [...upper.matchAll(PASSPORT)].filter((m) => !cue || m.index > cue.index);
  // Without the word 'passport', only a mix of letters and digits reads as one (a number alone may be a phone).
  const pick = cue ? candidates[0] : candidates.find((m) => /[A-Z]/.test(m[0]) && /\d/.test(m[0]) && text.trim().length <= 40);
  return pick?.[0];
}

function nameOf(text: string, language: Language): { firstName: string; lastName?: string } | undefined {
  const folded = fold(text);
  for (const cue of NAME_CUES) {
    const at = folded.indexOf(cue);
    if (at < 0) continue;
    const rest = text.slice(at + cue.length).replace(/^[\s:,]+/, '');
    const words: string[] = [];
    for (const raw of rest.split(/\s+/)) {
      const word = raw.replace(/[.,;!?)]+$/, '');
      const bare = fold(word);
      // "my name is toString": an object's member is no name; nothing is read from the cue.
      if (!isPersonWord(word)) return undefined;
      if (words.length > 0 && NAME_STOP.has(bare)) break;
      if (PARTICLES.has(bare) && words.length > 0) {
        words.push(word);
        continue;
      }
      if (!NAME_WORD.test(word)) {
        // A name typed in lower case is still a name right after the cue ('me llamo juan perez').
        if (/^[\p{L}'’-]+$/u.test(word) && !NAME_STOP.has(bare) && words.length < 4 && rest === rest.toLowerCase()) {
          words.push(word.charAt(0).toUpperCase() + word.slice(1));
          if (/[.,;!?]$/.test(raw)) break;
          continue;
        }
        break;
      }
      words.push(word);
      // Five parts at most, joining words not counted ('Ana María de la Cruz López').
      if (words.filter((w) => !PARTICLES.has(fold(w))).length === 5 || /[.,;!?]$/.test(raw)) break;
    }
    while (words.length && PARTICLES.has(fold(words.at(-1) as string))) words.pop();
    if (words.length === 0) continue;
    // Split by the language's conventions, as the reading of a name is ("me llamo José Luis" is two given names,
    // "je m'appelle Éloïse Martin" a given name and a surname); a split they do not settle is not stated outright.
    const parts = partsOf(words);
    const split = splitName(parts, language);
    if (!split.sure) return undefined;
    const firstName = parts.slice(0, split.given).join(' ');
    const last = parts.slice(split.given);
    return last.length ? { firstName, lastName: last.join(' ') } : { firstName };
  }
  return undefined;
}

function purposeOf(text: string): Extracted['purpose'] {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}' ]+/gu, ' ')} `;
  let best: { purpose: Extracted['purpose']; at: number } | undefined;
  for (const [purpose, words] of PURPOSES) {
    for (const word of words) {
      const at = folded.indexOf(` ${word} `);
      if (at >= 0 && (!best || at < best.at)) best = { purpose, at };
    }
  }
  return best?.purpose;
}

/** The fields a free-text answer gives: contact, dates, countries and nationality, purpose, name, passport. */
export function extract({ text: raw, language }: ExtractInput, today = new Date()): Extracted {
  const text = tidy(raw);
  const result: Extracted = { dates: [], countries: [] };
  const email = emailOf(text);
  if (email) result.email = email;
  const dates = findDates(text, language, today);
  result.dates = dates.map(({ iso, text: written }) => ({ iso, text: written }));
  const taken: Array<[number, number]> = dates.map((d) => [d.index, d.index + d.text.length]);
  const emailAt = email ? fold(text).indexOf(email) : -1;
  if (emailAt >= 0) taken.push([emailAt, emailAt + email!.length]);
  const passport = passportOf(text);
  if (passport) {
    result.passportNumber = passport;
    const at = text.toUpperCase().indexOf(passport);
    taken.push([at, at + passport.length]);
  }
  const phone = phoneOf(text, taken);
  if (phone) result.phone = phone;
  // An address's '.co.uk' or '.mx' is not a country named: the e-mail is blanked out, offsets kept.
  const places = emailAt >= 0 ? text.slice(0, emailAt) + ' '.repeat(email!.length) + text.slice(emailAt + email!.length) : text;
  const countries = findCountries(places);
  result.countries = [...new Set(countries.map((c) => c.country))];
  const nationality = findNationality(places);
  if (nationality) result.nationality = nationality.country;
  const purpose = purposeOf(text);
  if (purpose) result.purpose = purpose;
  const name = nameOf(text, language);
  if (name) {
    result.firstName = name.firstName;
    if (name.lastName) result.lastName = name.lastName;
  }
  return result;
}
