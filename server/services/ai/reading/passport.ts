import { fold } from '../builtin/text';
import { silent, value, type Reading } from './types';

// Passport numbers inside sentences ("mon numéro de passeport est 12AB34567", "es el G 1234 5678"): 6 to 9 letters
// and digits with at least one digit, in capitals. After the word "passport" the first such group is the number.

const CUE = /(?:pasaporte|passport|passeport|passaporte|numero|number|numéro|nº|no\.)/;
const GROUP = /(?<![\p{L}\p{N}])(?=[A-Z0-9]*\d)[A-Z0-9]{6,12}(?![\p{L}\p{N}])/gu;

/** Another document's number is not the passport's. */
const OTHER_ID = /\b(?:dni|cedula|curp|cpf|rg|nie|rut|carte d.identite|cni|id card|identity card|national id|bilhete de identidade|licencia|license|permis)\b/;

/** Short words that may stand before a number without being part of it. */
const WORDS_BEFORE = new Set(['EL', 'LA', 'LE', 'ES', 'IS', 'IT', 'NO', 'NR', 'NUM', 'NB', 'DE', 'DO', 'DA', 'DU', 'UN', 'UM', 'MY', 'MI', 'MA', 'MON', 'SON', 'EST', 'THE', 'AND', 'ET', 'OU', 'OR', 'AT', 'AU', 'NA', 'EN', 'IN', 'ON', 'MEU', 'SEU', 'SU', 'TU', 'NEW', 'EM', 'AS', 'OS']);
/** A single letter before digits may be the number's first letter or a word ("es A 1234567", "é o 123456"). */
const LETTER_WORDS = new Set(['A', 'E', 'O', 'Y', 'I', 'N']);

export function readPassport(text: string): Reading {
  if (OTHER_ID.test(fold(text)) && !/pasaporte|passport|passeport|passaporte/.test(fold(text))) return silent('notUnderstood');
  let upper = text.toUpperCase().replace(/(?<=[A-Z0-9])-(?=[A-Z0-9])/g, '');
  // "G 1234 5678" typed with spaces: joined when the whole answer is such groups.
  // One group of letters alone at most ("AB 12 34 56", "12 AB 34567"): "it is FR 123456" is words before a number.
  const lettersOnly = upper.trim().split(/[\s-]+/).filter((g) => /^[A-Z]+$/.test(g)).length;
  const joined = lettersOnly <= 1 && /^[A-Z0-9]{1,4}(?:[\s-][A-Z0-9]{1,7}){1,3}$/.test(upper.trim()) ? upper.trim().replace(/[\s-]+/g, '') : undefined;
  if (joined && /\d/.test(joined) && joined.length >= 6 && joined.length <= 12) return value(joined, 0.9, { quote: text.trim() });
  // "pasaporte nº PAB 654321", "meu passaporte é GB 654321": letters typed apart from the digits are the number's.
  let split: string | undefined;
  upper = upper.replace(/(?<![\p{L}\p{N}])([A-Z]{1,3})\s+(\d{5,9})(?![\p{L}\p{N}])/gu, (whole, letters: string, digits: string) => {
    if (WORDS_BEFORE.has(letters)) return whole;
    if (LETTER_WORDS.has(letters)) {
      split = letters + digits;
      return whole;
    }
    return letters + digits;
  });
  const cue = CUE.exec(fold(text));
  const groups = [...upper.matchAll(GROUP)].filter((m) => !cue || m.index >= cue.index);
  const distinct = [...new Set(groups.map((g) => g[0]))];
  if (distinct.length === 0) return silent('notUnderstood');
  const pick = distinct[0]!;
  // Only digits and long (a phone?) or several groups: shown back and asked.
  const alternatives = [...distinct.slice(1), ...(split && split.endsWith(pick) && split !== pick ? [split] : [])];
  const unsure = alternatives.length > 0 || (!/[A-Z]/.test(pick) && pick.length > 9);
  return value(pick, unsure ? 0.6 : 0.95, { quote: pick, ...(alternatives.length > 0 ? { alternatives } : {}) });
}
