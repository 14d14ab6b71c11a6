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
const DOMAINS = [
  'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'live.com', 'hotmail.fr', 'orange.fr', 'yahoo.fr', 'uol.com.br', 'bol.com.br', 'terra.com.br',
  'yahoo.es', 'hotmail.es', 'outlook.es', 'gmx.de', 'free.fr', 'laposte.net', 'sfr.fr', 'protonmail.com', 'proton.me',
  'yahoo.com.br', 'hotmail.com.br', 'outlook.com.br', 'ig.com.br', 'yahoo.com.mx', 'hotmail.com.mx', 'yahoo.com.ar', 'hotmail.com.ar', 'yahoo.co.uk', 'hotmail.co.uk', 'wanadoo.fr', 'outlook.fr', 'live.fr', 'sapo.pt',
];

/** Endings a domain is typed with after a space ("ana@gmail com"), and the countries that put com, net or org first. */
const TLDS = new Set(['com', 'net', 'org', 'edu', 'gov', 'info', 'biz', 'me', 'io', 'fr', 'es', 'pt', 'br', 'mx', 'ar', 'co', 'pe', 'cl', 'uy', 've', 'ec', 'bo', 'py', 'de', 'it', 'uk', 'ca', 'be', 'ch', 'ao', 'mz', 'cv', 'sn', 'ci', 'ng', 'gh', 'ke', 'in', 'ph', 'za', 'au', 'us']);
const SECOND = new Set(['br', 'mx', 'ar', 'co', 'pe', 'uy', 've', 'ec', 'bo', 'py', 'ao', 'mz', 'cv', 'uk', 'au', 'ng', 'gh', 'ke', 'in', 'ph', 'tr', 'za']);

/**
 * A domain whose dot was typed as a comma or a space ("ana@yahoo,fr", "ana@gmail com", "ana@uol,com,br"): the
 * address with the dots back, the ending as typed (never another one), to be offered and confirmed.
 */
function dotsBack(text: string): string | undefined {
  const typed = /([\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*)((?:(?:\s*[,;]\s*|\s+|\.)\p{L}{2,4}){1,2})(?![\p{L}\p{N}@])/u.exec(text);
  if (!typed) return undefined;
  const parts = typed[2]!.split(/(\s*[,;]\s*|\s+|\.)/u).filter((p) => p !== '');
  const endings: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const separator = parts[i]!;
    const ending = parts[i + 1]!.toLowerCase();
    // After a space only a known ending counts ("ana@gmail com"), and a second one only where countries use two.
    const comma = /[,;]/.test(separator) && !/\s/.test(separator);
    const dot = separator === '.';
    if (!comma && !dot && !TLDS.has(ending)) break;
    if (endings.length === 1 && !(['com', 'net', 'org', 'co', 'gov', 'edu'].includes(endings[0]!) && SECOND.has(ending))) break;
    endings.push(ending);
  }
  if (endings.length === 0 || !parts.some((p, i) => i % 2 === 0 && p !== '.' && i / 2 < endings.length)) return undefined;
  return `${typed[1]}.${endings.join('.')}`.toLowerCase();
}

function spokenToSymbols(text: string): string {
  let out = fold(text);
  for (const [pattern, symbol] of SPOKEN) out = out.replace(pattern, symbol);
  return out;
}

/** A provider's name typed with a slip ('gmial.com', 'hotmail.con'), and what it should be. */
function correctedDomain(address: string): string | undefined {
  const [local, domain] = address.split('@') as [string, string];
  if (DOMAINS.includes(domain)) return undefined;
  // Gmail, iCloud and Proton have one domain: another ending on it is a slip ("gmail.com.br", "gmail.co").
  const single = /^(gmail|icloud|protonmail)\.(?!com$)(?:com\.[a-z]{2}|[a-z]{2,3})$/.exec(domain);
  if (single) return `${local}@${single[1]}.com`;
  const limit = domain.length >= 9 ? 2 : 1;
  // A real ending typed is kept: "yahoo.co.in" is not a slip of yahoo.co.uk; "hotmail.con" is one of hotmail.com.
  const ending = domain.split('.').at(-1)!;
  // Only an ending people use counts as meant; "co" and two letters like "cm" are as often "com" cut short.
  const real = TLDS.has(ending) && ending !== 'co';
  const near = DOMAINS.map((d) => ({ d, n: distance(d, domain, 2) })).filter(({ d, n }) => n <= limit && (!real || d.split('.').at(-1) === ending));
  // The nearest one alone ("yaho.com.br" is one slip from yahoo.com.br, two from yahoo.com.ar).
  const best = Math.min(...near.map(({ n }) => n));
  const close = near.filter(({ n }) => n === best);
  return close.length === 1 ? `${local}@${close[0]!.d}` : undefined;
}

/** A domain without its ending ("ana@gmail"): the provider's usual one, to confirm. */
function completedDomain(text: string): string | undefined {
  const bare = /([\p{L}\p{N}._%+-]+)@(gmail|hotmail|outlook|yahoo|icloud|live|proton)(?![\p{L}\p{N}.])/u.exec(text);
  return bare ? `${bare[1]}@${bare[2]}.${bare[2] === 'proton' ? 'me' : 'com'}` : undefined;
}

export function readEmail(text: string): Reading {
  const repaired = dotsBack(text);
  if (repaired && isValidEmail(repaired)) {
    const corrected = correctedDomain(repaired);
    return corrected ? value(corrected, 0.6, { quote: repaired, alternatives: [repaired] }) : value(repaired, 0.6, { quote: repaired });
  }
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
