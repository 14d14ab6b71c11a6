import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { isValidEmail, isValidIsoDate } from '../../../../machines/domain/validators';
import { fold, type Language } from '../builtin/text';
import { readAmount } from './amounts';
import { readChoice } from './choices';
import { readCountry } from './countries';
import { readDate } from './dates';
import { isPassportSpelling, passportSpelling } from './passportSpelling';
import { isSure, type Asked } from './types';

// The normalisers every value goes through before it is kept, whoever read it: a model's structured output and
// the built-in rules alike. Each gives the stored form (canonical English country name, lower-case e-mail, E.164
// phone, ISO date, plain number, the question's option) or undefined for a value that cannot be one.

export interface Normalised {
  value: string;
  /** The name as written, when the value is its passport spelling. */
  typed?: string;
}

export function normalise(asked: Asked, raw: string, language: Language, today: Date): Normalised | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  switch (asked.kind) {
    case 'email': {
      const email = text.toLowerCase();
      return isValidEmail(email) ? { value: email } : undefined;
    }
    case 'phone': {
      const phone = parsePhoneNumberFromString(text.replace(/^00/, '+'), asked.phoneCountry as CountryCode | undefined);
      return phone?.isValid() ? { value: phone.number } : undefined;
    }
    case 'date': {
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isValidIsoDate(text) ? { value: text } : undefined;
      const read = readDate(asked, text, language, today);
      return isSure(read) ? { value: read.value } : undefined;
    }
    case 'country': {
      const read = readCountry(text, false);
      return isSure(read) ? { value: read.value } : undefined;
    }
    case 'choice': {
      const options = asked.options ?? [];
      const exact = options.find((o) => fold(o.value) === fold(text) || Object.values(o.labels).some((l) => fold(l) === fold(text)));
      if (exact) return { value: exact.value };
      const read = readChoice(options, text);
      return isSure(read) ? { value: read.value } : undefined;
    }
    case 'amount': {
      if (/^\d+(?:\.\d+)?$/.test(text)) return { value: String(Number(text)) };
      const read = readAmount(text, language);
      return isSure(read) ? { value: read.value } : undefined;
    }
    case 'passport': {
      const number = text.toUpperCase().replace(/[\s-]+/g, '');
      return /^(?=[A-Z0-9]*\d)[A-Z0-9]{6,12}$/.test(number) ? { value: number } : undefined;
    }
    case 'name':
    case 'fullName': {
      const name = text.replace(/\s+/g, ' ');
      if (!/^[\p{L}\p{M}][\p{L}\p{M}' ’-]{0,49}$/u.test(name) || name.length < 2) return undefined;
      if (asked.latin && !isPassportSpelling(name)) {
        const spelled = passportSpelling(name);
        return spelled ? { value: spelled, typed: name } : undefined;
      }
      return { value: name };
    }
    default:
      return text.length >= 2 ? { value: text.slice(0, 200) } : undefined;
  }
}
