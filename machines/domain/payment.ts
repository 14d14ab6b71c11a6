// Card and billing rules for the checkout (spec 1-core §2.5, §3 "Payment payload", §5). The checkout machine
// runs them in the browser, the server runs them again before charging, and the embedded test gateway uses the
// card checks, so this file is pure: no DOM, no clock. The caller passes `today` as 'YYYY-MM-DD'.
//
// Like validators.ts it returns translation keys of the "validation" namespace, never English sentences.
//
// Decisions where the spec is silent:
// - Spaces and hyphens are the separators people type in a card number; anything else left over (a letter, a
//   dot) makes the number invalid rather than being silently dropped, so what is charged is what was typed.
// - A card is valid through the last day of its expiry month, as the card networks read it.
// - An expiry more than 20 years ahead is refused: no card is issued for that long, so it is a typing mistake
//   (2062 for 2026). Exactly 20 years ahead, to the month, is accepted.
// - Billing address reuses the library's address keys with a minimum of 5 characters ('1 Rue' is an address in
//   some countries); city 2 to 100 characters; postal code 3 to 10 Latin letters, digits, spaces or hyphens.
// - The country is one of the shared list's English names (as the select stores it) or exactly 'Other';
//   anything else gets 'validation.generic', because the server cannot trust the browser.

import { COUNTRIES } from './countryList';
import { parseIsoDate, validateAddress, type ValidationError } from './validators';

// ---------------------------------------------------------------------------------------------------------
// Public types and limits

/** Spec 1-core §3: the eight fields of the payment form, as the browser sends them (openapi PaymentDetails). */
export interface PaymentDetails {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardName: string;
  billingAddress: string;
  city: string;
  zipCode: string;
  country: string;
}

export type PaymentField = keyof PaymentDetails;

/** In form order, so the first error a view focuses is the first field on screen. */
export const PAYMENT_FIELDS: readonly PaymentField[] = [
  'cardNumber',
  'expiryDate',
  'cvv',
  'cardName',
  'billingAddress',
  'city',
  'zipCode',
  'country',
];

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Each network's name as the network writes it (issue 45 item 17: receipts printed "visa" and "amex"). */
export const CARD_BRAND_NAMES: Readonly<Record<Exclude<CardBrand, 'unknown'>, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** A brand as a gateway stored it, written as the network writes it; a brand we do not know shows as it came. */
export function cardBrandName(brand: string): string {
  const key = brand.trim().toLowerCase().replace(/[\s_-]+/g, '');
  const known = key === 'americanexpress' ? 'amex' : key;
  return Object.prototype.hasOwnProperty.call(CARD_BRAND_NAMES, known) ? CARD_BRAND_NAMES[known as keyof typeof CARD_BRAND_NAMES] : brand.trim();
}

export type PaymentErrors = Partial<Record<PaymentField, ValidationError>>;

/** The billing country select offers the shared list plus this one value. */
export const OTHER_COUNTRY = 'Other';

export const PAYMENT_LIMITS = {
  expiryMaxYearsAhead: 20,
  cardNameMin: 2,
  cardNameMax: 100,
  billingAddressMin: 5,
  billingAddressMax: 200,
  cityMin: 2,
  cityMax: 100,
  zipCodeMin: 3,
  zipCodeMax: 10,
} as const;

/** Every key this file can return; they live in locales/<lang>/validation.json. */
export const PAYMENT_MESSAGE_KEYS = [
  'validation.required',
  'validation.generic',
  'validation.address.tooShort',
  'validation.address.tooLong',
  'validation.payment.cardNumber',
  'validation.payment.expiryFormat',
  'validation.payment.expired',
  'validation.payment.expiryTooFar',
  'validation.payment.cvv',
  'validation.payment.cardName',
  'validation.payment.city',
  'validation.payment.zipCode',
] as const;

export type PaymentMessageKey = (typeof PAYMENT_MESSAGE_KEYS)[number];

function fail(key: PaymentMessageKey, params?: Record<string, string | number>): ValidationError {
  return params ? { key, params } : { key };
}

/** Length in characters (code points), as the server's JSON schema counts maxLength. */
function charLength(text: string): number {
  return [...text].length;
}

// ---------------------------------------------------------------------------------------------------------
// Card number

/** The card number without the spaces and hyphens people group it with ('4242 4242-4242 4242' → 16 digits). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The brand by its issuer identification number (first digits); 'unknown' until enough digits are typed. */
export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return 'unknown';
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 2 && two >= 51 && two <= 55) return 'mastercard';
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  if (digits.length >= 3 && three >= 644 && three <= 649) return 'discover';
  return 'unknown';
}

