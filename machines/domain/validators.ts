// The one validator library (spec 2-wizards §5.1, §5.2, §3.9, §9; 1-core §5). The XState machines run it in
// the browser and the Fastify routes run it again on the server, so it is pure: no DOM, no clock. The caller
// passes `today` as a calendar date string 'YYYY-MM-DD' (use `toIsoDate(new Date())` in the browser, so the
// applicant's own calendar day decides "past" and "future").
//
// Every validator returns a translation key (namespace "validation", files locales/<lang>/validation.json)
// plus i18next interpolation params, never an English sentence.
//
// Decisions where the spec is silent or ambiguous (also listed in the helper's report):
// - Values are trimmed before every check; names are NFC-normalised and counted in characters, not UTF-16 units.
// - normalizeAnswer gives the form an answer is stored in (the wizard machine and the server store through it):
//   trimmed, a phone as '+' and digits, a passport number in capitals. It only rewrites an answer that is already
//   well formed, so validating before or after normalising gives the same verdict: "call me" is not turned into
//   an empty phone (which would say "required"), nor 'ß' into 'SS' (which would pass as a passport number).
// - A select/radio answer that is not one of the question's options gives 'validation.generic' (the server
//   cannot trust the browser).
// - Every rule set reads the date rules the same way, the pre-assessment ('basic') included: 'past' is strictly
//   before today, 'future' strictly after today (from tomorrow on), 'birthDate' is past and not more than 100
//   years ago, 'arrivalDate' is future and at most 2 years ahead (exactly 2 years is accepted),
//   'parentBirthDate' is at least 16 years before the applicant's 'birth-date' answer (or before today when
//   that answer is missing or invalid), 'passportIssueDate' / 'passportExpiryDate' as spec §5.2.
//   A date question without a rule only has to be a real date.
// - The passport must be valid for the stay, i.e. at least 6 months after the reference date (day clamped to the
//   month's end: 31 August + 6 months is the last day of February):
//   - ESTA asks no arrival date, so its 'passport-expiry' ('passportExpiryDate' in the 'esta' rule set) must be
//     at least 6 months after today; expired and before-issue are reported first, as they name the mistake.
//   - The DS-160 asks the passport ('passport-expiry-date') before the trip, so the check sits on
//     'intended-arrival-date': when the expiry answer is known and valid, it must be at least 6 months after
//     the arrival date (exactly 6 months is accepted). The expiry question itself only has to be after today
//     and after the issue date, since the applicant has not said yet when they travel. An expiry changed after
//     the arrival was answered is caught when every visible answer is validated again (validateAnswers).
// - The name rule (any id containing 'name') applies to text and textarea questions, but not to the free-text
//   lists of other names ('other-names', 'specify-other-names'), which may hold several names and commas.
//   In the 'ds160' and 'esta' rule sets a name is written in Latin letters A–Z, as the official forms take it
//   ('validation.name.latin'), except the native-alphabet name ('native-name'); a digit or symbol gets
//   'validation.name.invalid' first, because that is the actual mistake. Straight and typographic apostrophes
//   are both accepted. A question whose rule is 'organisationName' (an employer, a school, an organisation, the
//   U.S. point of contact that may be a hotel) never gets the person-name rule, even when its id says 'name':
//   "3M España S.L." and "O'Brien & Sons" are companies, not people. The 'basic' rule set checks only the full name ('full-name'): 2 to 100 characters,
//   letters of any script, because the pre-assessment is not an official form.
// - The address rule (any id containing 'address') applies to text and textarea questions, never to an
//   email question ('email-address'); a second address line ('home-address-2') only has the 200 maximum,
//   because "Apt 4B" is a complete second line.
// - Phones, every rule set: spaces, hyphens (also the typographic ‐ ‑ – that phones and web pages produce), dots
//   and round brackets are separators, removed before any check.
// - DS-160 phone checks run in this order: characters, too short, too long, country code (see validatePhoneDs160).
// - ESTA: the applicant's own phone ('phone') is judged by its own country code, not by the passport country (a
//   Spanish passport holder may live in London): it must start with '+', and the phone table row of the longest
//   matching prefix gives the digit count (see validatePhoneWithCountryCode). The emergency contact's phone (any
//   other phone question) gets the country-less check (7..15 digits).
// - ESTA passport country: a U.S. passport needs no visa or ESTA ('validation.esta.usCitizen'); any country
//   outside the Visa Waiver Program gets 'validation.esta.notWaiver' with the answer as stored as {{country}}.
//   Both come from the one visa rule module (visaRules.ts).
// - Numbers: after removing commas and '$', a plain non-negative decimal (the only numeric answer is a salary).

