// The ten-section DS-160 form (/ds160-wizard), field by field (spec 2-wizards §2.4, §3.4–§3.6, §4.5, §4.6,
// §5.3, §9): what each section asks, in what order, of what kind, with which options, when a field shows, when
// it must be answered and what rule its answer follows. The page renders from it, the form machine validates
// with it, and the server checks what it stores with the same functions. Pure: no DOM, no clock (the caller
// passes `today` as 'YYYY-MM-DD').
//
// Field ids are the names ds160Form.ts declares (DS160_FORM_FIELDS, DS160_FORM_LISTS); the stored data, the
// server's shape check and the PDF read those names, so nothing here renames one.
//
// Messages are translation keys with i18next params, never English:
// - 'ds160form:validation.<field>.required' and the other keys of locales/<lang>/ds160form.json (the spec's
//   'ds160.validation.{field}.required', kept in this form's own namespace); a list row's missing answer is
//   'ds160form:validation.<list>.<field>.required' with {{n}}, the row's number counted from 1;
// - the validator library's keys without a namespace ('validation.name.tooShort', 'validation.email.invalid'),
//   which the page looks up in the "validation" namespace, as every form does.
//
// Decisions where the spec is silent or gives two readings:
// - Yes/No answers are stored as 'Yes' / 'No'; the two tick boxes (sameAsHome, agreeToRequirements) as booleans
//   (the string 'true' counts as ticked, for data that went through a query string).
// - A field is checked only while it is visible; a required field is required only while visible. Visibility may
//   read another section (the spouse block reads personal-info's marital status), so the functions take every
//   section's values (`all`); the section being checked always wins over its copy in `all`.
// - Required means: a non-blank text, a ticked box, or at least one row. Optional and blank: nothing else checked.
// - Person names (applicant, parents, spouse, companions, supervisors) follow the library's DS-160 name rule:
//   2 to 50 characters, Latin letters A–Z, spaces, hyphens, apostrophes. The native-alphabet full name takes any
//   script. Organisation, employer and school names and the free-text list of other names are not person names:
//   they only have a length limit.
// - Addresses (every field whose id ends in 'Address') are 10 to 200 characters when given.
// - Dates: the applicant's birth and the spouse's are in the past and at most 100 years ago; parents' at least 16
//   years before the applicant's birth (before today when that is unknown); passport issue not in the future, not
//   before the birth date, at most 10 years ago; passport expiry after today ('Passport must be valid for at least
//   6 months from travel date', the spec's wording, checked against today only) and after the issue date; the
//   trip's arrival after today and at most 2 years ahead, and, when the passport expiry is known, at least 6
//   months before it (the library's arrival rule, shared with the question wizard); the trip's departure after
//   today and not before the arrival; past visits, job starts, visa issue and marriage dates in the past; an end
//   date (job, school, visit, visa expiry) not before its start.
// - Select answers must be one of the field's options and country answers one of the shared country list's
//   English names (any letter case); anything else is 'ds160form:validation.option.invalid' /
//   'ds160form:validation.country.invalid' (the server cannot trust the browser).
// - Every text has a maximum length (the spec shows none for this form): 50 for names, 200 for addresses, 100 for
//   other short texts, 1000 for text areas; longer gives 'ds160form:validation.tooLong' {{max}}.
// - The U.S. ZIP code is 5 digits, optionally followed by '-' and 4 more; the lost passport's year is a 4-digit year
//   from 100 years ago to this year.
// - Other nationalities: the spec lists only eight required personal-info fields, so the Yes/No and its details
//   are optional (the details box shows on Yes).
// - The spec's 'A detail box appears for each Yes' holds for the 16 security questions that have a detail field;
//   isDrugAddict has none (§3.5 lists 16 detail fields for 17 questions).
// - The photo: the stored photo's id (photoId) stands for the spec's photoFile; the picked file is checked with
//   validatePhotoFile: JPEG, PNG, WebP or HEIC/HEIF (what phones produce, as the issue asks), at most 3 MB.
// - Employment details (current job and salary) are hidden for Student, Retired and Unemployed, and shown while no
//   occupation is chosen; previous employment stays for everyone (a retired applicant had one), its details
//   showing once a previous employer is typed.
// - Fields kept in ds160Form.ts but never asked (DS160_UNASKED_FIELDS): personal-info 'email' (the email is asked
//   in address-phone, spec §3.5, §4.4), travel-info's hasBeenToUS / hasVisaBeenLost / hasVisaBeenCancelled and
//   security's hasBeenInvolved / involvementDetails ('initialised only' / 'unused' in the spec).
//
// This folder: fields.ts (what a field is, reading answers, messages, enumerations, limits, the field builders),
// rules.ts (the rules answers follow), one file per section under sections/ (its questions in order), and here the
// functions over all sections. Pages and the server import from here.

