import { fold, type Language } from '../builtin/text';
import { numberAt } from './numberWords';
import { silent, value, type Reading } from './types';

// Amounts as each language writes them: "environ 2 500 euros" (2500), "R$ 5.000" (5000), "$1,500.50", "3.200,75 €",
// "2k", "dos mil dólares", "1,5 mil". Grouping marks are told from decimal marks by the language and by the digits
// after them: "5.000" is five thousand in Spanish, French and Portuguese; in English a lone "1.500" is asked.

const AMOUNT = /(?<![\p{L}\p{N}])(\d{1,3}(?:[ \u00a0\u202f.,’']\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s*(millones|millón|millon|millions|million|milhões|milhoes|milhão|milhao|mio|k|mil|mille|thousand|grand|lucas|luca)(?![\p{L}]))?(?![\p{N}])/giu;
/** How much each word after a number multiplies it: "1.2 million", "3k", "30 lucas" (Argentina, Chile). */
const MILLION = new Set(['millones', 'millon', 'millions', 'million', 'milhoes', 'milhao', 'mio']);
const TIMES = (word: string): number => (MILLION.has(fold(word)) ? 1_000_000 : 1000);

/** The number a written amount means, and whether its marks could be read two ways. */
function parse(raw: string, _language: Language): { amount: number; ambiguous: boolean } | undefined {
  const text = raw.replace(/[\u00a0\u202f’']/g, ' ');
  const groups = /^\d{1,3}(?:([ .,])\d{3})+(?:([.,])(\d{1,2}))?$/.exec(text);
  if (groups) {
    const grouping = groups[1]!;
    const decimal = groups[2];
    if (decimal && decimal === grouping) return undefined;
    const whole = Number(text.replace(/[ .,](\d{3})/g, '$1').replace(/[.,]\d{1,2}$/, ''));
    const cents = groups[3] ? Number(`0.${groups[3]}`) : 0;
    // "1.500" alone: a thousand and a half in Spanish, French, Portuguese; one and a half in English.
    // Money has two decimals at most: three digits after a mark are thousands in every language ("1.500", "1,500").
    return { amount: whole + cents, ambiguous: false };
  }
  const plainNumber = /^(\d+)(?:([.,])(\d{1,2}))?$/.exec(text);
  if (!plainNumber) return undefined;
  return { amount: Number(`${plainNumber[1]}${plainNumber[3] ? `.${plainNumber[3]}` : ''}`), ambiguous: false };
}

export function readAmount(text: string, language: Language): Reading {
  const found = [...text.matchAll(AMOUNT)].filter((m) => !/^\d{1,2}[.,]\d{1,2}$/.test(m[1]!) || m[2]);
  const read = found
    .map((m) => {
      const parsed = parse(m[1]!, language);
      if (!parsed) return undefined;
      const times = m[2] ? TIMES(m[2]) : 1;
      return { ...parsed, amount: Math.round(parsed.amount * times * 100) / 100, quote: m[0] };
    })
    .filter((r): r is { amount: number; ambiguous: boolean; quote: string } => Boolean(r));
  const distinct = [...new Set(read.map((r) => r.amount))];
  // The question asks for a month: a yearly or weekly figure is shown back and asked.
  const period = /\b(?:al ano|por ano|anual|anuales|a year|per year|yearly|annual|par an|annuel|annuels|por semana|a week|per week|par semaine|semanal|semanais|al dia|por dia|a day|per day|par jour)\b/.test(fold(text));
  if (distinct.length === 1) {
    const only = read[0]!;
    // "30" for a month's income is more likely "30 thousand" said the local way than thirty: shown back and asked.
    const small = only.amount < 100;
    return value(String(only.amount), only.ambiguous || period || small ? 0.6 : 0.95, { quote: only.quote });
  }
  if (distinct.length > 1) return value(String(distinct[0]), 0.5, { alternatives: distinct.slice(1).map(String), quote: read[0]!.quote });
  // In words: "dos mil", "three thousand", "mil cinq cents".
  const words = fold(text).replace(/[^\p{L}\p{N}-]+/gu, ' ').trim().split(' ');
  for (let i = 0; i < words.length; i++) {
    const n = numberAt(words, i);
    if (n && n.value >= 10 && !['a', 'an', 'un', 'una', 'une', 'um', 'uma', 'e', 'y'].includes(words[i]!)) return value(String(n.value), 0.85, { quote: words.slice(i, i + n.used).join(' ') });
  }
  return silent('notUnderstood');
}
