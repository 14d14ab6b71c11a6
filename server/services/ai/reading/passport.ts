import { fold } from '../builtin/text';
import { silent, value, type Reading } from './types';

// Passport numbers inside sentences ("mon numéro de passeport est 12AB34567", "es el G 1234 5678"): 6 to 9 letters
// and digits with at least one digit, in capitals. After the word "passport" the first such group is the number.

const CUE = /(?:pasaporte|passport|passeport|passaporte|numero|number|numéro|nº|no\.)/;
const GROUP = /(?<![\p{L}\p{N}])(?=[A-Z0-9]*\d)[A-Z0-9]{6,12}(?![\p{L}\p{N}])/gu;

/** Another document's number is not the passport's. */
const OTHER_ID = /\b(?:dni|cedula|curp|cpf|rg|nie|rut|carte d.identite|cni|id card|identity card|national id|bilhete de identidade|licencia|license|permis)\b/;

export function readPassport(text: string): Reading {
  if (OTHER_ID.test(fold(text)) && !/pasaporte|passport|passeport|passaporte/.test(fold(text))) return silent('notUnderstood');
  const upper = text.toUpperCase().replace(/(?<=[A-Z0-9])-(?=[A-Z0-9])/g, '');
  const cue = CUE.exec(fold(text));
  // "G 1234 5678" typed with spaces: joined when the whole answer is such groups.
  const joined = /^[A-Z0-9]{1,4}(?:[\s-][A-Z0-9]{1,7}){1,3}$/.test(upper.trim()) ? upper.trim().replace(/[\s-]+/g, '') : undefined;
  if (joined && /\d/.test(joined) && joined.length >= 6 && joined.length <= 12) return value(joined, 0.9, { quote: text.trim() });
  const groups = [...upper.matchAll(GROUP)].filter((m) => !cue || m.index >= cue.index);
  const distinct = [...new Set(groups.map((g) => g[0]))];
  if (distinct.length === 0) return silent('notUnderstood');
  const pick = distinct[0]!;
  // Only digits and long (a phone?) or several groups: shown back and asked.
  const unsure = distinct.length > 1 || (!/[A-Z]/.test(pick) && pick.length > 9);
  return value(pick, unsure ? 0.6 : 0.95, { quote: pick, ...(distinct.length > 1 ? { alternatives: distinct.slice(1) } : {}) });
}
