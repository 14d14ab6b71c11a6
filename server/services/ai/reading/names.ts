import { findCountries } from '../builtin/countries';
import { fold, type Language } from '../builtin/text';
import { givenNamesAtStart } from './givenNames';
import { isGiven, isPersonWord, partNamed, partsOf, splitName, surnameToo, type NamePart } from './nameParts';
import { isPassportSpelling, passportSpelling } from './passportSpelling';
import { silent, value, type Asked, type Reading } from './types';
import { plain } from './words';
import { ownEntry } from '../../../../machines/domain/ownEntry';

// Names as people give them: "je m'appelle Ana", "Souza, con z", "meu nome é João da Silva", "ana". The phrases
// that introduce a name are removed; a clause that is not a name ("Soy de Brasil", "I like pizza") is refused.

/** Phrases that introduce a name, folded, longest first when matched. */
const NAMING = [
  'me llamo', 'mi nombre es', 'mi nombre completo es', 'mi primer nombre es', 'mi apellido es', 'mis apellidos son', 'mi nombre de pila es', 'el nombre es', 'el apellido es', 'nombre', 'apellido', 'apellidos', 'soy',
  'mis nombres son', 'mis nombres de pila son', 'mi nombre de pila', 'mis nombres', 'es',
  'my name is', "my name's", "the name's", "name's", "surname's", "last name's", "first name's", "given name's", "family name's", "my family name's", 'family name is', 'family name', 'nom de famille', 'nom de famille est', "nom de famille c'est", 'le nom de famille', 'el apellido', 'o sobrenome e', 'o sobrenome', 'my first names are', 'my given names are', 'my names are', 'my given name is', 'first names', 'given names', 'given name', "my last name's", "my surname's", "my first name's", 'my full name is', 'my first name is', 'my last name is', 'my surname is', 'my family name is', 'the name is', 'name is', 'name', 'surname', 'last name', 'first name', 'i am', "i'm", 'im', 'it is', "it's", 'its', 'call me',
  "je m'appelle", 'je mappelle', 'mes prenoms sont', 'mes prenoms', 'mon prenom est', "mon prenom c'est", 'mon nom de famille',  'mon nom est', 'mon nom complet est', 'mon prenom est', 'mon nom de famille est', 'mon nom de famille c\'est', 'mon prenom c\'est', 'mon nom c\'est', "c'est", 'nom', 'prenom', 'je suis', 'moi c\'est', 'moi cest',
  'meus nomes sao', 'meus nomes', 'meus sobrenomes sao', 'meus sobrenomes', 'sobrenomes', 'my surnames are', 'my last names are', 'my family names are', 'surnames', 'last names', 'mes noms de famille sont', 'mes noms sont', 'mes noms de famille', 'noms de famille', 'meu prenome e', 'meu nome e', 'meu nome completo e', 'meu primeiro nome e', 'meu sobrenome e', 'meu apelido e', 'me chamo', 'chamo-me', 'eu me chamo', 'nome', 'sobrenome', 'apelido', 'apelidos', 'sou', 'eu sou', 'sou a', 'sou o', 'eu sou a', 'eu sou o', 'e',
];

/** Words that start a sentence or fill it but are never a name. */
const FILLER = ['claro', 'bueno', 'pues', 'mira', 'pues mira', 'este', 'osea', 'o sea', 'aja', 'vale', 'hola', 'si', 'sure', 'ok', 'okay', 'yes', 'yeah', 'yep', 'so', 'like', 'well', 'right', 'hi', 'hello', 'hey', 'oui', 'ouais', 'alors', 'bah', 'ben', 'bon', 'voila', 'bonjour', 'sim', 'entao', 'tipo', 'tipo assim', 'olha', 'ola', 'oi', 'bem', 'bom', 'ah', 'eh', 'um', 'euh', 'gracias', 'thanks', 'merci', 'obrigado', 'obrigada', 'por favor', 'please', 's il vous plait', 'svp', 'senor', 'senora', 'mr', 'mrs', 'ms', 'miss', 'sir', 'dr', 'dra', 'doctor', 'doctora', 'prof', 'sr', 'sra', 'srta', 'mme', 'mlle', 'monsieur', 'madame', 'senhor', 'senhora',
  // "both: Ramírez and Soto", "los dos? …": a word that counts the names is no name.
  'both', 'both of them', 'los dos', 'las dos', 'ambos', 'ambas', 'les deux', 'tous les deux', 'toutes les deux', 'os dois', 'as duas'];