/** The Luhn checksum every card number carries; false for anything but digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // Every second digit from the right is doubled; a doubled digit over 9 counts its digit sum (x - 9).
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** American Express prints a 4-digit code on the front; the others a 3-digit code on the back. */
export function cvvLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

const UNKNOWN_LENGTHS = [12, 13, 14, 15, 16, 17, 18, 19] as const;

/** The lengths a number of this brand can have (an unknown brand: anything a card network issues, 12 to 19). */
export function cardNumberLengths(brand: CardBrand): readonly number[] {
  switch (brand) {
    case 'amex':
      return [15];
    case 'visa':
      return [13, 16, 19];
    case 'mastercard':
      return [16];
    case 'discover':
      return [16, 17, 18, 19];
    default:
      return UNKNOWN_LENGTHS;
  }
}

function maxCardLength(brand: CardBrand): number {
  return Math.max(...cardNumberLengths(brand));
}

/** Digits only, a length of its brand, and a correct Luhn checksum. */
export function isValidCardNumber(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d+$/.test(digits) && cardNumberLengths(cardBrand(digits)).includes(digits.length) && luhnValid(digits);
}

/** The last four digits, the only part of the number that may be shown or stored (DESIGN: never stored). */
export function lastFour(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}

/**
 * The number as the field shows it while typing: digits in groups of 4 (Amex 4-6-5, as printed on the card),
 * cut at the brand's longest length. Every non-digit is dropped, so a pasted number of any shape is tidied.
 */
export function formatCardNumber(input: string): string {
  const raw = input.replace(/\D/g, '');
  const brand = cardBrand(raw);
  const digits = raw.slice(0, maxCardLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------------------
// Expiry

export interface CardExpiry {
  /** 1 to 12. */
  month: number;
  /** Four digits: '27' is 2027. */
  year: number;
}

// 'MM/YY', 'MM / YY', 'MM/YYYY' (spaces around the slash are how some phones autocomplete it) and 'MMYY'.
const EXPIRY_WITH_SLASH = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/;
const EXPIRY_DIGITS = /^(\d{2})(\d{2})$/;

/** The month and four-digit year of an expiry, or null when it is not one of the accepted shapes or month 13. */
export function parseExpiry(value: string): CardExpiry | null {
  const text = value.trim();
  const match = EXPIRY_WITH_SLASH.exec(text) ?? EXPIRY_DIGITS.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] as string;
  // Two-digit years are this century's: cards are issued for a few years ahead, never for the 1900s.
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

function requireToday(today: string): { year: number; month: number } {
  const date = parseIsoDate(today);
  if (!date) throw new RangeError(`today must be a valid 'YYYY-MM-DD' date, got ${JSON.stringify(today)}`);
  return date;
}

function monthIndex(date: { year: number; month: number }): number {
  return date.year * 12 + (date.month - 1);
}

/** True once the expiry month is over: a card expiring 06/26 still pays on 30 June 2026. */
export function isExpired(expiry: CardExpiry, today: string): boolean {
  return monthIndex(expiry) < monthIndex(requireToday(today));
}

/** More than 20 years ahead of this month: a typing mistake, no card is issued for that long. */
export function isExpiryTooFarAhead(expiry: CardExpiry, today: string): boolean {
  return monthIndex(expiry) - monthIndex(requireToday(today)) > PAYMENT_LIMITS.expiryMaxYearsAhead * 12;
}

/**
 * The expiry as the field shows it while typing, 'MM/YY'.
 * - A first digit 2 to 9 can only be a month 02 to 09, so it becomes '0' plus that digit; '1/' becomes '01/'.
 * - The slash appears once the year starts ('123' → '12/3'). Pass the field's `previous` value to also add it
 *   right after a complete month while typing forward ('12' → '12/'); when the new value is shorter than
 *   `previous` the user is deleting, and no slash is added, so backspace goes back through '12/' to '12' and '1'.
 * - The year keeps 2 digits, or up to 4 when it starts with '20' and more are typed ('12/2027' stays whole:
 *   parseExpiry accepts it).
 */
export function formatExpiry(input: string, previous?: string): string {
  const text = input.trim();
  const slash = text.indexOf('/');
  let month: string;
  let year: string;
  if (slash >= 0) {
    const before = text.slice(0, slash).replace(/\D/g, '');
    year = text.slice(slash + 1).replace(/\D/g, '');
    if (before.length > 2) {
      // A slash typed in the wrong place ('123/4'): read every digit in order instead.
      return formatExpiry(before + year, previous);
    }
    month = before.length === 1 && before !== '0' ? `0${before}` : before;
    if (month === '0' || month === '') return month;
  } else {
    const digits = text.replace(/\D/g, '');
    const first = digits[0];
    if (first !== undefined && first >= '2') {
      month = `0${first}`;
      year = digits.slice(1);
    } else {
      month = digits.slice(0, 2);
      year = digits.slice(2);
    }
  }
  year = year.startsWith('20') && year.length > 2 ? year.slice(0, 4) : year.slice(0, 2);
  if (year !== '') return `${month}/${year}`;
  if (month.length < 2) return month;
  const typedSlash = slash >= 0;
  const typingForward = previous !== undefined && text.length > previous.trim().length;
  return typedSlash || typingForward ? `${month}/` : month;
}

// ---------------------------------------------------------------------------------------------------------
// Billing fields

// Letters of any script and their combining marks, spaces, straight or typographic apostrophes, hyphens and dots
// ('J. R. O’Brien-Núñez').
const CARD_NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}'’.-]+$/u;

const ZIP_CODE_PATTERN = /^[A-Za-z0-9 -]+$/;

const COUNTRY_NAMES: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.name));

