import { tidy } from '../builtin/text';
import { readAmount } from './amounts';
import { readChoice } from './choices';
import { readCountry } from './countries';
import { readDate } from './dates';
import { readEmail } from './email';
import { isNothing, silenceOf } from './intent';
import { readName } from './names';
import { readPassport } from './passport';
import { readPhone } from './phone';
import { readText } from './text';
import { silent, type Asked, type ReadContext, type Reading } from './types';
import { readYesNo } from './yesNo';

// The built-in engine's reading of an answer (issue 32). What the message is comes first (an insult, a question
// to the assistant, "I don't know"), then the question's own reader.

const isYesNo = (asked: Asked) => asked.kind === 'choice' && asked.options?.length === 2 && asked.options.every((o) => o.value === 'Yes' || o.value === 'No');

function byKind(asked: Asked, text: string, { language, today }: ReadContext): Reading {
  switch (asked.kind) {
    case 'name':
    case 'fullName':
      return readName(asked, text);
    case 'email':
      return readEmail(text);
    case 'phone':
      return readPhone(asked, text, language);
    case 'date':
      return readDate(asked, text, language, today);
    case 'country':
      return readCountry(text, /nationality|citizenship|passport/.test(asked.field.toLowerCase()) || asked.field === 'country');
    case 'choice':
      return isYesNo(asked) ? readYesNo(text) : readChoice(asked.options ?? [], text);
    case 'amount':
      return readAmount(text, language);
    case 'passport':
      return readPassport(text);
    default:
      return readText(asked, text);
  }
}

export function readAnswer(asked: Asked, raw: string, context: ReadContext): Reading {
  const text = tidy(raw);
  if (!text) return silent('notUnderstood');
  const silence = silenceOf(text);
  if (silence) return silent(silence);
  // "No tengo", "not yet": no address, name or e-mail in it (a yes/no question reads a "no" itself).
  if (asked.kind !== 'choice' && asked.kind !== 'amount' && isNothing(text)) return silent('dontKnow');
  const reading = byKind(asked, text, context);
  if (reading.outcome !== 'value') return silence ? silent(silence) : reading;
  // "¿México?": an answer asked back is shown back and asked.
  if (/[?？]/.test(text)) return { ...reading, confidence: Math.min(reading.confidence, 0.6) };
  return reading;
}
