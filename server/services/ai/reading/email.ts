import { isValidEmail } from '../../../../machines/domain/validators';
import { fold } from '../builtin/text';
import { silent, value, type Reading } from './types';
import { distance } from './words';

// E-mail addresses as typed or as said: "Juan.Perez@Gmail.com", "juan.perez arroba gmail punto com",
// "ana at example dot com", "ana point dupont arobase orange point fr", "joao ponto silva arroba uol ponto com ponto br".

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/** Spoken symbols, folded, each with what it stands for. */
const SPOKEN: Array<[RegExp, string]> = [
  [/\s*(?:\(at\)|\[at\]|\barroba\b|\barobase\b|\barrobase\b|\bat\b|\bchiocciola\b)\s*/g, '@'],
  [/\s*(?:\(dot\)|\[dot\]|\bpunto\b|\bdot\b|\bpoint\b|\bponto\b)\s*/g, '.'],
  [/\s*(?:\bguion bajo\b|\bunderscore\b|\btiret bas\b|\bunderline\b|\btiret du bas\b|\bsublinhado\b)\s*/g, '_'],
  [/\s*(?:\bguion\b|\bdash\b|\bhyphen\b|\btiret\b|\bhifen\b|\btraco\b)\s*/g, '-'],
];

/** Common slips in the big providers' names, as a person would want them corrected (and confirmed). */
const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'live.com', 'hotmail.fr', 'orange.fr', 'yahoo.fr', 'gmail.fr', 'uol.com.br', 'bol.com.br', 'terra.com.br', 'yahoo.es', 'hotmail.es', 'outlook.es', 'gmx.de', 'free.fr', 'laposte.net', 'sfr.fr', 'protonmail.com', 'proton.me'];

function spokenToSymbols(text: string): string {
  let out = fold(text);
  for (const [pattern, symbol] of SPOKEN) out = out.replace(pattern, symbol);
  return out;
}

/** A provider's name typed with a slip ('gmial.com', 'hotmail.con'), and what it should be. */
function correctedDomain(address: string): string | undefined {
  const [local, domain] = address.split('@') as [string, string];
  if (DOMAINS.includes(domain)) return undefined;
  const close = DOMAINS.filter((d) => distance(d, domain, 2) <= (domain.length >= 9 ? 2 : 1));
  return close.length === 1 ? `${local}@${close[0]}` : undefined;
}

/** A domain without its ending ("ana@gmail"): the provider's usual one, to confirm. */
function completedDomain(text: string): string | undefined {
  const bare = /([\p{L}\p{N}._%+-]+)@(gmail|hotmail|outlook|yahoo|icloud|live|proton)(?![\p{L}\p{N}.])/u.exec(text);
  return bare ? `${bare[1]}@${bare[2]}.${bare[2] === 'proton' ? 'me' : 'com'}` : undefined;
}

export function readEmail(text: string): Reading {
  const typed = [...text.matchAll(EMAIL)].map((m) => m[0].replace(/\.$/, ''));
  const candidates = typed.length > 0 ? typed : [...spokenToSymbols(text).replace(/\s*@\s*/g, '@').replace(/\s*\.\s*(?=[\p{L}\p{N}])/gu, '.').matchAll(EMAIL)].map((m) => m[0].replace(/\.$/, ''));
  const spoken = typed.length === 0;
  const found = [...new Set(candidates.map((c) => c.trim().toLowerCase()))].filter((c) => isValidEmail(c));
  if (found.length > 1) return value(found[0]!, 0.5, { alternatives: found.slice(1), quote: typed[0] ?? found[0]! });
  if (found.length === 1) {
    const address = found[0]!;
    const corrected = correctedDomain(address);
    if (corrected) return value(corrected, 0.6, { quote: typed[0] ?? address, alternatives: [address] });
    return value(address, spoken ? 0.9 : 0.97, { quote: typed[0] ?? text.trim() });
  }
  const completed = completedDomain(spokenToSymbols(text).replace(/\s*@\s*/g, '@'));
  if (completed && isValidEmail(completed)) return value(completed, 0.6, { quote: completed.split('@')[0]! });
  return silent('notUnderstood');
}