/** One of the shared list's English names, or exactly 'Other'. */
export function isBillingCountry(value: string): boolean {
  return value === OTHER_COUNTRY || COUNTRY_NAMES.has(value);
}

function text(value: unknown): string {
  // The server hands over whatever the client sent; anything but a string counts as empty.
  return typeof value === 'string' ? value.trim() : '';
}

function checkCardNumber(value: string): ValidationError | null {
  return isValidCardNumber(value) ? null : fail('validation.payment.cardNumber');
}

function checkExpiry(value: string, today: string): ValidationError | null {
  const expiry = parseExpiry(value);
  if (!expiry) return fail('validation.payment.expiryFormat');
  if (isExpired(expiry, today)) return fail('validation.payment.expired');
  if (isExpiryTooFarAhead(expiry, today)) return fail('validation.payment.expiryTooFar');
  return null;
}

function checkCvv(value: string, cardNumber: string): ValidationError | null {
  const count = cvvLength(cardBrand(cardNumber));
  return /^\d+$/.test(value) && value.length === count ? null : fail('validation.payment.cvv', { count });
}

function checkCardName(value: string): ValidationError | null {
  const name = value.normalize('NFC');
  const length = charLength(name);
  const ok =
    length >= PAYMENT_LIMITS.cardNameMin &&
    length <= PAYMENT_LIMITS.cardNameMax &&
    CARD_NAME_PATTERN.test(name) &&
    /\p{L}/u.test(name);
  return ok ? null : fail('validation.payment.cardName');
}

function checkCity(value: string): ValidationError | null {
  const length = charLength(value);
  return length >= PAYMENT_LIMITS.cityMin && length <= PAYMENT_LIMITS.cityMax ? null : fail('validation.payment.city');
}

function checkZipCode(value: string): ValidationError | null {
  const ok =
    value.length >= PAYMENT_LIMITS.zipCodeMin &&
    value.length <= PAYMENT_LIMITS.zipCodeMax &&
    ZIP_CODE_PATTERN.test(value) &&
    /[A-Za-z0-9]/.test(value);
  return ok ? null : fail('validation.payment.zipCode');
}

/**
 * Every field's error, by field (empty object when the form can be charged). Every field is required
 * (spec §5: 'All card and billing fields are marked required'); values are trimmed first.
 * The CVV length follows the brand of the card number as typed (4 digits for Amex).
 */
export function validatePaymentDetails(details: PaymentDetails, today: string): PaymentErrors {
  const values = { ...details };
  for (const field of PAYMENT_FIELDS) values[field] = text(details[field]);
  const checks: Record<PaymentField, (value: string) => ValidationError | null> = {
    cardNumber: checkCardNumber,
    expiryDate: (value) => checkExpiry(value, today),
    cvv: (value) => checkCvv(value, values.cardNumber),
    cardName: checkCardName,
    billingAddress: (value) =>
      validateAddress(value, {
        minLength: PAYMENT_LIMITS.billingAddressMin,
        maxLength: PAYMENT_LIMITS.billingAddressMax,
      }),
    city: checkCity,
    zipCode: checkZipCode,
    country: (value) => (isBillingCountry(value) ? null : fail('validation.generic')),
  };
  const errors: PaymentErrors = {};
  for (const field of PAYMENT_FIELDS) {
    const value = values[field];
    const error = value === '' ? fail('validation.required') : checks[field](value);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * True when the card number, expiry or CVV is blank: the spec's toast 'Missing Information' / 'Please fill in
 * all required payment details' is for exactly these three (§5); the other fields show their own errors.
 */
export function missingPaymentDetails(details: Pick<PaymentDetails, 'cardNumber' | 'expiryDate' | 'cvv'>): boolean {
  return text(details.cardNumber) === '' || text(details.expiryDate) === '' || text(details.cvv) === '';
}
