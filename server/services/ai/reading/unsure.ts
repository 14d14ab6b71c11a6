import type { ReadKind } from './types';
import { hasAny } from './words';

// An answer the applicant is not sure of ("K12345678 i think, let me check", "creo que el 12", "je crois que c'est
// Lyon") or that names a place near the value ("cerca de Lima", "somewhere near Manila", "perto do Porto"): a careful
// clerk reads it back and asks; it is never stored on its own. Yes/no questions read their own hedges (yesNo.ts).

/** Words that say the applicant is unsure, in the four languages, folded. */
const UNSURE = [
  'i think', 'i guess', 'i believe', 'probably', 'maybe', 'perhaps', 'not sure', 'im not sure', 'i m not sure', 'let me check', 'need to check', 'have to check', 'double check', 'if i remember', 'if i recall', 'not certain', 'i suppose',
  'creo que', 'creo', 'supongo', 'probablemente', 'quizas', 'quiza', 'tal vez', 'a lo mejor', 'no estoy seguro', 'no estoy segura', 'no se si', 'tengo que mirar', 'tengo que revisar', 'dejame ver', 'dejame revisar', 'dejame mirar', 'si mal no recuerdo', 'si no me equivoco', 'me parece que',
  'je crois', 'je pense', 'je suppose', 'probablement', 'peut etre', 'peut-etre', 'pas sur', 'pas sure', 'pas certain', 'pas certaine', 'je dois verifier', 'je vais verifier', 'il faut que je verifie', 'si je me souviens', 'si je ne me trompe pas', 'il me semble',
  'acho que', 'acho', 'suponho', 'provavelmente', 'talvez', 'nao tenho certeza', 'nao sei se', 'tenho que ver', 'tenho que conferir', 'deixa eu ver', 'deixa eu conferir', 'se nao me engano', 'se eu me lembro', 'parece que',
];

/** Words that give a place or a date near the value rather than the value. */
const NEAR = [
  'near', 'nearby', 'close to', 'somewhere', 'around', 'roughly', 'approximately', 'or so', 'ish', 'more or less', 'outside of', 'outskirts',
  'cerca de', 'cerca del', 'por ahi', 'mas o menos', 'aproximadamente', 'alrededor de', 'en las afueras', 'a las afueras',
  'pres de', 'proche de', 'vers', 'environ', 'a peu pres', 'plus ou moins', 'aux alentours', 'dans les environs', 'en banlieue',
  'perto de', 'perto do', 'perto da', 'mais ou menos', 'por volta de', 'nos arredores', 'arredores',
];

/** Kinds whose value is exact on the form; a choice (a length band, a purpose) takes an approximate answer. */
const EXACT: ReadonlySet<ReadKind> = new Set(['name', 'fullName', 'city', 'address', 'email', 'phone', 'date', 'country', 'passport', 'text']);

/** Whether an answer of this kind, as typed, must be asked back rather than stored. */
export function unsure(kind: ReadKind, text: string): boolean {
  if (kind === 'choice') return false;
  return hasAny(text, UNSURE) || (EXACT.has(kind) && hasAny(text, NEAR));
}
