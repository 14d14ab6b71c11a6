import { fold } from '../builtin/text';
import { ownTable } from '../../../../machines/domain/ownEntry';

// Numbers written as words in the four languages ("dos", "quinze", "twenty-one", "deux mille"), for lengths of
// stay and amounts. Small on purpose: what people write for days, weeks, months and monthly incomes.

// No prototype: a word of the message ('constructor', 'valueOf') is looked up here and must find nothing.
const UNITS = ownTable<number>();
const add = (n: number, ...words: string[]) => words.forEach((w) => (UNITS[w] = n));
add(0, 'zero', 'cero');
add(1, 'one', 'a', 'an', 'un', 'uno', 'una', 'une', 'um', 'uma');
add(2, 'two', 'dos', 'deux', 'dois', 'duas', 'couple', 'par');
add(3, 'three', 'tres', 'trois');
add(4, 'four', 'cuatro', 'quatre', 'quatro');
add(5, 'five', 'cinco', 'cinq');
add(6, 'six', 'seis');
add(7, 'seven', 'siete', 'sept', 'sete');
add(8, 'eight', 'ocho', 'huit', 'oito');
add(9, 'nine', 'nueve', 'neuf', 'nove');
add(10, 'ten', 'diez', 'dix', 'dez');
add(11, 'eleven', 'once', 'onze');
add(12, 'twelve', 'doce', 'douze', 'doze');
add(13, 'thirteen', 'trece', 'treize', 'treze');
add(14, 'fourteen', 'catorce', 'quatorze', 'catorze');
add(15, 'fifteen', 'quince', 'quinze');
add(16, 'sixteen', 'dieciseis', 'seize', 'dezesseis', 'dezasseis');
add(17, 'seventeen', 'diecisiete', 'dix-sept', 'dezessete', 'dezassete');
add(18, 'eighteen', 'dieciocho', 'dix-huit', 'dezoito');
add(19, 'nineteen', 'diecinueve', 'dix-neuf', 'dezenove', 'dezanove');
add(20, 'twenty', 'veinte', 'vingt', 'vinte');
add(21, 'veintiuno', 'veintiun', 'veintiuna');
add(22, 'veintidos');
add(23, 'veintitres');
add(24, 'veinticuatro');
add(25, 'veinticinco');
add(26, 'veintiseis');
add(27, 'veintisiete');
add(28, 'veintiocho');
add(29, 'veintinueve');
add(30, 'thirty', 'treinta', 'trente', 'trinta');
add(40, 'forty', 'cuarenta', 'quarante', 'quarenta');
add(45, 'quarantecinq');
add(50, 'fifty', 'cincuenta', 'cinquante', 'cinquenta');
add(60, 'sixty', 'sesenta', 'soixante', 'sessenta');
add(70, 'seventy', 'setenta', 'soixante-dix');
add(80, 'eighty', 'ochenta', 'quatre-vingt', 'quatre-vingts', 'oitenta');
add(90, 'ninety', 'noventa', 'quatre-vingt-dix');
add(100, 'hundred', 'cien', 'ciento', 'cent', 'cents', 'cem', 'cento');
add(200, 'doscientos', 'doscientas', 'duzentos', 'duzentas');
add(300, 'trescientos', 'trezentos');
add(500, 'quinientos', 'quinientas', 'quinhentos');

const THOUSAND = new Set(['thousand', 'mil', 'mille', 'k']);
const JOIN = new Set(['y', 'and', 'et', 'e']);
const HALF = new Set(['half', 'medio', 'media', 'demi', 'demie', 'meio', 'meia']);

/**
 * The number the words starting at `words[at]` say, and how many words it took; undefined when they say none.
 * "dos mil quinientos" → 2500 (3 words), "twenty-one" → 21, "un mes y medio" is read by the caller.
 */
export function numberAt(words: readonly string[], at: number): { value: number; used: number } | undefined {
  let total = 0;
  let current = 0;
  let used = 0;
  let any = false;
  for (let i = at; i < words.length; i++) {
    const word = fold(words[i]!);
    const digits = /^\d+(?:[.,]\d+)?$/.test(word) ? Number(word.replace(',', '.')) : undefined;
    const parts = word.split('-');
    const unit = UNITS[word] ?? (parts.length > 1 && parts.every((p) => UNITS[p] !== undefined) ? parts.reduce((s, p) => s + UNITS[p]!, 0) : undefined);
    if (digits !== undefined && !any) {
      current = digits;
      any = true;
      used = i - at + 1;
    } else if (unit !== undefined) {
      if (unit === 100) current = (current || 1) * 100;
      else current += unit;
      any = true;
      used = i - at + 1;
    } else if (THOUSAND.has(word) && any) {
      total += (current || 1) * 1000;
      current = 0;
      used = i - at + 1;
    } else if (THOUSAND.has(word) && !any && word !== 'k') {
      total += 1000;
      any = true;
      used = i - at + 1;
    } else if (JOIN.has(word) && any && i + 1 < words.length && UNITS[fold(words[i + 1]!)] !== undefined && !HALF.has(fold(words[i + 1]!))) {
      continue;
    } else break;
  }
  return any ? { value: total + current, used } : undefined;
}

export const isHalf = (word: string) => HALF.has(fold(word));