import {
  DS160_FORM_FIELDS,
  DS160_FORM_LISTS,
  DS160_FORM_MAX_ROWS,
  DS160_FORM_SECTIONS,
  type Ds160FormSection,
} from '../ds160Form';
import {
  LIMITS,
  stripPhoneSeparators,
  validateDate,
  validateEmail,
  validateNumber,
  validatePhoneDs160,
  type ValidationError,
} from '../validators';
import { isWaiverCountry } from '../visaRules';
import {
  DS160_FORM_MESSAGES as M,
  DS160_FORM_NAMESPACE as NS,
  answerText,
  countryName,
  fail,
  isTicked,
  listRows,
  type Ds160Field,
  type Ds160FieldBase,
  type Ds160FormValues,
  type Ds160ListId,
  type Ds160RowField,
  type Ds160RuleContext,
  type Ds160SectionSpec,
  type Ds160SectionValues,
} from './fields';
import { addressPhoneFields, MAILING_COPY } from './sections/addressPhone';
import { familyInfoFields } from './sections/familyInfo';
import { passportInfoFields } from './sections/passportInfo';
import { personalInfoFields } from './sections/personalInfo';
import { photoSubmissionFields } from './sections/photoSubmission';
import { previousTravelFields } from './sections/previousTravel';
import { securityBackgroundFields } from './sections/securityBackground';
import { travelCompanionsFields } from './sections/travelCompanions';
import { travelInfoFields } from './sections/travelInfo';
import { workEducationFields } from './sections/workEducation';
import { ownEntry } from '../ownEntry';

export { DS160_FORM_SECTIONS, type Ds160FormSection };
export {
  DS160_FORM_MESSAGES,
  DS160_FORM_NAMESPACE,
  DS160_OPTIONS,
  DS160_PLANS,
  ds160PlanOf,
  DS160_TEXT_LIMITS,
  EDUCATION_LEVELS,
  GENDERS,
  MARITAL_STATUSES,
  OCCUPATIONS,
  OCCUPATIONS_WITHOUT_EMPLOYER,
  PAYERS,
  PAYERS_WITH_DETAILS,
  RELATIONSHIPS,
  RELATIVE_US_STATUSES,
  SALARY_CURRENCIES,
  TRIP_PURPOSES,
  US_STATES,
  YES_NO,
  answerText,
  countryName,
  isTicked,
  listRows,
  type Ds160Condition,
  type Ds160Field,
  type Ds160FieldKind,
  type Ds160FormValues,
  type Ds160ListId,
  type Ds160Option,
  type Ds160Plan,
  type Ds160Row,
  type Ds160RowField,
  type Ds160Rule,
  type Ds160RuleContext,
  type Ds160SectionSpec,
  type Ds160SectionValues,
} from './fields';
export {
  PHOTO_ACCEPT,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  validateNotBefore,
  validatePastYear,
  validatePhotoFile,
  validateUsZipCode,
} from './rules';
export { MAILING_COPY } from './sections/addressPhone';
export { isMarried } from './sections/familyInfo';
export { showsNoPhotoWarning } from './sections/photoSubmission';
export { SECURITY_QUESTIONS } from './sections/securityBackground';
export { hasCurrentEmployer } from './sections/workEducation';

