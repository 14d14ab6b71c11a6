import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isValidEmail } from '../../../../machines/domain/validators';
import { findCountries } from '../builtin/countries';
import { findDates } from '../builtin/dates';
import { fold, type Language } from '../builtin/text';
import type { Extracted } from '../schemas';
import { PURPOSE_OPTIONS } from './asked';
import { readChoice } from './choices';
import { readCountry } from './countries';
import { quoted } from './ground';
import { isSure } from './types';

// The fields a model says a message states, each normalised and checked against the message: a country it does
// not name, a date its words do not say, a name it does not contain is dropped; the rest is kept.

const digits = (s: string) => s.replace(/\D/g, '');

export function groundedExtract(found: Extracted, text: string, language: Language, today = new Date()): Extracted {
  const out: Extracted = { dates: [], countries: [] };
  const folded = fold(text);
  const named = new Set(findCountries(text).map((c) => c.country));
  const canonical = (name: string) => {
    const read = readCountry(name, false);
    return isSure(read) && named.has(read.value) ? read.value : undefined;
  };
  const email = found.email?.trim().toLowerCase();
  if (email && isValidEmail(email) && folded.includes(email.split('@')[0]!)) out.email = email;
  const phone = found.phone ? parsePhoneNumberFromString(found.phone.replace(/^00/, '+')) : undefined;
  if (phone?.isValid() && digits(text).includes(phone.nationalNumber)) out.phone = phone.number;
  for (const date of found.dates) {
    if (quoted(text, date.text) && findDates(date.text, language, today)[0]?.iso === date.iso) out.dates.push(date);
  }
  out.countries = [...new Set(found.countries.map(canonical).filter((c): c is string => Boolean(c)))];
  const nationality = found.nationality ? canonical(found.nationality) : undefined;
  if (nationality) out.nationality = nationality;
  if (found.purpose && readChoice(PURPOSE_OPTIONS, text).outcome === 'value') {
    const read = readChoice(PURPOSE_OPTIONS, text);
    if (read.outcome === 'value' && read.value === found.purpose) out.purpose = found.purpose;
  }
  for (const key of ['firstName', 'lastName'] as const) {
    const name = found[key]?.trim();
    if (name && quoted(text, name)) out[key] = name;
  }
  const passport = found.passportNumber?.toUpperCase().replace(/[\s-]+/g, '');
  if (passport && /^(?=[A-Z0-9]*\d)[A-Z0-9]{6,12}$/.test(passport) && text.toUpperCase().replace(/[\s-]+/g, '').includes(passport)) out.passportNumber = passport;
  return out;
}
