import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { countryName } from '../builtin/phrases';
import type { Language } from '../builtin/text';
import type { Asked } from './types';

// A value as the conversation says it back (issue 32): a date written out in the language, a country by the
// language's name for it, an option by its label, a phone grouped, an amount with the language's marks.

export function shown(asked: Pick<Asked, 'kind' | 'options'>, value: string, language: Language): string {
  switch (asked.kind) {
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`).toLocaleDateString(language, { dateStyle: 'long', timeZone: 'UTC' }) : value;
    case 'country':
      return countryName(language, value);
    case 'choice':
      return asked.options?.find((o) => o.value === value)?.labels[language] ?? value;
    case 'phone':
      return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
    case 'amount':
      return Number.isFinite(Number(value)) ? new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(Number(value)) : value;
    default:
      return value;
  }
}