/** Sounds people type while they think ("umm", "uhh", "hmm", "errr", "ehh", "heu", "hã", "mmm"): never a name. */
const HESITATION = /^(?:u+m+|u+h+m*|h+m+|e+r+m*|e+h+|a+h+|m{2,}|h+u+m+|h+e+u+|h+a+|e+u+h+|o+h+|a+j+a+)$/;
const isFiller = (word: string) => FILLER.includes(plain(word)) || HESITATION.test(plain(word));

/** The verb between a field's name and the name ("surname is", "apellido es", "nom est", "sobrenome é"). */
const COPULA = new Set(['is', 'es', 'est', 'e', 'are', 'son', 'sont', 'sao', "c'est", 'cest']);

/** Joining words kept inside surnames. */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'van', 'von', 'der', 'den', 'di', 'du', 'le', 'y', 'e', 'bin', 'ben', 'al', 'el', 'mac', 'st']);

/** Ordinary words of the four languages: a clause holding one is a sentence, not a name. */
const COMMON = new Set(
  (
    'a al algo and are at be but by con como de del desde el en era es esta estoy este for from fue he her him his i in is it la las le les lo los me mi mis my no not nos of on or para pero por que se ser sin so soy su sus the their them they this to tu un una uno was we what with y yo you your ' +
    'au aux avec ce ces cette dans des du elle en est et il ils je la le les leur lui ma mais me mes moi mon ne nous on ou par pas pour qu que qui sa se ses son sont sur ta te tes toi ton tu un une vous ' +
    'ao aos as com da das de do dos ela ele em entre essa esse esta estou eu isso mas meu minha na nas no nos o os ou para pela pelo por que se sem seu sua sou um uma voce ' +
    'like love want need have has had go going live living work working travel trip visa esta passport email phone country city address date born name names know think ' +
    // Another question's answer given here ("casada" at the first name): a marital status is no name.
    'single married divorced widowed separated soltera soltero solteira solteiro casada divorciada divorciado viuda viudo viuva viuvo separada separado mariee celibataire divorcee veuve veuf ' +
    'quiero tengo vivo trabajo viajo viaje pasaporte correo telefono pais ciudad direccion fecha nacido nacida nombre llamo gusta ' +
    'veux ai habite travaille voyage passeport courriel telephone pays ville adresse date ne nee nom appelle aime ' +
    'quero tenho moro trabalho viagem passaporte telefone cidade endereco data nasci nome chamo gosto ' +
    'yes no si oui non sim nao ok hola hello bonjour ola merci gracias thanks obrigado pizza vacaciones vacation tourism turismo business negocios'
  ).split(' '),
);

