import { recommendVisa, type Purpose } from '../../../../machines/domain/visaRules';
import { isValidEmail, toIsoDate, validateArrivalDate, validateBirthDate, validateDate } from '../../../../machines/domain/validators';
import type { ChatAsk, Extracted } from '../schemas';
import { fieldLabel, phrase, spoken } from '../builtin/phrases';
import type { Language } from '../builtin/text';

// The advanced chat's script (spec 3-ai §2.5, §4.4; issue 13): what it collects, in what order, how an answer
// fills a field, and how ready the application is. Pure, so it is table-tested; the engine only words the reply.

export const AIVISA_FIELDS = [
  'citizenship_country',
  'trip_purpose',
  'email',
  'firstName',
  'lastName',
  'dateOfBirth',
  'passportNumber',
  'passportExpiry',
  'arrivalDate',
  'departureDate',
] as const;
export type AivisaField = (typeof AIVISA_FIELDS)[number];
export type Collected = Partial<Record<AivisaField | 'product_recommendation' | 'selected_plan', string>>;

/** Spec 3-ai §9: the paywall opens at readiness 80. */
export const PAYWALL_AT = 80;

const INPUT: Record<AivisaField, ChatAsk['input']> = {
  citizenship_country: 'country',
  trip_purpose: 'none',
  email: 'email',
  firstName: 'text',
  lastName: 'text',
  dateOfBirth: 'date',
  passportNumber: 'text',
  passportExpiry: 'date',
  arrivalDate: 'date',
  departureDate: 'date',
};

export const PURPOSES: readonly Purpose[] = ['tourism', 'business', 'study', 'transit'];

export function readiness(collected: Collected): number {
  return Math.round((AIVISA_FIELDS.filter((f) => collected[f]).length / AIVISA_FIELDS.length) * 100);
}

export function nextField(collected: Collected): AivisaField | undefined {
  return AIVISA_FIELDS.find((f) => !collected[f]);
}

export function askFor(field: AivisaField, language: Language): ChatAsk {
  return { field, label: phrase(language, 'reply', `ask.${field}`), input: INPUT[field] };
}

const NAME = /^[\p{L}][\p{L}' -]{0,49}$/u;
const PASSPORT = /\b([A-Z0-9]{6,9})\b/;

/**
 * What this message adds: fields the engine found anywhere in it, and the field just asked read from a short
 * answer ('Ana', 'G1234567'). Each value passes the shared validators before it is kept.
 */
export function readTurn(collected: Collected, asked: AivisaField | undefined, message: string, found: Extracted, today = new Date()): Collected {
  const day = toIsoDate(today);
  const add: Collected = {};
  const keep = (field: AivisaField, value: string | undefined, valid: (v: string) => boolean = () => true) => {
    if (value && !add[field] && (!collected[field] || field === asked) && valid(value)) add[field] = value;
  };
  const text = message.trim();
  keep('email', found.email, isValidEmail);
  keep('citizenship_country', found.nationality ?? (asked === 'citizenship_country' ? found.countries[0] : undefined));
  keep('trip_purpose', found.purpose);
  keep('firstName', found.firstName);
  keep('lastName', found.lastName);
  keep('passportNumber', found.passportNumber ?? (asked === 'passportNumber' ? PASSPORT.exec(text.toUpperCase())?.[1] : undefined));
  if (asked === 'firstName' || asked === 'lastName') keep(asked, NAME.test(text) ? text : undefined);
  const dates = found.dates.map((d) => d.iso);
  if (asked === 'dateOfBirth') keep('dateOfBirth', dates[0], (v) => !validateBirthDate(v, day));
  if (asked === 'passportExpiry') keep('passportExpiry', dates[0], (v) => !validateDate(v) && v > day);
  if (asked === 'arrivalDate') {
    keep('arrivalDate', dates[0], (v) => !validateArrivalDate(v, day));
    // 'del 1 al 15 de marzo': both ends of the trip in one answer.
    keep('departureDate', dates[1], (v) => Boolean(add.arrivalDate) && v >= (add.arrivalDate as string));
  }
  if (asked === 'departureDate') keep('departureDate', dates[0], (v) => !validateDate(v) && v >= (collected.arrivalDate ?? day));
  const merged = { ...collected, ...add };
  if (merged.citizenship_country && merged.trip_purpose) {
    add.product_recommendation = recommendVisa(merged.citizenship_country, merged.trip_purpose as Purpose);
  }
  return add;
}

/** The fields just understood, in words, for the reply to acknowledge. */
export function understood(add: Collected, language: Language): string[] {
  return AIVISA_FIELDS.filter((f) => add[f]).map((f) => {
    const shown = spoken(language, add[f] as string, f === 'citizenship_country' ? 'country' : f === 'trip_purpose' ? 'purpose' : 'plain');
    return `${fieldLabel(language, f === 'citizenship_country' ? 'nationality' : f === 'trip_purpose' ? 'purpose' : f)}: ${shown}`;
  });
}
