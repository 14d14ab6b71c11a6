import { findPhoneNumbersInText, getExampleNumber, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import type { Language } from '../builtin/text';
import { silent, value, type Asked, type Reading } from './types';

// Phone numbers inside sentences ("mon numéro : +33 6 12 34 56 78", "meu celular é (11) 98765-4321"), read with
// libphonenumber's numbering plans and stored in E.164. A number without its country code is read in the
// applicant's country when the chat knows it, else offered in the one country whose plan it fits, to confirm.

/** Where people writing each language most often apply from, to place a number typed without its code. */
const LIKELY: Record<Language, CountryCode[]> = {
  es: ['MX', 'CO', 'AR', 'ES', 'PE', 'CL', 'VE', 'EC', 'DO', 'GT'],
  pt: ['BR', 'PT', 'AO', 'MZ'],
  fr: ['FR', 'BE', 'SN', 'CI', 'CM', 'CA', 'CH', 'MA', 'HT'],
  en: ['US', 'GB', 'IN', 'NG', 'PH', 'GH', 'KE', 'AU'],
};

/** "0034 612…" is "+34 612…": the international prefix most of the world dials. */
const withPlus = (text: string) => text.replace(/(?<![\d\s().\-+/])(\s*)00\s?(?=[1-9]\d)/g, '$1+');

/**
 * Whether a number read keeps every digit typed around it: "(11) 98765-4321" is not the Spanish 987 65 43 21 with
 * "11" left over. Before the national number only a trunk prefix (0, 01), the country code or an international
 * prefix may stand.
 */
function keepsEveryDigit(text: string, f: { startsAt: number; endsAt: number; number: PhoneNumber }): boolean {
  let a = f.startsAt;
  let b = f.endsAt;
  while (a > 0 && /[\d\s().+\-/]/.test(text[a - 1]!)) a -= 1;
  while (b < text.length && /[\d\s().+\-/]/.test(text[b]!)) b += 1;
  const digits = text.slice(a, b).replace(/\D/g, '');
  // The country's own ways of writing it ("011 15-2345-6789" in Argentina is +54 9 11 2345 6789).
  if ([f.number.formatNational(), f.number.formatInternational()].some((form) => form.replace(/\D/g, '') === digits)) return true;
  const national = f.number.nationalNumber;
  if (!digits.endsWith(national)) return false;
  const before = digits.slice(0, digits.length - national.length);
  const code = f.number.countryCallingCode;
  return ['', '0', code, `0${code}`, `00${code}`, `011${code}`].includes(before);
}

function found(text: string, country?: CountryCode) {
  const typed = withPlus(text);
  return findPhoneNumbersInText(typed, country ? { defaultCountry: country } : undefined).filter((f) => f.number.isPossible() && keepsEveryDigit(typed, f));
}

/** "404 555 0131 ext 22 or my cell", "ramal 12", "poste 34": an extension or a second line; the number is asked. */
const EXTENSION = /\b(?:ext|extension|x\s*\d+|ramal|poste|anexo|interno|or my cell|o mi celular|ou mon portable|ou meu celular)\b/i;

export function readPhone(asked: Asked, text: string, language: Language): Reading {
  const read = readPhoneNumber(asked, text, language);
  return read.outcome === 'value' && EXTENSION.test(text) ? { ...read, confidence: Math.min(read.confidence, 0.6) } : read;
}

function readPhoneNumber(asked: Asked, text: string, language: Language): Reading {
  const international = found(text).filter((f) => f.number.isValid());
  if (international.length > 0) {
    const [first, ...others] = international;
    const quote = withPlus(text).slice(first!.startsAt, first!.endsAt);
    const distinct = [...new Set(others.map((o) => o.number.number))].filter((n) => n !== first!.number.number);
    return value(first!.number.number, distinct.length > 0 ? 0.5 : 0.95, { quote, ...(distinct.length ? { alternatives: distinct } : {}) });
  }
  const home = asked.phoneCountry as CountryCode | undefined;
  if (home) {
    const local = found(text, home).filter((f) => f.number.isValid());
    if (local.length === 1) return value(local[0]!.number.number, 0.8, { quote: withPlus(text).slice(local[0]!.startsAt, local[0]!.endsAt) });
    // The right length for the applicant's country but outside its plan (a new range, a slip): shown back in that
    // country and asked, never offered as another country's number.
    const digits = [...withPlus(text).matchAll(/\+?\d[\d\s().-]{5,}\d/g)];
    const possible = digits.length === 1 ? parsePhoneNumberFromString(digits[0]![0], home) : undefined;
    // A number as long as the country's own ("07911 654321" in the UK), not one missing its area code ("98765-4321").
    const full = getExampleNumber(home, mobileExamples)?.nationalNumber.length ?? 0;
    const whole = digits[0] ? { startsAt: digits[0].index, endsAt: digits[0].index + digits[0][0].length } : undefined;
    if (possible?.isPossible() && whole && keepsEveryDigit(withPlus(text), { ...whole, number: possible }) && possible.nationalNumber.length >= full - 1) return value(possible.number, 0.6, { quote: digits[0]![0] });
    if (digits.length > 1 || local.length > 1) return silent('notUnderstood');
  }
  // No code and no country known: the language's most usual country whose plan fits, the others offered too, to confirm.
  const fits = new Map<string, { number: string; quote: string }>();
  for (const country of LIKELY[language]) {
    for (const f of found(text, country)) if (f.number.isValid()) fits.set(f.number.number, { number: f.number.number, quote: withPlus(text).slice(f.startsAt, f.endsAt) });
  }
  const [likeliest, ...others] = fits.values();
  if (!likeliest) return silent('notUnderstood');
  return value(likeliest.number, 0.6, { quote: likeliest.quote, ...(others.length ? { alternatives: others.map((o) => o.number) } : {}) });
}