import type { Question, RuleSet, ValidationRule } from './questions';
import { phoneRuleForNumber } from './phoneRules';
import { isWaiverCountry, needsNoVisa } from './visaRules';

// ---------------------------------------------------------------------------------------------------------
// Public types and limits

export interface ValidationError {
  /** Translation key in the "validation" namespace, e.g. 'validation.required'. */
  key: string;
  /** i18next interpolation values ({{country}}, {{prefix}}, {{min}}, {{max}}). */
  params?: Record<string, string | number>;
}

export interface ValidationContext {
  rules: RuleSet;
  /** Every answer so far, by question id (cross-field rules read birth and issue dates from here). */
  answers: Readonly<Record<string, string>>;
  /** The applicant's calendar day, 'YYYY-MM-DD'. */
  today: string;
}

/** Every key this library can return; the locale files hold exactly these (tests check it). */
export const VALIDATION_MESSAGE_KEYS = [
  'validation.required',
  'validation.generic',
  'validation.basic.email',
  'validation.basic.phone',
  'validation.email.invalid',
  'validation.email.tooLong',
  'validation.phone.invalid',
  'validation.phone.tooShort',
  'validation.phone.tooLong',
  'validation.phone.countryCode',
  'validation.phone.international',
  'validation.phone.countryTooShort',
  'validation.phone.countryTooLong',
  'validation.phone.digitsOnly',
  'validation.date.invalid',
  'validation.date.past',
  'validation.date.future',
  'validation.date.tooFarAhead',
  'validation.date.passportExpiresTooSoon',
  'validation.date.parentAge',
  'validation.date.birthTooOld',
  'validation.number',
  'validation.name.tooShort',
  'validation.name.tooLong',
  'validation.name.invalid',
  'validation.name.latin',
  'validation.fullName.tooLong',
  'validation.passport.tooShort',
  'validation.passport.tooLong',
  'validation.passport.invalid',
  'validation.passport.expired',
  'validation.passport.sixMonths',
  'validation.passport.expiryBeforeIssue',
  'validation.passport.issueFuture',
  'validation.passport.issueTooOld',
  'validation.passport.issueBeforeBirth',
  'validation.address.tooShort',
  'validation.address.tooLong',
  'validation.esta.notWaiver',
  'validation.esta.usCitizen',
  'validation.organisation.tooShort',
  'validation.organisation.tooLong',
  'validation.organisation.invalid',
] as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/** Spec 2-wizards §9 and 1-core §9. */
export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  /** The pre-assessment's full name; the server accepts a lead name of up to 120, so it never refuses this. */
  fullNameMax: 100,
  /** An employer, school or organisation: "3M" is a whole name; 100 is what the forms' text fields hold. */
  organisationNameMin: 2,
  organisationNameMax: 100,
  addressMin: 10,
  addressMax: 200,
  emailMax: 100,
  passportNumberMin: 6,
  passportNumberMax: 20,
  phoneMinDigits: 7,
  phoneMaxDigits: 15,
  /** DS-160: without a '+' the number must be a full national number of at least this many digits. */
  phoneDigitsWithoutCountryCode: 10,
  parentMinYearsOlder: 16,
  birthMaxYearsAgo: 100,
  passportIssueMaxYearsAgo: 10,
  /** An arrival date further ahead is almost always a typing mistake (2062 for 2026), not a travel plan. */
  arrivalMaxYearsAhead: 2,
  /** The passport must stay valid this long after the arrival (DS-160) or after today (ESTA). */
  passportValidMonths: 6,
} as const;

