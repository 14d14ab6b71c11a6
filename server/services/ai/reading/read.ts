import { unsure } from './unsure';
import { tidy } from '../builtin/text';
import { readAmount, readUsdAmount } from './amounts';
import { readChoice } from './choices';
import { correctionOf, dayOnly } from './corrections';
import { readCountry } from './countries';
import { readDate } from './dates';
import { readEmail } from './email';
import { isNothing, silenceOf } from './intent';
import { nameInSentence, readName } from './names';
import { isOccupationList, readOccupation } from './occupations';
import { readPassport } from './passport';
import { readPhone } from './phone';
import { readText } from './text';
import { silent, type Asked, type ReadContext, type Reading } from './types';
import { readYesNo } from './yesNo';
import { aboutSomeoneElse, seeksWork } from './notTheirs';

// The built-in engine's reading of an answer (issue 32). What the message is comes first (an insult, a question
// to the assistant, "I don't know"), then the question's own reader.

const isYesNo = (asked: Asked) => asked.kind === 'choice' && asked.options?.length === 2 && asked.options.every((o) => o.value === 'Yes' || o.value === 'No');

/** "M" is "mujer" or "masculino" in Spanish, "mulher" or "masculino" in Portuguese: a lone M there is asked. */
const ambiguousLetter = (asked: Asked, text: string, language: string) =>
  (language === 'es' || language === 'pt') && /^m\.?$/i.test(text.trim()) && (asked.options ?? []).some((o) => o.value === 'Female');

function byKind(asked: Asked, text: string, context: ReadContext): Reading {
  const { language, today } = context;
  switch (asked.kind) {
    case 'name':
    case 'fullName':
      return readName(asked, text, context.language);
    case 'email':
      return readEmail(text);
    case 'phone':
      return readPhone(asked, text, language);
    case 'date':
      return readDate(asked, text, language, today);
    case 'country':
      return readCountry(text, /nationality|citizenship|passport/.test(asked.field.toLowerCase()) || asked.field === 'country');
    case 'choice':
      if (isYesNo(asked)) return readYesNo(text, asked.eligibility, asked.field, language);
      if (ambiguousLetter(asked, text, language)) return silent('notUnderstood');
      return isOccupationList(asked.options ?? []) ? readOccupation(asked.options ?? [], text) : readChoice(asked.options ?? [], text);
    case 'amount':
      return asked.usd ? readUsdAmount(asked, text, language) : readAmount(text, language);
    case 'passport':
      return readPassport(text);
    default:
      return readText(asked, text);
  }
}

/** Values read out of the answer; free text is kept as typed, so only a spelled-out correction ("sorry") cuts it. */
const READ_OUT = new Set(['name', 'fullName', 'email', 'phone', 'date', 'country', 'choice', 'amount', 'passport']);

/** "July 15th, no sorry, July 18th": what follows the last correction; the first value only shown back and asked. */
function readCorrected(asked: Asked, text: string, { before, after, bare }: { before: string; after: string; bare: boolean }, context: ReadContext): Reading {
  const taken = byKind(asked, before, context);
  const day = asked.kind === 'date' ? dayOnly(after) : undefined;
  if (day !== undefined && taken.outcome === 'value') {
    const moved = `${taken.value.slice(0, 8)}${String(day).padStart(2, '0')}`;
    const reread = byKind(asked, moved, context);
    if (reread.outcome === 'value' && reread.value === moved) return { ...reread, confidence: Math.min(taken.confidence, 0.9), quote: after };
  }
  const corrected = day === undefined ? byKind(asked, after, context) : silent('notUnderstood');
  if (corrected.outcome === 'value') return corrected;
  // "Mike, no wait, use Michael like on my passport": the correction is a sentence; the name in it is offered.
  if (asked.kind === 'name' || asked.kind === 'fullName') {
    const named = nameInSentence(asked, after, context.language);
    if (named.outcome === 'value') return named;
  }
  // A lone "no" followed by words that give no value ("Ana, no middle name") took nothing back.
  if (bare) return byKind(asked, text, context);
  return taken.outcome === 'value' ? { ...taken, confidence: Math.min(taken.confidence, 0.5) } : corrected;
}

export function readAnswer(asked: Asked, raw: string, context: ReadContext): Reading {
  const text = tidy(raw);
  if (!text) return silent('notUnderstood');
  const silence = silenceOf(text);
  if (silence) return silent(silence);
  // "No tengo", "not yet": no address, name or e-mail in it (a yes/no question reads a "no" itself).
  if (asked.kind !== 'choice' && asked.kind !== 'amount' && isNothing(text)) return silent('dontKnow');
  // "Calle 5 No 23" holds a "no" that corrects nothing: free text takes only a spelled-out correction.
  const found = isYesNo(asked) ? undefined : correctionOf(text);
  const correction = found && (READ_OUT.has(asked.kind) || !found.bare) ? found : undefined;
  const reading = correction ? readCorrected(asked, text, correction, context) : byKind(asked, text, context);
  if (reading.outcome !== 'value') return silence ? silent(silence) : reading;
  // "¿México?": an answer asked back is shown back and asked.
  if (/[?？]/.test(text)) return { ...reading, confidence: Math.min(reading.confidence, 0.6) };
  if (unsure(asked.kind, text)) return { ...reading, confidence: Math.min(reading.confidence, 0.7) };
  // Someone else's value, or a visit that seeks work: shown back and asked (a yes/no reads whose it is itself).
  if (!isYesNo(asked) && (aboutSomeoneElse(asked, text) || seeksWork(asked.field, text))) return { ...reading, confidence: Math.min(reading.confidence, 0.6) };
  return reading;
}