// ---------------------------------------------------------------------------------------------------------
// The sections

const FIELDS_BY_SECTION: Readonly<Record<Ds160FormSection, readonly Ds160Field[]>> = {
  'personal-info': personalInfoFields,
  'travel-info': travelInfoFields,
  'address-phone': addressPhoneFields,
  'passport-info': passportInfoFields,
  'travel-companions': travelCompanionsFields,
  'previous-travel': previousTravelFields,
  'family-info': familyInfoFields,
  'work-education': workEducationFields,
  'security-background': securityBackgroundFields,
  'photo-submission': photoSubmissionFields,
};

/** The ten sections in order (spec §2.4), each with its title and fields. */
export const DS160_SECTIONS: readonly Ds160SectionSpec[] = DS160_FORM_SECTIONS.map((id) => ({
  id,
  titleKey: `${NS}:sections.${id}.title`,
  descriptionKey: `${NS}:sections.${id}.description`,
  fields: FIELDS_BY_SECTION[id],
}));

/** Fields ds160Form.ts keeps that the form never asks (set elsewhere or kept for old data). */
export const DS160_UNASKED_FIELDS: Readonly<Partial<Record<Ds160FormSection, readonly string[]>>> = {
  'personal-info': ['email'],
  'travel-info': ['hasBeenToUS', 'hasVisaBeenLost', 'hasVisaBeenCancelled'],
  'security-background': ['hasBeenInvolved', 'involvementDetails'],
};

export { isDs160Section } from '../ds160Form';

export function sectionIndex(section: Ds160FormSection): number {
  return DS160_FORM_SECTIONS.indexOf(section);
}

export function sectionSpec(section: Ds160FormSection): Ds160SectionSpec {
  return DS160_SECTIONS[sectionIndex(section)] as Ds160SectionSpec;
}

/** Every field a section describes, visible or not, in order. */
export function sectionFields(section: Ds160FormSection): readonly Ds160Field[] {
  return ownEntry(FIELDS_BY_SECTION, section) ?? [];
}

export function findField(section: Ds160FormSection, id: string): Ds160Field | undefined {
  return FIELDS_BY_SECTION[section].find((f) => f.id === id);
}

// ---------------------------------------------------------------------------------------------------------
// Visibility

function withSection(section: Ds160FormSection, values: Ds160SectionValues, all: Ds160FormValues): Ds160FormValues {
  return { ...all, [section]: values };
}

export function isFieldVisible(field: Ds160Field, values: Ds160SectionValues, all: Ds160FormValues = {}): boolean {
  return !field.visibleWhen || field.visibleWhen(values, withSection(field.section, values, all));
}

/**
 * The fields the applicant sees in a section, given its answers (and the other sections', for the spouse block,
 * which reads personal-info's marital status: without `all` it stays hidden).
 */
export function visibleFields(section: Ds160FormSection, values: Ds160SectionValues, all: Ds160FormValues = {}): Ds160Field[] {
  const merged = withSection(section, values, all);
  return FIELDS_BY_SECTION[section].filter((f) => !f.visibleWhen || f.visibleWhen(values, merged));
}

// ---------------------------------------------------------------------------------------------------------
// Validation

export interface Ds160ValidationContext {
  /** The applicant's calendar day, 'YYYY-MM-DD'. */
  readonly today: string;
  /** Every section's answers so far (the checked section's own values replace its copy here). */
  readonly all?: Ds160FormValues;
  /**
   * True (the default) for Next and the final submit: required answers must be there. False for a draft (an
   * autosave of a section in progress): only the answers given are checked.
   */
  readonly requireAnswers?: boolean;
}

function isRequired(field: Ds160FieldBase, values: Ds160SectionValues, all: Ds160FormValues): boolean {
  return typeof field.required === 'function' ? field.required(values, all) : field.required;
}