const NAME_WORD = /^[\p{L}][\p{L}\p{M}'’-]*$/u;

function titleCase(word: string, mixed: boolean): string {
  // A particle keeps the capital it was typed with ("Le Goff", "Van Der Berg") when the name is typed in mixed case.
  if (PARTICLES.has(fold(word))) return mixed && word !== word.toLowerCase() ? word : word.toLowerCase();
  if (word !== word.toLowerCase() && word !== word.toUpperCase()) return word;
  return word
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase())
    // "mcallister" is McAllister, as the name is written (Mc is always followed by a capital; Mac is not: Macy, Mack).
    .replace(/^Mc(\p{Ll})/u, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

/**
 * A name typed all in lower case that starts with its particles ("de la cruz", "dos santos ferreira") starts with
 * capitals, as it heads the passport's line: De La Cruz. Inside a name they stay lower ("Maria de la Cruz").
 */
function leadingParticles(words: string[], mixed: boolean): string[] {
  // Typed in mixed case ("de la Cruz"), the particles keep the case they were typed with.
  if (mixed) return words;
  const out = [...words];
  for (let i = 0; i < out.length - 1 && PARTICLES.has(fold(out[i]!)); i++) out[i] = out[i]!.charAt(0).toUpperCase() + out[i]!.slice(1);
  return out;
}

interface Clause {
  words: string[];
  /** Whether a naming phrase opened it. */
  named: boolean;
  /** The part of the name that phrase names ("je m'appelle": all of it; "mon prénom": the given names). */
  part?: NamePart;
}

/**
 * A form's labels, as people copy them with their value ("Nom de famille : TRAORE", "Apellidos - Ruiz Soto",
 * "Given name(s): Mary Ann"), folded, with the part of the name each names. A label says which part follows; its own
 * words are never the name ("de Famille" was stored from the first).
 */
const LABELS: Record<string, NamePart> = Object.fromEntries([
  ...['surname', 'surnames', 'last name', 'last names', 'family name', 'family names', 'apellido', 'apellidos', 'primer apellido', 'segundo apellido', 'nom de famille', 'nom de naissance', "nom d'usage", 'nom d usage', 'sobrenome', 'sobrenomes', 'apelido', 'apelidos', 'ultimo sobrenome'].map((l) => [l, 'surname' as const]),
  ...['first name', 'first names', 'given name', 'given names', 'nombre de pila', 'nombres de pila', 'nombres', 'prenom', 'prenoms', 'primeiro nome', 'prenome', 'nomes', 'primer nombre'].map((l) => [l, 'given' as const]),
  ...['full name', 'nombre completo', 'nom complet', 'nome completo'].map((l) => [l, 'full' as const]),
  // "Nom", "Nombre", "Nome", "Name": on a form each may be the surname, the given names or the whole name.
  ...['name', 'names', 'nom', 'nombre', 'nome'].map((l) => [l, 'unsaid' as const]),
]);
const LABELLED = /^\s*([\p{L}'’ ]{2,32}?)\s*(?:\(\s*s\s*\))?\s*(?::|\s-\s|\s=\s|=)\s*(.*)$/su;

/** A known label and what follows it, or undefined when the message does not start with one. */
function formLabel(text: string): { part: NamePart; rest: string } | undefined {
  const match = LABELLED.exec(text);
  const part = match ? ownEntry(LABELS, plain(match[1]!)) : undefined;
  return part ? { part, rest: match![2]!.trim() } : undefined;
}

/** Clauses of the message: split at punctuation and at 'and'-words, each with the naming phrase that opened it. */
function clauses(text: string): Clause[] {
  const out: Clause[] = [];
  // "St. James", "Ste. Marie": the abbreviation's dot ends no clause.
  const kept = text.replace(/\b(St|Ste|Sta|Sto|Mt)\.\s+(?=\p{Lu})/gu, '$1 ');
  for (const piece of kept.split(/[,;.!?¡¿:()\n…]+|\s+(?:y|and|et|e|pero|but|mais|mas)\s+/iu)) {
    let words = piece.trim().split(/\s+/).filter(Boolean);
    let named = false;
    let part: NamePart | undefined;
    // Fillers and naming phrases at the start, in any order ("hola, bueno, me llamo Ana", "umm its Rachel").
    for (let changed = true; changed && words.length > 0; ) {
      changed = false;
      if (HESITATION.test(plain(words[0]!))) {
        words = words.slice(1);
        changed = true;
        continue;
      }
      const head = plain(words.join(' '));
      for (const phrase of [...FILLER, ...NAMING].sort((a, b) => b.length - a.length)) {
        if (head === phrase || head.startsWith(`${phrase} `)) {
          const count = phrase.split(' ').length;
          if (plain(words.slice(0, count).join(' ')) !== phrase) continue;
          words = words.slice(count);
          if (NAMING.includes(phrase)) {
            named = true;
            if (part === undefined || part === 'unsaid') part = partNamed(phrase);
          }
          changed = true;
          break;
        }
      }
    }
    // "surname is Adeyemi", "nom : est Koné": the verb after a field's name.
    if (named && words.length > 1 && COPULA.has(plain(words[0]!))) words = words.slice(1);
    words = words.filter((w) => !isFiller(w));
    if (words.length > 0) out.push({ words, named, ...(part ? { part } : {}) });
  }
  return out;
}

/** The name in a clause, or undefined when the clause is a sentence. */
function nameIn(words: string[], named: boolean): string[] | undefined {
  const kept: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/^["'“«]+|["'”»]+$/g, '');
    const bare = fold(word);
    // "surname's", "it's": a contraction or a possessive is English grammar, never a name ("Surname'S" was stored).
    if (!NAME_WORD.test(word) || /^\p{L}+['’]s$/iu.test(word)) return named && kept.length > 0 ? kept : undefined;
    // "toString", "constructor": an object's member, never a name; the clause holds no name at all.
    if (!isPersonWord(word)) return undefined;
    if (PARTICLES.has(bare) && (kept.length > 0 || words.length > 1)) {
      kept.push(word);
      continue;
    }
    // After "me llamo" a sentence may go on ("me llamo Ana y vivo en Lyon"): the name ends at the first ordinary word.
    if (COMMON.has(bare)) return named && kept.length > 0 ? kept : undefined;
    kept.push(word);
  }
  while (kept.length && PARTICLES.has(fold(kept.at(-1)!))) kept.pop();
  // Up to five parts, joining words not counted ("Ana María de los Ángeles García López").
  const parts = kept.filter((w) => !PARTICLES.has(fold(w))).length;
  return parts > 0 && parts <= 5 && kept.length <= 9 ? kept : undefined;
}

/** A place or a nationality is not a name ("Brasil", "mexicana"). */
function isPlace(name: string): boolean {
  const bare = name.split(/\s+/).filter((w) => !PARTICLES.has(fold(w))).join(' ');
  const found = findCountries(bare);
  return found.length > 0 && found[0]!.text.length >= bare.length - 1;
}

/** "Who pays?" answered "myself": the applicant, as the DS-160 names it. */
const SELF = ['yo mismo', 'yo misma', 'yo', 'myself', 'me', 'i do', 'i will', 'i pay', 'moi meme', 'moi', 'c est moi', 'eu mesmo', 'eu mesma', 'eu', 'por mi cuenta', 'pago yo', 'je paie', 'eu pago', 'self'];

/**
 * "use Michael like on my passport": a sentence naming one capitalised word, the name it gives. Only shown back and
 * asked, since a sentence may capitalise other words.
 */
export function nameInSentence(asked: Asked, text: string, language: Language): Reading {
  const capitalised = text.split(/[\s,;.!?()]+/).filter((w, i) => i > 0 && /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*$/u.test(w) && !COMMON.has(fold(w)) && !isPlace(w) && isPersonWord(w));
  if (capitalised.length !== 1) return silent('notUnderstood');
  const reading = readName(asked, capitalised[0]!, language);
  return reading.outcome === 'value' ? { ...reading, confidence: Math.min(reading.confidence, 0.7) } : reading;
}

/** "thx", "gracias", "merci", "valeu" closing the message: courtesy, never part of the name ("Adebayo-Cole Thx"). */
const COURTESY = /[\s,.;!]*(?:thank you(?: so much)?|thanks|thank u|thx|thnx|tks|pls|plz|please|cheers|muchas gracias|gracias|por favor|porfa|merci(?: beaucoup)?|stp|svp|s'il vous pla[iî]t|muito obrigad[oa]|obrigad[oa]|obg|valeu|vlw)[\s.!]*$/iu;

/**
 * Given names shortened as people write them on forms ("Ma. Guadalupe", "Mª José", "Fco. Javier"): the whole name is
 * offered and asked, since the passport spells it out; an abbreviation not known here ("Jn. Pablo") is never a name.
 */
const ABBREVIATED: Record<string, string> = { ma: 'Maria', 'mª': 'Maria', 'm.ª': 'Maria', fco: 'Francisco', gpe: 'Guadalupe', ant: 'Antonio', fdo: 'Fernando', jse: 'Jose', jos: 'Jose', mig: 'Miguel', fcisco: 'Francisco' };
const ABBREVIATION = /(?<![\p{L}\p{N}])(m\.ª|mª|\p{L}{1,4})\.?(?=\s*\p{L})/giu;
const NOT_ABBREVIATED = new Set(['st', 'ste', 'sta', 'sto', 'mt', 'dr', 'dra', 'sr', 'sra', 'srta', 'mr', 'mrs', 'ms', 'mme', 'mlle', 'prof']);

/** The text with its known abbreviations written out; `unknown` when one is left that is not known. */
function spelledOut(text: string): { text: string; expanded: boolean } | 'unknown' {
  let expanded = false;
  let unknown = false;
  const out = text.replace(ABBREVIATION, (whole: string, word: string, offset: number) => {
    const dotted = whole.endsWith('.') || word.includes('ª');
    const key = fold(word);
    if (!dotted || NOT_ABBREVIATED.has(key)) return whole;
    const full = ownEntry(ABBREVIATED, key);
    if (!full) {
      // "Jn. Pablo": a short dotted word before a capital is a shortened name; "name. maiden was" ends a sentence.
      if (word.length <= 3 && /^\.\s*\p{Lu}/u.test(text.slice(offset + word.length))) unknown = true;
      return whole;
    }
    expanded = true;
    return full;
  });
  return unknown ? 'unknown' : { text: out, expanded };
}

const FIRST = /first|given|nombre|prenom/i;
const LAST = /last|surname|apellido|family/i;

export function readName(asked: Asked, typedText: string, language: Language): Reading {
  const written = spelledOut(typedText.replace(COURTESY, '').trim());
  if (written === 'unknown') return silent('notUnderstood');
  const text = written.text;
  if (/payer/.test(asked.field) && SELF.includes(plain(text).replace(/[-']/g, ' ').replace(/\s+/g, ' ').trim())) return value('Self', 0.9, { quote: text.trim(), listed: true });
  const label = formLabel(text);
  const found = (label ? clauses(label.rest).map((c, i) => (i === 0 ? { ...c, named: true, part: label.part } : c)) : clauses(text))
    .map((c) => ({ ...c, name: nameIn(c.words, c.named) }))
    .filter((c): c is Clause & { name: string[] } => Boolean(c.name) && !isPlace(c.name!.join(' ')));
  const first = found.find((c) => c.named) ?? found[0];
  if (!first) return silent('notUnderstood');
  // "Ramírez y Soto", "Silva e Souza": two names joined by "and" are one answer (two surnames, or two people); the
  // whole is offered and asked, never its first half stored.
  const next = found[found.indexOf(first) + 1];
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const joinedNext = next && new RegExp(`${escape(first.name.at(-1)!)}\\s+(?:y|and|et|e)\\s+${escape(next.name[0]!)}`, 'iu').test(text);
  // The word before "and" may sit in a clause that read no name ("my surnames are Silva and Soto").
  const before = joinedNext ? null : new RegExp(`(\\p{L}[\\p{L}'-]*)\\s+(?:y|and|et|e)\\s+${escape(first.name[0]!)}`, 'iu').exec(text);
  const joined = Boolean(joinedNext || before);
  const pick = joinedNext ? { ...first, name: [...first.name, ...next.name] } : before ? { ...first, name: [before[1]!, ...first.name] } : first;
  const typed = pick.name.join(' ');
  const mixed = /\p{Ll}/u.test(typed) && /\p{Lu}/u.test(typed);
  const words = leadingParticles(pick.name.map((w) => titleCase(w, mixed)), mixed);
  let quote = typed;
  let name = words.join(' ');
  let confidence = pick.named ? 0.95 : 0.9;
  let also: Record<string, string> | undefined;
  let alternatives: string[] | undefined;
  const saysPart = pick.part === 'given' || pick.part === 'surname';
  if (asked.kind === 'name' && FIRST.test(asked.field) && words.length > 1) {
    if (PARTICLES.has(fold(words[0]!))) return silent('notUnderstood');
    if (saysPart) {
      // "my first names are Mary Ann": the part asked for, named as such, is all of it when every word is a given name;
      // "my first name is Ana Souza" goes on with a surname.
      const given = givenNamesAtStart(words);
      if (given < words.length) {
        const n = Math.max(1, given);
        name = words.slice(0, n).join(' ');
        quote = pick.name.slice(0, n).join(' ');
        also = { lastName: words.slice(n).join(' ') };
        confidence = 0.85;
      }
    } else {
      // A whole name where the given names were asked: split by the language's conventions; stored only when they
      // settle it and a naming phrase said it was a name, otherwise the given names are offered and asked.
      const parts = partsOf(words);
      const split = splitName(parts, language);
      const keptWhole = split.given === parts.length;
      name = parts.slice(0, split.given).join(' ');
      quote = partsOf(pick.name).slice(0, split.given).join(' ');
      if (!keptWhole) also = { lastName: parts.slice(split.given).join(' ') };
      // "c'est Moussa Ibrahima", "it's …": a phrase that only points at the answer says it is what was asked (the given
      // names), not a whole name, so it settles no split: the whole answer is offered beside the split.
      const wholeName = pick.named && pick.part !== 'unsaid';
      confidence = !split.sure ? 0.7 : keptWhole ? (pick.named ? 0.95 : 0.9) : wholeName ? 0.85 : 0.7;
      // Unsure, the other splits are offered beside it; without a naming phrase the answer may be all given names
      // ("Aisha Binta"), so the whole answer is offered too.
      const counts = [...(split.sure ? [] : (split.otherwise ?? [])), ...(confidence < 0.8 && !wholeName ? [parts.length] : [])];
      const offered = [...new Set(counts.filter((n) => n !== split.given).map((n) => parts.slice(0, n).join(' ')))];
      if (offered.length) alternatives = offered;
    }
  }
  if (asked.kind === 'name' && LAST.test(asked.field) && !saysPart && words.length > 1) {
    // "je m'appelle Éloïse Martin" where the surname was asked: the surname. Without a phrase saying it is a whole
    // name, only when it starts with a given name that is no surname ("Martin Durand" may be a double surname).
    const parts = partsOf(words);
    const split = splitName(parts, language);
    const whole = pick.part === 'full' || (isGiven(parts[0]!) && !surnameToo(parts[0]!));
    if (whole && split.given > 0 && split.given < parts.length) {
      name = parts.slice(split.given).join(' ');
      quote = partsOf(pick.name).slice(split.given).join(' ');
      also = { firstName: parts.slice(0, split.given).join(' ') };
      confidence = split.sure && pick.part === 'full' ? 0.85 : 0.7;
      if (!split.sure && split.otherwise?.length) alternatives = split.otherwise.filter((n) => n < parts.length).map((n) => parts.slice(n).join(' '));
    }
  }
  if (asked.kind === 'fullName' && words.length === 1) confidence = 0.85;
  // "St. James": an abbreviation's spelling on the passport (ST JAMES, SAINT JAMES) is the applicant's to say.
  if (/\b(?:St|Ste|Sta|Sto|Mt)\.\s/u.test(text)) confidence = Math.min(confidence, 0.7);
  if (name.length < 2 || name.length > 50) return silent('notUnderstood');
  if (joined) confidence = Math.min(confidence, 0.6);
  if (written.expanded) confidence = Math.min(confidence, 0.7);
  const others = (list: string[]) => (list.length ? { alternatives: list } : {});
  // A name written out from its abbreviation holds a word from the list above, not typed: listed, and only shown back.
  const listed = written.expanded ? { listed: true as const } : {};
  if (asked.latin && !isPassportSpelling(name)) {
    const spelled = passportSpelling(name);
    if (!spelled) return silent('notUnderstood');
    const spelledOthers = (alternatives ?? []).map((a) => (isPassportSpelling(a) ? a : passportSpelling(a))).filter((a): a is string => Boolean(a));
    return value(spelled, Math.min(confidence, 0.7), { quote, typed: name, ...(also ? { also } : {}), ...others(spelledOthers), ...listed });
  }
  return value(name, confidence, { quote, ...(also ? { also } : {}), ...others(alternatives ?? []), ...listed });
}