/** Answer ids that rules single out (birth, issue date and passport number are the same in DS-160 and ESTA). */
export const ANSWER_IDS = {
  birthDate: 'birth-date',
  passportIssueDate: 'passport-issue-date',
  /** DS-160: read by the arrival date's six-month check (ESTA's expiry is 'passport-expiry' and has no arrival). */
  passportExpiryDate: 'passport-expiry-date',
  passportNumber: 'passport-number',
  /** ESTA: the applicant's phone, judged by its own country code against the phone table. */
  estaPhone: 'phone',
  /** ESTA: the passport country, which must be in the Visa Waiver Program. */
  estaPassportCountry: 'passport-country',
  /** DS-160: the full name in the native alphabet, the one name not held to Latin letters. */
  nativeName: 'native-name',
  /** Pre-assessment: the only name the 'basic' rule set checks. */
  fullName: 'full-name',
} as const;

/** Ids that contain 'name' but hold a free-text list of names, so the single-name rule does not apply. */
export const NAME_RULE_EXEMPT_IDS: readonly string[] = ['other-names', 'specify-other-names'];

function fail(key: ValidationMessageKey, params?: Record<string, string | number>): ValidationError {
  return params ? { key, params } : { key };
}

/** Length in characters (code points), so 'José' typed with a combining accent still counts 4. */
function charLength(text: string): number {
  return [...text.normalize('NFC')].length;
}

// ---------------------------------------------------------------------------------------------------------
// Dates: plain calendar arithmetic on 'YYYY-MM-DD', no time zones, no Date parsing quirks.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export type DateInput = string | CalendarDate;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' to a calendar date, or null when malformed or impossible (2023-02-30, 2026-13-01, 0000-01-01). */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