/** The kind's own checks on a non-blank answer. */
function kindError(field: Ds160FieldBase, value: string): ValidationError | null {
  switch (field.kind) {
    case 'email':
      return validateEmail(value, { maxLength: LIMITS.emailMax });
    case 'phone':
      return validatePhoneDs160(value);
    case 'date':
      return validateDate(value);
    case 'number':
      return validateNumber(value);
    case 'country':
      return countryName(value) ? null : fail(M.countryInvalid);
    default:
      break;
  }
  if (field.options && !field.options.some((o) => o.value === value)) return fail(M.optionInvalid);
  return null;
}

/**
 * One field's error (or null): missing when required ({{n}} for a row), then the kind's checks, the field's rule,
 * and its maximum length. Lists are checked by validateSection, not here.
 */
function fieldError(
  field: Ds160FieldBase,
  raw: unknown,
  ctx: Ds160RuleContext,
  requireAnswers: boolean,
  row?: number,
): ValidationError | null {
  const required = requireAnswers && isRequired(field, ctx.values, ctx.all);
  const missing = () => fail(field.requiredKey ?? 'validation.required', row ? { n: row } : undefined);
  if (field.kind === 'checkbox') return required && !isTicked(raw) ? missing() : null;
  const value = answerText(raw);
  if (value === '') return required ? missing() : null;
  const error = kindError(field, value) ?? field.rule?.(value, ctx) ?? null;
  if (error) return error;
  if (field.maxLength !== undefined && [...value].length > field.maxLength) {
    return fail(M.tooLong, { max: field.maxLength });
  }
  return null;
}

function listErrors(
  field: Ds160Field,
  raw: unknown,
  ctx: Ds160RuleContext,
  requireAnswers: boolean,
  errors: Record<string, ValidationError>,
): void {
  const rows = listRows(raw);
  if (rows.length === 0) {
    if (requireAnswers && isRequired(field, ctx.values, ctx.all)) errors[field.id] = fail(field.requiredKey as string);
    return;
  }
  const max = field.maxRows ?? DS160_FORM_MAX_ROWS;
  if (rows.length > max) errors[field.id] = fail(M.tooManyRows, { max });
  rows.forEach((row, i) => {
    for (const rowField of field.row ?? []) {
      const error = fieldError(rowField, row[rowField.id], { ...ctx, values: row }, requireAnswers, i + 1);
      if (error) errors[`${field.id}.${i}.${rowField.id}`] = error;
    }
  });
}

/**
 * The errors of a section's visible fields, by field path: 'firstName', or 'companions.0.firstName' for a row's
 * field (rows counted from 0 in the path, from 1 in the message's {{n}}). Empty when the section may be stored.
 */
export function validateSection(
  section: Ds160FormSection,
  values: Ds160SectionValues,
  context: Ds160ValidationContext,
): Record<string, ValidationError> {
  const all = withSection(section, values, context.all ?? {});
  const requireAnswers = context.requireAnswers ?? true;
  const ctx: Ds160RuleContext = { today: context.today, values, all };
  const errors: Record<string, ValidationError> = {};
  for (const field of visibleFields(section, values, all)) {
    if (field.kind === 'list') {
      listErrors(field, values[field.id], ctx, requireAnswers, errors);
      continue;
    }
    const error = fieldError(field, values[field.id], ctx, requireAnswers);
    if (error) errors[field.id] = error;
  }
  return errors;
}

/** One field's error as validateSection would give it (null when hidden or fine); not for lists. */
export function validateField(
  section: Ds160FormSection,
  id: string,
  values: Ds160SectionValues,
  context: Ds160ValidationContext,
): ValidationError | null {
  const field = findField(section, id);
  const all = withSection(section, values, context.all ?? {});
  if (!field || field.kind === 'list' || !isFieldVisible(field, values, all)) return null;
  return fieldError(field, values[id], { today: context.today, values, all }, context.requireAnswers ?? true);
}

