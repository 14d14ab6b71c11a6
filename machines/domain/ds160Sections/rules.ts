// The rules a field's answer follows beyond its kind's checks: the ones the validator library has no function for
// (ZIP code, year, an end not before its start, the photo file) and the ones built from it with this form's context
// (the applicant's birth date, the passport's dates, the trip's arrival). The decisions are in index.ts's header.

import {
  DS160_FORM_MESSAGES as M,
  DS160_TEXT_LIMITS,
  answerText,
  fail,
  type Ds160Rule,
  type Ds160RuleContext,
} from './fields';
import {
  LIMITS,
  compareDates,
  parseIsoDate,
  validateAddress,
  validateArrivalDate,
  validateBirthDate,
  validateFutureDate,
  validateName,
  validateOrganisationName,
  validateParentBirthDate,
  validatePassportExpiryDate,
  validatePassportIssueDate,
  validatePassportNumber,
  validatePastDate,
  type ValidationError,
} from '../validators';

/** A U.S. ZIP code: 5 digits, optionally '-' and 4 more. */
export function validateUsZipCode(value: string): ValidationError | null {
  return /^\d{5}(?:-\d{4})?$/.test(value.trim()) ? null : fail(M.zipInvalid);
}

/** A four-digit year from 100 years before `today` up to today's year. */
export function validatePastYear(value: string, today: string): ValidationError | null {
  const now = parseIsoDate(today);
  const text = value.trim();
  if (!now || !/^\d{4}$/.test(text)) return fail(M.yearInvalid);
  const year = Number(text);
  return year <= now.year && year >= now.year - LIMITS.birthMaxYearsAgo ? null : fail(M.yearInvalid);
}

/** An end date (a valid one) is not before a start date when the start is a valid date; otherwise no opinion. */
export function validateNotBefore(value: string, start: string, key: string): ValidationError | null {
  const end = parseIsoDate(value.trim());
  const from = parseIsoDate(start.trim());
  return end && from && compareDates(end, from) < 0 ? fail(key) : null;
}

// The photo file (spec §5.3 with the issue: what phones produce, up to 3 MB).
export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
export const PHOTO_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;
/** For the file chooser's accept attribute. Some browsers give HEIC files no type, hence the extensions. */
export const PHOTO_ACCEPT = [...PHOTO_MIME_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'].join(',');

/**
 * A picked photo file: an accepted image type (by its type, or by its name when the browser gives no type) and at
 * most 3 MB. The type is checked first: a large PDF is not a photo at all.
 */
export function validatePhotoFile(file: { readonly type: string; readonly size: number; readonly name?: string }): ValidationError | null {
  const type = file.type.trim().toLowerCase();
  const accepted = type ? PHOTO_MIME_TYPES.includes(type) : PHOTO_EXTENSIONS.test(file.name ?? '');
  if (!accepted) return fail(M.photoType);
  return file.size > PHOTO_MAX_BYTES ? fail(M.photoSize) : null;
}

// Rules built from the library.

const personalInfo = (ctx: Ds160RuleContext) => ctx.all['personal-info'] ?? {};
const applicantBirthDate = (ctx: Ds160RuleContext) => answerText(personalInfo(ctx).birthDate) || undefined;

export const latinName: Ds160Rule = (value) => validateName(value, { latinOnly: true });
export const anyScriptName: Ds160Rule = (value) => validateName(value);
/** An employer, school or organisation ("3M España S.L."), never held to the person-name rule. */
export const organisationName: Ds160Rule = (value) => validateOrganisationName(value);
const address: Ds160Rule = (value) => validateAddress(value);
export const pastDate: Ds160Rule = (value, ctx) => validatePastDate(value, ctx.today);
export const birthDate: Ds160Rule = (value, ctx) => validateBirthDate(value, ctx.today);
export const parentBirthDate: Ds160Rule = (value, ctx) => validateParentBirthDate(value, ctx.today, applicantBirthDate(ctx));
export const passportNumber: Ds160Rule = (value) => validatePassportNumber(value);

/** `first` failing wins; otherwise `second`. */
export const both = (first: Ds160Rule, second: Ds160Rule): Ds160Rule => (value, ctx) => first(value, ctx) ?? second(value, ctx);
/** Not before the date answered in `startField` of the same section (or row). */
export const notBefore = (startField: string, key: string): Ds160Rule => (value, ctx) =>
  validateNotBefore(value, answerText(ctx.values[startField]), key);

export const arrivalDate: Ds160Rule = (value, ctx) =>
  validateArrivalDate(value, ctx.today, answerText(ctx.all['passport-info']?.passportExpiryDate) || undefined);
export const departureDate: Ds160Rule = both(
  (value, ctx) => validateFutureDate(value, ctx.today),
  notBefore('arrivalDate', M.departureBeforeArrival),
);
export const passportIssueDate: Ds160Rule = (value, ctx) => validatePassportIssueDate(value, ctx.today, applicantBirthDate(ctx));
/** After today (the spec's 6-month wording, checked against today) and after the issue date. */
export const passportExpiryDate: Ds160Rule = (value, ctx) => {
  const error = validatePassportExpiryDate(value, ctx.today, answerText(ctx.values.passportIssueDate) || undefined);
  return error?.key === 'validation.passport.expired' ? fail(M.passportValidity) : error;
};
export const pastYear: Ds160Rule = (value, ctx) => validatePastYear(value, ctx.today);

// Presets a name or an address field spreads into its options.
export const NAME = { maxLength: DS160_TEXT_LIMITS.name } as const;
export const ADDRESS = { maxLength: DS160_TEXT_LIMITS.address, rule: address } as const;
export const ORGANISATION = { maxLength: LIMITS.organisationNameMax, rule: organisationName } as const;