export function formatIsoDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The local calendar day of a Date as 'YYYY-MM-DD' (what the caller passes as `today`). */
export function toIsoDate(date: Date): string {
  return formatIsoDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

function toCalendarDate(input: DateInput): CalendarDate | null {
  return typeof input === 'string' ? parseIsoDate(input) : input;
}

function requireDate(input: DateInput, what: string): CalendarDate {
  const date = toCalendarDate(input);
  if (!date) throw new RangeError(`${what} must be a valid 'YYYY-MM-DD' date, got ${JSON.stringify(input)}`);
  return date;
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareDates(a: DateInput, b: DateInput): number {
  const x = requireDate(a, 'a');
  const y = requireDate(b, 'b');
  return x.year - y.year || x.month - y.month || x.day - y.day;
}

/** Shifts by whole years; 29 February becomes 28 February in a common year. */
export function addYears(input: DateInput, years: number): CalendarDate {
  const date = requireDate(input, 'date');
  const year = date.year + years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

/** Shifts by whole months; a day the target month lacks becomes its last day (31 August + 6 → 28/29 February). */
export function addMonths(input: DateInput, months: number): CalendarDate {
  const date = requireDate(input, 'date');
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/**
 * Whole years completed from `from` to `to` (an age): 2000-06-16 → 2026-06-15 is 25, → 2026-06-16 is 26.
 * Negative when `to` is before `from`. Someone born on 29 February completes a year on 1 March in common years.
 */
export function yearsBetween(from: DateInput, to: DateInput): number {
  const a = requireDate(from, 'from');
  const b = requireDate(to, 'to');
  if (compareDates(b, a) < 0) return -yearsBetween(b, a);
  let years = b.year - a.year;
  if (b.month < a.month || (b.month === a.month && b.day < a.day)) years -= 1;
  return years;
}

/** Must be a real calendar date. */
export function validateDate(value: string): ValidationError | null {
  return parseIsoDate(value) ? null : fail('validation.date.invalid');
}

/** Strictly before today. */
export function validatePastDate(value: string, today: string): ValidationError | null {
  const date = parseIsoDate(value);
  if (!date) return fail('validation.date.invalid');
  return compareDates(date, today) < 0 ? null : fail('validation.date.past');
}

/** Strictly after today (from tomorrow on). */
export function validateFutureDate(value: string, today: string): ValidationError | null {
  const date = parseIsoDate(value);
  if (!date) return fail('validation.date.invalid');
  return compareDates(date, today) > 0 ? null : fail('validation.date.future');
}

/** In the past and not more than 100 years ago (exactly 100 years ago is still accepted). */
export function validateBirthDate(value: string, today: string): ValidationError | null {
  const past = validatePastDate(value, today);
  if (past) return past;
  const oldest = addYears(today, -LIMITS.birthMaxYearsAgo);
  return compareDates(value, oldest) < 0 ? fail('validation.date.birthTooOld') : null;
}

/**
 * Strictly after today and at most 2 years ahead (exactly 2 years is accepted). When the passport expiry is
 * known and valid (DS-160 asks it first), it must be at least 6 months after this arrival date.
 */
export function validateArrivalDate(value: string, today: string, passportExpiry?: string): ValidationError | null {
  const future = validateFutureDate(value, today);
  if (future) return future;
  if (compareDates(value, addYears(today, LIMITS.arrivalMaxYearsAhead)) > 0) return fail('validation.date.tooFarAhead');
  const expiry = passportExpiry ? parseIsoDate(passportExpiry) : null;
  if (expiry && compareDates(expiry, addMonths(value, LIMITS.passportValidMonths)) < 0) {
    return fail('validation.date.passportExpiresTooSoon');
  }
  return null;
}

/**
 * A parent is at least 16 years older than the applicant: the date must be at least 16 years before the
 * applicant's birth date when that is known and valid, otherwise at least 16 years before today.
 */
export function validateParentBirthDate(
  value: string,
  today: string,
  applicantBirthDate?: string,
): ValidationError | null {
  const date = parseIsoDate(value);
  if (!date) return fail('validation.date.invalid');
  const applicant = applicantBirthDate ? parseIsoDate(applicantBirthDate) : null;
  // A birth date typed in the future must not let the parent's date move past today.
  const reference = applicant && compareDates(applicant, today) < 0 ? applicant : requireDate(today, 'today');
  const latest = addYears(reference, -LIMITS.parentMinYearsOlder);
  return compareDates(date, latest) <= 0 ? null : fail('validation.date.parentAge');
}

/**
 * Not in the future (today is fine), not before the birth date, not more than 10 years ago.
 * Before-birth is reported before too-old because it names the actual mistake.
 */
export function validatePassportIssueDate(value: string, today: string, birthDate?: string): ValidationError | null {
  const date = parseIsoDate(value);
  if (!date) return fail('validation.date.invalid');
  if (compareDates(date, today) > 0) return fail('validation.passport.issueFuture');
  const birth = birthDate ? parseIsoDate(birthDate) : null;
  if (birth && compareDates(date, birth) < 0) return fail('validation.passport.issueBeforeBirth');
  const oldest = addYears(today, -LIMITS.passportIssueMaxYearsAgo);
  return compareDates(date, oldest) < 0 ? fail('validation.passport.issueTooOld') : null;
}

/**
 * Strictly after today, and strictly after the issue date when that is known and valid. With
 * `minMonthsFromToday` (ESTA, which asks no arrival date) it must also be at least that many months after today;
 * expired and before-issue are reported first because they name the actual mistake.
 */
export function validatePassportExpiryDate(
  value: string,
  today: string,
  issueDate?: string,
  options: { minMonthsFromToday?: number } = {},
): ValidationError | null {
  const date = parseIsoDate(value);
  if (!date) return fail('validation.date.invalid');
  if (compareDates(date, today) <= 0) return fail('validation.passport.expired');
  const issue = issueDate ? parseIsoDate(issueDate) : null;
  if (issue && compareDates(date, issue) <= 0) return fail('validation.passport.expiryBeforeIssue');
  const months = options.minMonthsFromToday;
  if (months !== undefined && compareDates(date, addMonths(today, months)) < 0) {
    return fail('validation.passport.sixMonths');
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Email

// The WHATWG "valid e-mail address" pattern (domain labels up to 63 characters), plus at least one dot in
// the domain: an applicant's address must be reachable on the internet.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  const local = email.split('@')[0] ?? '';
  return email.length <= 254 && local.length <= 64 && EMAIL_PATTERN.test(email);
}

/** DS-160 and ESTA wording; ESTA passes maxLength 100. Too long is checked first. */
export function validateEmail(value: string, options: { maxLength?: number } = {}): ValidationError | null {
  const email = value.trim();
  if (options.maxLength !== undefined && email.length > options.maxLength) return fail('validation.email.tooLong');
  return isValidEmail(email) ? null : fail('validation.email.invalid');
}

/** The pre-assessment wizard's wording (1-core §5). */
export function validateBasicEmail(value: string): ValidationError | null {
  return isValidEmail(value) ? null : fail('validation.basic.email');
}

// ---------------------------------------------------------------------------------------------------------
// Phone

// Spaces (any, the no-break one included), hyphens (ASCII and the typographic ‐ ‑ – that phone keyboards and
// copied web pages produce), dots and round brackets: the ways people group the digits of a number.
const PHONE_SEPARATORS = /[\s\-\u2010\u2011\u2013.()]/g;

/** Spaces, hyphens, dots and round brackets are separators the applicant may type; they are removed first. */
export function stripPhoneSeparators(value: string): string {
  return value.trim().replace(PHONE_SEPARATORS, '');
}

/** Only the digits of a phone number. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The pre-assessment wizard (1-core §5): after removing separators, digits with an optional leading '+',
 * 7 to 15 digits. One message for every failure, the pre-assessment's own wording.
 */
export function validateBasicPhone(value: string): ValidationError | null {
  const phone = stripPhoneSeparators(value);
  const digits = phone.replace('+', '').length;
  const ok = /^\+?\d+$/.test(phone) && digits >= LIMITS.phoneMinDigits && digits <= LIMITS.phoneMaxDigits;
  return ok ? null : fail('validation.basic.phone');
}

/**
 * DS-160 (spec §5.1). Order of checks, first failure wins:
 * 1. after stripping separators, anything but an optional leading '+' and digits → phone.invalid
 * 2. fewer than 7 digits → phone.tooShort
 * 3. more than 15 digits → phone.tooLong
 * 4. no '+' and fewer than 10 digits → phone.countryCode
 * Length before country code: a 5-digit number is too short whatever its prefix, and the country-code hint
 * is only useful for a plausible local number (7 to 9 digits) missing its '+'.
 */
export function validatePhoneDs160(value: string): ValidationError | null {
  const phone = stripPhoneSeparators(value);
  if (!/^\+?\d+$/.test(phone)) return fail('validation.phone.invalid');
  const digits = phone.replace('+', '').length;
  if (digits < LIMITS.phoneMinDigits) return fail('validation.phone.tooShort');
  if (digits > LIMITS.phoneMaxDigits) return fail('validation.phone.tooLong');
  if (!phone.startsWith('+') && digits < LIMITS.phoneDigitsWithoutCountryCode) {
    return fail('validation.phone.countryCode');
  }
  return null;
}

/** A phone for a country without rules (spec §5.2): optional leading '+', digits only, 7 to 15 digits. */
export function validatePhoneInternational(value: string): ValidationError | null {
  const phone = stripPhoneSeparators(value);
  if (!/^\+?\d+$/.test(phone)) return fail('validation.phone.invalid');
  const digits = phone.replace('+', '').length;
  if (digits < LIMITS.phoneMinDigits) return fail('validation.phone.tooShort');
  if (digits > LIMITS.phoneMaxDigits) return fail('validation.phone.tooLong');
  return null;
}

/**
 * ESTA applicant's phone (spec §5.2, §3.9), judged by its own country code, whatever the passport says.
 * Order of checks, first failure wins:
 * 1. no leading '+' → phone.international (without the code the country cannot be known)
 * 2. after the '+', anything but digits → phone.digitsOnly
 * 3. the phone table row of the longest matching prefix (phoneRuleForNumber): fewer digits after the prefix
 *    than its minimum → phone.countryTooShort {country, min}; more than its maximum → phone.countryTooLong
 *    {country, max}
 * 4. a country code without a row → validatePhoneInternational (7 to 15 digits in all)
 */
export function validatePhoneWithCountryCode(value: string): ValidationError | null {
  const phone = stripPhoneSeparators(value);
  if (!phone.startsWith('+')) return fail('validation.phone.international');
  if (!/^\d*$/.test(phone.slice(1))) return fail('validation.phone.digitsOnly');
  const rule = phoneRuleForNumber(phone);
  if (!rule) return validatePhoneInternational(phone);
  const rest = phone.slice(rule.prefix.length);
  if (rest.length < rule.min) return fail('validation.phone.countryTooShort', { country: rule.country, min: rule.min });
  if (rest.length > rule.max) return fail('validation.phone.countryTooLong', { country: rule.country, max: rule.max });
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Names, passport numbers, addresses, numbers

// Letters of any script (José, São, Müller, native-alphabet names), combining marks, spaces, hyphens and
// straight or typographic apostrophes (phones type ’ in O’Brien).
const NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}'’-]+$/u;

// The official DS-160 and ESTA take names in the passport's machine-readable spelling: A–Z only, no accents.
const LATIN_NAME_PATTERN = /^[A-Za-z\p{Zs}'’-]+$/u;

function checkName(
  value: string,
  maxLength: number,
  tooLongKey: ValidationMessageKey,
  latinOnly: boolean,
): ValidationError | null {
  const name = value.trim().normalize('NFC');
  const length = charLength(name);
  if (length < LIMITS.nameMin) return fail('validation.name.tooShort');
  if (length > maxLength) return fail(tooLongKey);
  if (!NAME_PATTERN.test(name) || !/\p{L}/u.test(name)) return fail('validation.name.invalid');
  if (latinOnly && !LATIN_NAME_PATTERN.test(name)) return fail('validation.name.latin');
  return null;
}

/**
 * 2 to 50 characters; letters, spaces, hyphens, apostrophes, and at least one letter. With `latinOnly`
 * (DS-160 and ESTA), the letters must be A–Z: 'José' gets name.latin, while 'José3' gets name.invalid.
 */
export function validateName(value: string, options: { latinOnly?: boolean } = {}): ValidationError | null {
  return checkName(value, LIMITS.nameMax, 'validation.name.tooLong', options.latinOnly ?? false);
}

/** The pre-assessment's full name: 2 to 100 characters, letters of any script, spaces, hyphens, apostrophes. */
export function validateFullName(value: string): ValidationError | null {
  return checkName(value, LIMITS.fullNameMax, 'validation.fullName.tooLong', false);
}

// An organisation's name: letters of any script with their accents, digits, spaces, and the marks company names
// are written with: & . , ' ’ - / ( ). "3M España S.L.", "O'Brien & Sons", "Banco do Brasil S/A", "AT&T (Europe)".
const ORGANISATION_NAME_PATTERN = /^[\p{L}\p{M}\p{Nd}\p{Zs}&.,'’\-/()]+$/u;

/**
 * An employer, school, organisation, hotel or company name: 2 to 100 characters, at least one letter or digit,
 * and only the characters above. Not held to A–Z: the official forms' organisation fields are not the passport's
 * machine-readable name (the person-name rule's reason for Latin letters).
 */
export function validateOrganisationName(value: string): ValidationError | null {
  const name = value.trim().normalize('NFC');
  const length = charLength(name);
  if (length < LIMITS.organisationNameMin) return fail('validation.organisation.tooShort');
  if (length > LIMITS.organisationNameMax) return fail('validation.organisation.tooLong');
  if (!ORGANISATION_NAME_PATTERN.test(name) || !/[\p{L}\p{Nd}]/u.test(name)) return fail('validation.organisation.invalid');
  return null;
}

/** 6 to 20 characters, Latin letters and digits only (as printed in the passport's machine-readable zone). */
export function validatePassportNumber(value: string): ValidationError | null {
  const number = value.trim();
  if (number.length < LIMITS.passportNumberMin) return fail('validation.passport.tooShort');
  if (number.length > LIMITS.passportNumberMax) return fail('validation.passport.tooLong');
  if (!/^[A-Za-z0-9]+$/.test(number)) return fail('validation.passport.invalid');
  return null;
}

/** 10 to 200 characters by default; a second address line passes minLength 0. */
export function validateAddress(
  value: string,
  options: { minLength?: number; maxLength?: number } = {},
): ValidationError | null {
  const { minLength = LIMITS.addressMin, maxLength = LIMITS.addressMax } = options;
  const length = charLength(value.trim());
  if (length < minLength) return fail('validation.address.tooShort');
  if (length > maxLength) return fail('validation.address.tooLong');
  return null;
}

/** The number an answer holds after removing commas and '$' ('$1,500.50' → 1500.5), or null. */
export function parseAmount(value: string): number | null {
  const cleaned = value.replace(/[,$]/g, '').trim();
  return /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(cleaned) ? Number(cleaned) : null;
}

/** Non-negative decimal after removing commas and '$'. */
export function validateNumber(value: string): ValidationError | null {
  return parseAmount(value) === null ? fail('validation.number') : null;
}

/**
 * ESTA passport country: only Visa Waiver Program passports can use an ESTA; a U.S. citizen needs neither.
 * {{country}} is the answer as stored (an English name); the UI may translate it.
 */
export function validateEstaPassportCountry(value: string): ValidationError | null {
  const country = value.trim();
  if (needsNoVisa(country)) return fail('validation.esta.usCitizen');
  return isWaiverCountry(country) ? null : fail('validation.esta.notWaiver', { country });
}

// ---------------------------------------------------------------------------------------------------------
// Which rule a question gets

const DATE_RULES: readonly ValidationRule[] = [
  'past',
  'future',
  'birthDate',
  'arrivalDate',
  'parentBirthDate',
  'passportIssueDate',
  'passportExpiryDate',
];

const TEXT_LIKE: readonly Question['type'][] = ['text', 'textarea'];

function isPhoneQuestion(q: Question): boolean {
  return q.type === 'phone' || q.validation === 'phone';
}

function isDateQuestion(q: Question): boolean {
  return q.type === 'date' || (q.validation !== undefined && DATE_RULES.includes(q.validation));
}

function isNumberQuestion(q: Question): boolean {
  return q.type === 'number' || q.validation === 'number';
}

/** A text answer that names an employer, school, organisation, hotel or company (its catalog says so). */
export function hasOrganisationRule(q: Question): boolean {
  return q.validation === 'organisationName' && TEXT_LIKE.includes(q.type);
}

/**
 * Spec: "any id containing 'name'" — for text answers, minus the free-text lists of other names and the
 * organisations' names, which have their own rule.
 */
export function hasNameRule(q: Question): boolean {
  return q.id.includes('name') && TEXT_LIKE.includes(q.type) && !NAME_RULE_EXEMPT_IDS.includes(q.id) && !hasOrganisationRule(q);
}

/** Spec: "any id containing 'address'" — for text answers; 'email-address' is an email question, not this. */
export function hasAddressRule(q: Question): boolean {
  return q.id.includes('address') && TEXT_LIKE.includes(q.type);
}

/** 'home-address-2' and the like: a continuation line, complete however short. */
function isAddressContinuation(q: Question): boolean {
  return /address-\d+$/.test(q.id) && !q.id.endsWith('-1');
}

function validateDateAnswer(q: Question, value: string, ctx: ValidationContext): ValidationError | null {
  if (!parseIsoDate(value)) return fail('validation.date.invalid');
  const { today, answers } = ctx;
  switch (q.validation) {
    case 'past':
      return validatePastDate(value, today);
    case 'future':
      return validateFutureDate(value, today);
    case 'birthDate':
      return validateBirthDate(value, today);
    case 'arrivalDate':
      return validateArrivalDate(value, today, answers[ANSWER_IDS.passportExpiryDate]);
    case 'parentBirthDate':
      return validateParentBirthDate(value, today, answers[ANSWER_IDS.birthDate]);
    case 'passportIssueDate':
      return validatePassportIssueDate(value, today, answers[ANSWER_IDS.birthDate]);
    case 'passportExpiryDate': {
      // ESTA asks no arrival date, so "valid for the stay" can only be counted from today.
      const options = ctx.rules === 'esta' ? { minMonthsFromToday: LIMITS.passportValidMonths } : {};
      return validatePassportExpiryDate(value, today, answers[ANSWER_IDS.passportIssueDate], options);
    }
    default:
      return null;
  }
}

function validateBasicAnswer(q: Question, value: string, ctx: ValidationContext): ValidationError | null {
  if (q.type === 'email') return validateBasicEmail(value);
  if (isPhoneQuestion(q)) return validateBasicPhone(value);
  if (isDateQuestion(q)) return validateDateAnswer(q, value, ctx);
  if (q.id === ANSWER_IDS.fullName && TEXT_LIKE.includes(q.type)) return validateFullName(value);
  return null;
}

function validateDetailedAnswer(q: Question, value: string, ctx: ValidationContext): ValidationError | null {
  const esta = ctx.rules === 'esta';
  if (q.type === 'email') return esta ? validateEmail(value, { maxLength: LIMITS.emailMax }) : validateEmail(value);
  if (isPhoneQuestion(q)) {
    if (!esta) return validatePhoneDs160(value);
    return q.id === ANSWER_IDS.estaPhone ? validatePhoneWithCountryCode(value) : validatePhoneInternational(value);
  }
  if (esta && q.id === ANSWER_IDS.estaPassportCountry) return validateEstaPassportCountry(value);
  if (isDateQuestion(q)) return validateDateAnswer(q, value, ctx);
  if (isNumberQuestion(q)) return validateNumber(value);
  if (q.id === ANSWER_IDS.passportNumber) return validatePassportNumber(value);
  if (hasOrganisationRule(q)) return validateOrganisationName(value);
  if (hasNameRule(q)) return validateName(value, { latinOnly: q.id !== ANSWER_IDS.nativeName });
  if (hasAddressRule(q)) return validateAddress(value, isAddressContinuation(q) ? { minLength: 0 } : {});
  return null;
}

/**
 * The error for one answer, or null when it is acceptable.
 * Required and empty (after trimming) → 'validation.required'; optional and empty → null, nothing else checked.
 */
export function validateAnswer(question: Question, value: string, ctx: ValidationContext): ValidationError | null {
  // The server hands over whatever the client sent; anything but a string counts as empty.
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '') return question.required ? fail('validation.required') : null;
  const options = question.options;
  if ((question.type === 'select' || question.type === 'radio') && options && options.length > 0) {
    if (!options.some((o) => o.value === trimmed)) return fail('validation.generic');
  }
  return ctx.rules === 'basic'
    ? validateBasicAnswer(question, trimmed, ctx)
    : validateDetailedAnswer(question, trimmed, ctx);
}

/**
 * The form an answer is stored in: trimmed; a phone as '+' and its digits (just digits when no '+' was typed);
 * a passport number in capitals. Only a well-formed answer is rewritten (a phone that is '+' and digits once
 * the separators are gone; only ASCII letters are capitalised), so the verdict of validateAnswer is the same
 * before and after: a wrong answer stays wrong, with the same message. Anything but a string becomes ''.
 */
export function normalizeAnswer(question: Question, value: string): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  if (isPhoneQuestion(question)) {
    const phone = stripPhoneSeparators(trimmed);
    return /^\+?\d+$/.test(phone) ? phone : trimmed;
  }
  if (question.id === ANSWER_IDS.passportNumber) return trimmed.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
  return trimmed;
}

/**
 * Errors of several questions at once, by question id (empty object when all pass). Pass only the questions
 * the applicant can see (`visibleQuestions(catalog, answers)`): hidden ones are not asked.
 */
export function validateAnswers(questions: readonly Question[], ctx: ValidationContext): Record<string, ValidationError> {
  const errors: Record<string, ValidationError> = {};
  for (const question of questions) {
    const error = validateAnswer(question, ctx.answers[question.id] ?? '', ctx);
    if (error) errors[question.id] = error;
  }
  return errors;
}