/**
 * Every section's errors at once (the final submit, and the server on a completed form): by section, only the
 * sections with errors. `sections` defaults to all ten; a section with no answers yet is checked as empty.
 */
export function validateForm(
  all: Ds160FormValues,
  today: string,
  sections: readonly Ds160FormSection[] = DS160_FORM_SECTIONS,
): Partial<Record<Ds160FormSection, Record<string, ValidationError>>> {
  const result: Partial<Record<Ds160FormSection, Record<string, ValidationError>>> = {};
  for (const section of sections) {
    const errors = validateSection(section, all[section] ?? {}, { today, all });
    if (Object.keys(errors).length > 0) result[section] = errors;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Normalisation

const UPPER_CASE_FIELDS: readonly string[] = ['passportNumber', 'lostPassportNumber'];

function normalizeText(field: Ds160FieldBase | undefined, value: string): string {
  if (!field) return value;
  if (field.kind === 'phone') {
    const phone = stripPhoneSeparators(value);
    return /^\+?\d+$/.test(phone) ? phone : value;
  }
  if (field.kind === 'country') return countryName(value) ?? value;
  if (UPPER_CASE_FIELDS.includes(field.id)) return value.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
  return value;
}

function normalizeValue(field: Ds160FieldBase | undefined, value: unknown): unknown {
  if (field?.kind === 'checkbox') return isTicked(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' || typeof value === 'number') return normalizeText(field, answerText(value));
  return undefined;
}

/**
 * The form a section is stored in: only the fields ds160Form.ts declares for it; texts trimmed; phones as '+'
 * and digits, passport numbers in capitals and countries as the shared list spells them (each only when already
 * well formed, so the verdict of validateSection is the same before and after); ticks as booleans; list rows
 * with only their declared fields, as text; with 'same as home' ticked, the home address copied into the
 * mailing fields. Hidden answers are kept (see withoutHiddenAnswers).
 */
export function normalizeSection(section: Ds160FormSection, values: Ds160SectionValues): Record<string, unknown> {
  const declared = DS160_FORM_FIELDS[section];
  const out: Record<string, unknown> = {};
  for (const id of declared) {
    if (!(id in values)) continue;
    const field = findField(section, id);
    const rowFields = DS160_FORM_LISTS[id];
    if (rowFields) {
      out[id] = listRows(values[id]).map((row) =>
        Object.fromEntries(
          rowFields
            .filter((name) => name in row)
            .map((name) => [name, normalizeText(field?.row?.find((f) => f.id === name), answerText(row[name]))]),
        ),
      );
      continue;
    }
    const value = normalizeValue(field, values[id]);
    if (value !== undefined) out[id] = value;
  }
  if (section === 'address-phone' && isTicked(out.sameAsHome)) {
    for (const [home, mailing] of Object.entries(MAILING_COPY)) out[mailing] = out[home] ?? '';
  }
  return out;
}

/** Whether two answers (a section, a list, a row, a value) hold the same, whatever the order of their keys. */
export function sameAnswers(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameAnswers(item, b[i]));
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameAnswers((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The section without the answers of its hidden fields (a purpose changed from Other drops otherPurpose), so
 * what is stored and printed is only what the applicant was asked. Unasked fields are kept.
 */
export function withoutHiddenAnswers(
  section: Ds160FormSection,
  values: Ds160SectionValues,
  all: Ds160FormValues = {},
): Record<string, unknown> {
  const visible = new Set(visibleFields(section, values, all).map((f) => f.id));
  return Object.fromEntries(
    Object.entries(values).filter(([id]) => visible.has(id) || !findField(section, id)),
  );
}

/** A fresh section: every asked field blank (ticks false, lists empty) or at its default. */
export function emptySection(section: Ds160FormSection): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS_BY_SECTION[section].map((f) => [
      f.id,
      f.defaultValue ?? (f.kind === 'checkbox' ? false : f.kind === 'list' ? [] : ''),
    ]),
  );
}

/** A blank row of a list. */
export function emptyRow(listId: Ds160ListId): Record<string, string> {
  return Object.fromEntries((ownEntry(DS160_FORM_LISTS, listId) ?? []).map((name) => [name, '']));
}

// ---------------------------------------------------------------------------------------------------------
// Leads, the visa-waiver suggestion and the ESTA switch

/** The answers the lead is made of (spec §3.7, §4.4, §7); '' when not answered. */
export function leadIdentity(all: Ds160FormValues): {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationality: string;
} {
  const personalValues = all['personal-info'] ?? {};
  const contactValues = all['address-phone'] ?? {};
  return {
    firstName: answerText(personalValues.firstName),
    lastName: answerText(personalValues.lastName),
    email: answerText(contactValues.emailAddress),
    phone: answerText(contactValues.primaryPhone),
    nationality: answerText(personalValues.nationality),
  };
}

/** No lead exists until the personal first name and the address section's email both exist (spec §4.4). */
export function canCreateLead(all: Ds160FormValues): boolean {
  const { firstName, email } = leadIdentity(all);
  return firstName !== '' && email !== '';
}

/** Whether personal-info shows the ESTA suggestion panel (spec §4.6), by the one visa rule module. */
export function isWaiverNationality(nationality: unknown): boolean {
  return typeof nationality === 'string' && isWaiverCountry(nationality);
}

/**
 * ESTA wizard question id → where this form keeps the same answer, in order of preference (the first non-blank
 * one wins). The ESTA's passport country is the passport's issuing country, or the nationality before the
 * passport section is answered.
 */
export const DS160_FORM_TO_ESTA: Readonly<Record<string, readonly (readonly [Ds160FormSection, string])[]>> = {
  email: [['address-phone', 'emailAddress'], ['personal-info', 'email']],
  'first-name': [['personal-info', 'firstName']],
  'last-name': [['personal-info', 'lastName']],
  'other-names': [['personal-info', 'otherNames']],
  'birth-date': [['personal-info', 'birthDate']],
  'birth-city': [['personal-info', 'birthCity']],
  'birth-country': [['personal-info', 'birthCountry']],
  gender: [['personal-info', 'gender']],
  'passport-number': [['passport-info', 'passportNumber']],
  'passport-country': [['passport-info', 'passportIssuingCountry'], ['personal-info', 'nationality']],
  'passport-issue-date': [['passport-info', 'passportIssueDate']],
  'passport-expiry': [['passport-info', 'passportExpiryDate']],
  phone: [['address-phone', 'primaryPhone']],
  'home-address': [['address-phone', 'homeAddress']],
};

/**
 * The answers both forms share, under the ESTA wizard's question ids, normalised as this form stores them
 * (passport number in capitals, phone as '+' and digits, country as the list spells it); blank ones left out.
 */
export function sharedWithEsta(all: Ds160FormValues): Record<string, string> {
  const shared: Record<string, string> = {};
  for (const [estaId, sources] of Object.entries(DS160_FORM_TO_ESTA)) {
    for (const [section, id] of sources) {
      const value = answerText(all[section]?.[id]);
      if (!value) continue;
      shared[estaId] = normalizeText(findField(section, id), value);
      break;
    }
  }
  return shared;
}

// ---------------------------------------------------------------------------------------------------------
// Every message key

function fieldKeys(field: Ds160FieldBase & { row?: readonly Ds160RowField[] }): string[] {
  return [
    ...(field.requiredKey ? [field.requiredKey] : []),
    ...(field.row ?? []).flatMap((f) => (f.requiredKey ? [f.requiredKey] : [])),
  ];
}

/** Every key in the ds160form namespace that a validation function here can return (tests check the locales). */
export const DS160_FORM_MESSAGE_KEYS: readonly string[] = [
  ...new Set([
    ...Object.values(M),
    ...DS160_SECTIONS.flatMap((s) => s.fields.flatMap(fieldKeys)),
  ]),
].sort();
