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

import { COUNTRIES } from './countryList';
import {
  DS160_FORM_FIELDS,
  DS160_FORM_LISTS,
  DS160_FORM_MAX_ROWS,
  DS160_FORM_SECTIONS,
  type Ds160FormSection,
} from './ds160Form';
import {
  LIMITS,
  compareDates,
  parseIsoDate,
  stripPhoneSeparators,
  validateAddress,
  validateArrivalDate,
  validateBirthDate,
  validateDate,
  validateEmail,
  validateFutureDate,
  validateName,
  validateNumber,
  validateParentBirthDate,
  validatePassportExpiryDate,
  validatePassportIssueDate,
  validatePassportNumber,
  validatePastDate,
  validatePhoneDs160,
  type ValidationError,
} from './validators';
import { isWaiverCountry } from './visaRules';

export { DS160_FORM_SECTIONS, type Ds160FormSection };

// ---------------------------------------------------------------------------------------------------------
// Types

export const DS160_FORM_NAMESPACE = 'ds160form';
const NS = DS160_FORM_NAMESPACE;

export type Ds160FieldKind =
  | 'text'
  | 'textarea'
  | 'date'
  | 'select'
  | 'country'
  | 'yesno'
  | 'checkbox'
  | 'email'
  | 'phone'
  | 'number'
  | 'list'
  /** The digital photo (photo-submission): the stored photo's id; the page shows a picker and a preview. */
  | 'photo';

/** One section's answers as stored: text, a tick (boolean) or, for the two lists, rows of text. */
export type Ds160SectionValues = Readonly<Record<string, unknown>>;
/** Every section's answers, by section id; a section not reached yet may be missing. */
export type Ds160FormValues = Readonly<Partial<Record<Ds160FormSection, Ds160SectionValues>>>;
export type Ds160Row = Readonly<Record<string, string>>;

/** A condition on the section's answers (or a row's) and on every section's (`all`). */
export type Ds160Condition = (values: Ds160SectionValues, all: Ds160FormValues) => boolean;

export interface Ds160Option {
  /** Stored value (English, as the spec lists it). */
  readonly value: string;
  /** Translation key of the visible label. */
  readonly labelKey: string;
}

export interface Ds160RuleContext {
  readonly today: string;
  /** The section's answers, or the row's for a row field. */
  readonly values: Ds160SectionValues;
  /** Every section's answers, the checked section's current ones included. */
  readonly all: Ds160FormValues;
}

/** A field's own rule, run on a non-blank, trimmed answer once the kind's checks passed. */
export type Ds160Rule = (value: string, ctx: Ds160RuleContext) => ValidationError | null;

interface Ds160FieldBase {
  readonly id: string;
  readonly kind: Ds160FieldKind;
  /** Whether it must be answered while visible: always, never, or when the condition holds. */
  readonly required: boolean | Ds160Condition;
  readonly labelKey: string;
  readonly hintKey?: string;
  /** The key of the message for a missing answer (params {{n}} for a row). Set whenever `required` is not false. */
  readonly requiredKey?: string;
  readonly options?: readonly Ds160Option[];
  /** In characters; also the input's maxLength. */
  readonly maxLength?: number;
  readonly rule?: Ds160Rule;
  /** The answer a fresh form starts with. */
  readonly defaultValue?: string | boolean;
}

export type Ds160ListId = 'companions' | 'usVisits';

/** A field of a list row (companions, usVisits). */
export interface Ds160RowField extends Ds160FieldBase {
  readonly list: Ds160ListId;
}

export interface Ds160Field extends Ds160FieldBase {
  readonly section: Ds160FormSection;
  /** Shown only when this holds; always shown without it. */
  readonly visibleWhen?: Ds160Condition;
  /** kind 'list': the row's fields, and its texts. */
  readonly row?: readonly Ds160RowField[];
  readonly maxRows?: number;
  readonly rowTitleKey?: string;
  readonly addRowKey?: string;
  readonly removeRowKey?: string;
}

export interface Ds160SectionSpec {
  readonly id: Ds160FormSection;
  readonly titleKey: string;
  readonly descriptionKey: string;
  readonly fields: readonly Ds160Field[];
}

// ---------------------------------------------------------------------------------------------------------
// Reading stored answers

/** A stored answer as trimmed text; anything but a string (or a finite number) is ''. */
export function answerText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A tick box's answer: true, or the string 'true'. */
export function isTicked(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A list's rows; anything in the list that is not an object counts as an empty row. */
export function listRows(value: unknown): Readonly<Record<string, unknown>>[] {
  if (!Array.isArray(value)) return [];
  return value.map((row) => (row && typeof row === 'object' && !Array.isArray(row) ? (row as Record<string, unknown>) : {}));
}

const isYes = (values: Ds160SectionValues, id: string) => answerText(values[id]) === 'Yes';
const yes = (id: string): Ds160Condition => (values) => isYes(values, id);

// ---------------------------------------------------------------------------------------------------------
// Messages

const message = (path: string) => `${NS}:validation.${path}`;

/** Messages of this form that are not a field's own 'required' one. */
export const DS160_FORM_MESSAGES = {
  tooLong: message('tooLong'),
  optionInvalid: message('option.invalid'),
  countryInvalid: message('country.invalid'),
  tooManyRows: message('list.tooMany'),
  securityRequired: message('security.required'),
  securityDetails: message('security.details'),
  passportValidity: message('passportExpiryDate.validity'),
  departureBeforeArrival: message('departureDate.beforeArrival'),
  endBeforeStart: message('endDate.beforeStart'),
  visaExpiryBeforeIssue: message('lastUSVisaExpiryDate.beforeIssue'),
  zipInvalid: message('usZipCode.invalid'),
  yearInvalid: message('lostPassportYear.invalid'),
  emailRequired: message('email.required'),
  photoType: message('photoFile.type'),
  photoSize: message('photoFile.size'),
} as const;

const M = DS160_FORM_MESSAGES;

function fail(key: string, params?: Record<string, string | number>): ValidationError {
  return params ? { key, params } : { key };
}

// ---------------------------------------------------------------------------------------------------------
// Enumerations (spec §3.4, §3.6)

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function enumeration(group: string, values: readonly string[]): readonly Ds160Option[] {
  return values.map((value) => ({ value, labelKey: `${NS}:options.${group}.${slug(value)}` }));
}

export const YES_NO = ['Yes', 'No'] as const;
export const GENDERS = ['Male', 'Female'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed', 'Separated'] as const;
export const TRIP_PURPOSES = [
  'Tourism', 'Business', 'Study', 'Work', 'Transit', 'Medical Treatment', 'Visit Family/Friends', 'Other',
] as const;
export const PAYERS = ['Self', 'Employer', 'Family/Friends', 'Government', 'Other Organization', 'Other'] as const;
/** Payers whose details box shows (spec §4.5). */
export const PAYERS_WITH_DETAILS: readonly string[] = ['Other', 'Other Organization'];
export const RELATIONSHIPS = [
  'Spouse', 'Child', 'Parent', 'Sibling', 'Friend', 'Colleague', 'Business Partner', 'Tour Group Member',
  'Other Family Member', 'Other',
] as const;
export const RELATIVE_US_STATUSES = [
  'U.S. Citizen', 'Lawful Permanent Resident', 'Temporary Worker', 'Student', 'Tourist/Visitor', 'Other',
] as const;
export const OCCUPATIONS = [
  'Student', 'Teacher/Professor', 'Engineer', 'Doctor/Medical Professional', 'Lawyer', 'Business Executive/Manager',
  'Sales Representative', 'Government Employee', 'Self-Employed', 'Technology Professional', 'Consultant',
  'Artist/Creative Professional', 'Retired', 'Unemployed', 'Other',
] as const;
/** Occupations without a current employer: the employment details hide (spec §4.5, §5.3). */
export const OCCUPATIONS_WITHOUT_EMPLOYER: readonly string[] = ['Student', 'Retired', 'Unemployed'];
export const EDUCATION_LEVELS = [
  'Primary School', 'Secondary School', 'High School', 'Some College', "Bachelor's Degree", "Master's Degree",
  'Doctoral Degree', 'Professional Degree', 'Other',
] as const;
export const SALARY_CURRENCIES = ['USD', 'LOCAL'] as const;
/** The ten-section form's plans (spec §9), default basic. */
export const DS160_PLANS = ['basic', 'pro', 'premium'] as const;
export type Ds160Plan = (typeof DS160_PLANS)[number];

/** The 50 states plus the District of Columbia; the English name is stored, the label is keyed by the code. */
export const US_STATES: readonly { readonly code: string; readonly name: string }[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'],
  ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'],
  ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code as string, name: name as string }));

const STATE_OPTIONS: readonly Ds160Option[] = US_STATES.map((s) => ({ value: s.name, labelKey: `${NS}:states.${s.code}` }));

export const DS160_OPTIONS = {
  yesNo: enumeration('yesNo', YES_NO),
  gender: enumeration('gender', GENDERS),
  maritalStatus: enumeration('maritalStatus', MARITAL_STATUSES),
  tripPurpose: enumeration('tripPurpose', TRIP_PURPOSES),
  payer: enumeration('payer', PAYERS),
  relationship: enumeration('relationship', RELATIONSHIPS),
  relativeStatus: enumeration('relativeStatus', RELATIVE_US_STATUSES),
  occupation: enumeration('occupation', OCCUPATIONS),
  education: enumeration('education', EDUCATION_LEVELS),
  salaryCurrency: enumeration('salaryCurrency', SALARY_CURRENCIES),
  plan: enumeration('plan', DS160_PLANS),
  usState: STATE_OPTIONS,
} as const;

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c.name]));

/** The shared list's English name for a country answer in any letter case, or undefined. */
export function countryName(value: string): string | undefined {
  return COUNTRY_NAMES.get(value.trim().toLowerCase());
}

// ---------------------------------------------------------------------------------------------------------
// Limits and rules the validator library has no function for

export const DS160_TEXT_LIMITS = {
  name: LIMITS.nameMax,
  address: LIMITS.addressMax,
  email: LIMITS.emailMax,
  passportNumber: LIMITS.passportNumberMax,
  text: 100,
  textarea: 1000,
  /** Digits plus the separators people type (+34 612 345 678). */
  phone: 25,
  number: 20,
  zip: 10,
  year: 4,
} as const;

const DEFAULT_MAX_LENGTH: Partial<Record<Ds160FieldKind, number>> = {
  text: DS160_TEXT_LIMITS.text,
  textarea: DS160_TEXT_LIMITS.textarea,
  email: DS160_TEXT_LIMITS.email,
  phone: DS160_TEXT_LIMITS.phone,
  number: DS160_TEXT_LIMITS.number,
};

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

const latinName: Ds160Rule = (value) => validateName(value, { latinOnly: true });
const anyScriptName: Ds160Rule = (value) => validateName(value);
const address: Ds160Rule = (value) => validateAddress(value);
const pastDate: Ds160Rule = (value, ctx) => validatePastDate(value, ctx.today);
const birthDate: Ds160Rule = (value, ctx) => validateBirthDate(value, ctx.today);
const parentBirthDate: Ds160Rule = (value, ctx) => validateParentBirthDate(value, ctx.today, applicantBirthDate(ctx));
const passportNumber: Ds160Rule = (value) => validatePassportNumber(value);

/** `first` failing wins; otherwise `second`. */
const both = (first: Ds160Rule, second: Ds160Rule): Ds160Rule => (value, ctx) => first(value, ctx) ?? second(value, ctx);
/** Not before the date answered in `startField` of the same section (or row). */
const notBefore = (startField: string, key: string): Ds160Rule => (value, ctx) =>
  validateNotBefore(value, answerText(ctx.values[startField]), key);

const arrivalDate: Ds160Rule = (value, ctx) =>
  validateArrivalDate(value, ctx.today, answerText(ctx.all['passport-info']?.passportExpiryDate) || undefined);
const departureDate: Ds160Rule = both(
  (value, ctx) => validateFutureDate(value, ctx.today),
  notBefore('arrivalDate', M.departureBeforeArrival),
);
const passportIssueDate: Ds160Rule = (value, ctx) => validatePassportIssueDate(value, ctx.today, applicantBirthDate(ctx));
/** After today (the spec's 6-month wording, checked against today) and after the issue date. */
const passportExpiryDate: Ds160Rule = (value, ctx) => {
  const error = validatePassportExpiryDate(value, ctx.today, answerText(ctx.values.passportIssueDate) || undefined);
  return error?.key === 'validation.passport.expired' ? fail(M.passportValidity) : error;
};
const pastYear: Ds160Rule = (value, ctx) => validatePastYear(value, ctx.today);

// ---------------------------------------------------------------------------------------------------------
// Field builders

interface FieldOptions {
  readonly required?: boolean | Ds160Condition;
  /** Adds hintKey ds160form:fields.<id>.hint (or the given key). */
  readonly hint?: boolean | string;
  readonly options?: readonly Ds160Option[];
  readonly maxLength?: number;
  readonly rule?: Ds160Rule;
  readonly visibleWhen?: Ds160Condition;
  readonly requiredKey?: string;
  readonly labelKey?: string;
  readonly defaultValue?: string | boolean;
}

function base(keyPath: string, id: string, kind: Ds160FieldKind, o: FieldOptions): Ds160FieldBase {
  const required = o.required ?? false;
  const maxLength = o.maxLength ?? DEFAULT_MAX_LENGTH[kind];
  const hintKey = o.hint === true ? `${NS}:fields.${keyPath}.hint` : typeof o.hint === 'string' ? o.hint : undefined;
  const options = o.options ?? (kind === 'yesno' ? DS160_OPTIONS.yesNo : undefined);
  return {
    id,
    kind,
    required,
    labelKey: o.labelKey ?? `${NS}:fields.${keyPath}.label`,
    ...(hintKey ? { hintKey } : {}),
    ...(required !== false ? { requiredKey: o.requiredKey ?? message(`${keyPath}.required`) } : {}),
    ...(options ? { options } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(o.rule ? { rule: o.rule } : {}),
    ...(o.defaultValue !== undefined ? { defaultValue: o.defaultValue } : {}),
  };
}

function builder(section: Ds160FormSection) {
  return (id: string, kind: Ds160FieldKind, o: FieldOptions = {}): Ds160Field => ({
    ...base(id, id, kind, o),
    section,
    ...(o.visibleWhen ? { visibleWhen: o.visibleWhen } : {}),
  });
}

function rowBuilder(list: Ds160ListId) {
  return (id: string, kind: Ds160FieldKind, o: FieldOptions = {}): Ds160RowField => ({
    ...base(`${list}.row.${id}`, id, kind, { ...o, requiredKey: o.requiredKey ?? message(`${list}.${id}.required`) }),
    list,
  });
}

function list(
  section: Ds160FormSection,
  id: Ds160ListId,
  row: readonly Ds160RowField[],
  visibleWhen: Ds160Condition,
): Ds160Field {
  return {
    ...base(id, id, 'list', { required: true, hint: true }),
    section,
    visibleWhen,
    row,
    maxRows: DS160_FORM_MAX_ROWS,
    rowTitleKey: `${NS}:fields.${id}.rowTitle`,
    addRowKey: `${NS}:fields.${id}.add`,
    removeRowKey: `${NS}:fields.${id}.remove`,
  };
}

const NAME = { maxLength: DS160_TEXT_LIMITS.name } as const;
const ADDRESS = { maxLength: DS160_TEXT_LIMITS.address, rule: address } as const;

// ---------------------------------------------------------------------------------------------------------
// The sections

const personal = builder('personal-info');
const personalFields: Ds160Field[] = [
  personal('firstName', 'text', { required: true, hint: true, ...NAME, rule: latinName }),
  personal('middleName', 'text', { ...NAME, rule: latinName }),
  personal('lastName', 'text', { required: true, hint: true, ...NAME, rule: latinName }),
  personal('fullNameNative', 'text', { hint: true, ...NAME, rule: anyScriptName }),
  personal('otherNames', 'text', { hint: true, maxLength: 200 }),
  personal('gender', 'select', { required: true, options: DS160_OPTIONS.gender }),
  personal('maritalStatus', 'select', { required: true, options: DS160_OPTIONS.maritalStatus }),
  personal('birthDate', 'date', { required: true, rule: birthDate }),
  personal('birthCity', 'text', { required: true }),
  personal('birthCountry', 'country', { required: true }),
  personal('nationality', 'country', { required: true, hint: true }),
  personal('otherNationalities', 'yesno'),
  personal('otherNationalitiesDetails', 'textarea', { visibleWhen: yes('otherNationalities') }),
  personal('nationalIdNumber', 'text', { hint: true, maxLength: 30 }),
  personal('socialSecurityNumber', 'text', { hint: true, maxLength: 11 }),
  personal('selectedPlan', 'select', { options: DS160_OPTIONS.plan, defaultValue: 'basic' }),
];

const travel = builder('travel-info');
const travelFields: Ds160Field[] = [
  travel('tripPurpose', 'select', { required: true, options: DS160_OPTIONS.tripPurpose }),
  travel('otherPurpose', 'text', { required: true, visibleWhen: (v) => answerText(v.tripPurpose) === 'Other' }),
  travel('tripPlans', 'textarea', { required: true, hint: true }),
  travel('arrivalDate', 'date', { required: true, rule: arrivalDate }),
  travel('departureDate', 'date', { rule: departureDate }),
  travel('lengthOfStay', 'text', { required: true, hint: true, maxLength: 50 }),
  travel('usAddress', 'text', { required: true, hint: true, ...ADDRESS }),
  travel('usCity', 'text', { required: true }),
  travel('usState', 'select', { required: true, options: DS160_OPTIONS.usState }),
  travel('usZipCode', 'text', { required: true, hint: true, maxLength: DS160_TEXT_LIMITS.zip, rule: validateUsZipCode }),
  travel('whoIsPayingForTrip', 'select', { required: true, options: DS160_OPTIONS.payer }),
  travel('otherPayerDetails', 'textarea', {
    hint: true,
    visibleWhen: (v) => PAYERS_WITH_DETAILS.includes(answerText(v.whoIsPayingForTrip)),
  }),
];

/** Home field → the mailing field 'same as home' copies it into. */
export const MAILING_COPY: Readonly<Record<string, string>> = {
  homeAddress: 'mailingAddress',
  homeCity: 'mailingCity',
  homeState: 'mailingState',
  homeCountry: 'mailingCountry',
  homePostalCode: 'mailingPostalCode',
};

const contact = builder('address-phone');
const separateMailing: Ds160Condition = (v) => !isTicked(v.sameAsHome);
const contactFields: Ds160Field[] = [
  contact('homeAddress', 'text', { required: true, hint: true, ...ADDRESS }),
  contact('homeCity', 'text', { required: true }),
  contact('homeState', 'text'),
  contact('homePostalCode', 'text', { maxLength: 20 }),
  contact('homeCountry', 'country', { required: true }),
  contact('sameAsHome', 'checkbox', { defaultValue: false }),
  contact('mailingAddress', 'text', { ...ADDRESS, visibleWhen: separateMailing }),
  contact('mailingCity', 'text', { visibleWhen: separateMailing }),
  contact('mailingState', 'text', { visibleWhen: separateMailing }),
  contact('mailingPostalCode', 'text', { maxLength: 20, visibleWhen: separateMailing }),
  contact('mailingCountry', 'country', { visibleWhen: separateMailing }),
  contact('primaryPhone', 'phone', { required: true, hint: true }),
  contact('secondaryPhone', 'phone'),
  contact('workPhone', 'phone'),
  // The spec names this message 'ds160.validation.email.required'.
  contact('emailAddress', 'email', { required: true, hint: true, requiredKey: M.emailRequired }),
];

const passport = builder('passport-info');
const lostPassport = yes('hasLostPassport');
const passportFields: Ds160Field[] = [
  passport('passportNumber', 'text', { required: true, hint: true, maxLength: DS160_TEXT_LIMITS.passportNumber, rule: passportNumber }),
  passport('passportIssuingCountry', 'country', { required: true }),
  passport('passportIssuingCity', 'text', { required: true }),
  passport('issuingAuthority', 'text', { required: true, hint: true }),
  passport('passportIssueDate', 'date', { required: true, rule: passportIssueDate }),
  passport('passportExpiryDate', 'date', { required: true, rule: passportExpiryDate }),
  passport('hasLostPassport', 'yesno', { required: true }),
  passport('lostPassportYear', 'number', { required: true, maxLength: DS160_TEXT_LIMITS.year, rule: pastYear, visibleWhen: lostPassport }),
  passport('lostPassportNumber', 'text', { maxLength: DS160_TEXT_LIMITS.passportNumber, rule: passportNumber, visibleWhen: lostPassport }),
  passport('lostPassportCountry', 'country', { visibleWhen: lostPassport }),
  passport('lostPassportDetails', 'textarea', { required: true, visibleWhen: lostPassport }),
  passport('hasOtherPassports', 'yesno', { required: true }),
  passport('otherPassportsDetails', 'textarea', { required: true, visibleWhen: yes('hasOtherPassports') }),
];

const companionRow = rowBuilder('companions');
const companions = builder('travel-companions');
const companionFields: Ds160Field[] = [
  companions('travelingWithOthers', 'yesno', { required: true }),
  list('travel-companions', 'companions', [
    companionRow('firstName', 'text', { required: true, ...NAME, rule: latinName }),
    companionRow('lastName', 'text', { required: true, ...NAME, rule: latinName }),
    companionRow('relationship', 'select', { required: true, options: DS160_OPTIONS.relationship }),
    companionRow('nationality', 'country', { required: true }),
  ], yes('travelingWithOthers')),
  companions('groupTravel', 'yesno', { required: true }),
  companions('organizationName', 'text', { required: true, visibleWhen: yes('groupTravel') }),
];

const visitRow = rowBuilder('usVisits');
const previous = builder('previous-travel');
const hasVisa = yes('hasUSVisa');
const previousFields: Ds160Field[] = [
  previous('hasVisitedUS', 'yesno', { required: true }),
  list('previous-travel', 'usVisits', [
    visitRow('arrivalDate', 'date', { required: true, rule: pastDate }),
    visitRow('departureDate', 'date', { rule: notBefore('arrivalDate', M.departureBeforeArrival) }),
    visitRow('lengthOfStay', 'text', { required: true, maxLength: 50 }),
    visitRow('purpose', 'select', { required: true, options: DS160_OPTIONS.tripPurpose }),
  ], yes('hasVisitedUS')),
  previous('hasUSVisa', 'yesno', { required: true }),
  previous('lastUSVisaNumber', 'text', { hint: true, maxLength: 20, visibleWhen: hasVisa }),
  previous('lastUSVisaIssueDate', 'date', { rule: pastDate, visibleWhen: hasVisa }),
  previous('lastUSVisaExpiryDate', 'date', { rule: notBefore('lastUSVisaIssueDate', M.visaExpiryBeforeIssue), visibleWhen: hasVisa }),
  previous('hasVisaDenied', 'yesno', { required: true }),
  previous('visaDenialDetails', 'textarea', { required: true, visibleWhen: yes('hasVisaDenied') }),
  previous('hasVisaCancelled', 'yesno', { required: true }),
  previous('visaCancelledDetails', 'textarea', { required: true, visibleWhen: yes('hasVisaCancelled') }),
  previous('hasBeenRefused', 'yesno', { required: true }),
  previous('refusalDetails', 'textarea', { required: true, visibleWhen: yes('hasBeenRefused') }),
  previous('hasBeenDeported', 'yesno', { required: true }),
  previous('deportationDetails', 'textarea', { required: true, visibleWhen: yes('hasBeenDeported') }),
];

const family = builder('family-info');
/** The spouse block shows only when personal-info's marital status is Married (spec §3.5). */
export const isMarried = (all: Ds160FormValues): boolean => answerText(all['personal-info']?.maritalStatus) === 'Married';
const married: Ds160Condition = (_values, all) => isMarried(all);

function parent(who: 'father' | 'mother'): Ds160Field[] {
  return [
    family(`${who}FirstName`, 'text', { required: true, ...NAME, rule: latinName }),
    family(`${who}LastName`, 'text', { required: true, ...NAME, rule: latinName }),
    family(`${who}BirthDate`, 'date', { required: true, rule: parentBirthDate }),
    family(`${who}BirthCountry`, 'country', { required: true }),
    family(`${who}InUS`, 'yesno', { required: true }),
    family(`${who}USStatus`, 'select', { required: true, options: DS160_OPTIONS.relativeStatus, visibleWhen: yes(`${who}InUS`) }),
  ];
}

const familyFields: Ds160Field[] = [
  ...parent('father'),
  ...parent('mother'),
  family('spouseFirstName', 'text', { required: true, ...NAME, rule: latinName, visibleWhen: married }),
  family('spouseLastName', 'text', { required: true, ...NAME, rule: latinName, visibleWhen: married }),
  family('spouseBirthDate', 'date', { required: true, rule: birthDate, visibleWhen: married }),
  family('spouseBirthCountry', 'country', { required: true, visibleWhen: married }),
  family('spouseNationality', 'country', { required: true, visibleWhen: married }),
  family('spouseInUS', 'yesno', { required: true, visibleWhen: married }),
  family('spouseUSStatus', 'select', {
    required: true,
    options: DS160_OPTIONS.relativeStatus,
    visibleWhen: (v, all) => isMarried(all) && isYes(v, 'spouseInUS'),
  }),
  family('marriageDate', 'date', { required: true, rule: pastDate, visibleWhen: married }),
  family('marriageCountry', 'country', { required: true, visibleWhen: married }),
  family('hasOtherFamilyInUS', 'yesno', { required: true, hint: true }),
  family('otherFamilyDetails', 'textarea', { required: true, visibleWhen: yes('hasOtherFamilyInUS') }),
];

const work = builder('work-education');
/** Whether the current occupation has an employer whose details are asked (spec §4.5). */
export const hasCurrentEmployer = (values: Ds160SectionValues): boolean =>
  !OCCUPATIONS_WITHOUT_EMPLOYER.includes(answerText(values.currentOccupation));
const employed: Ds160Condition = (v) => hasCurrentEmployer(v);
const previousEmployer: Ds160Condition = (v) => answerText(v.previousEmployer) !== '';
const workFields: Ds160Field[] = [
  work('currentOccupation', 'select', { required: true, options: DS160_OPTIONS.occupation }),
  work('currentEmployer', 'text', { required: true, visibleWhen: employed }),
  work('currentJobTitle', 'text', { required: true, visibleWhen: employed }),
  work('currentEmployerAddress', 'text', { required: true, ...ADDRESS, visibleWhen: employed }),
  work('currentEmployerCity', 'text', { required: true, visibleWhen: employed }),
  work('currentEmployerCountry', 'country', { required: true, visibleWhen: employed }),
  work('currentEmployerPhone', 'phone', { visibleWhen: employed }),
  work('currentSupervisorName', 'text', { ...NAME, rule: latinName, visibleWhen: employed }),
  work('currentJobStartDate', 'date', { required: true, rule: pastDate, visibleWhen: employed }),
  work('currentSalary', 'number', { hint: true, rule: (value) => validateNumber(value), visibleWhen: employed }),
  work('salaryCurrency', 'select', { options: DS160_OPTIONS.salaryCurrency, defaultValue: 'USD', visibleWhen: employed }),
  work('currentJobDescription', 'textarea', { visibleWhen: employed }),
  work('previousEmployer', 'text', { hint: true }),
  work('previousJobTitle', 'text', { visibleWhen: previousEmployer }),
  work('previousEmployerAddress', 'text', { ...ADDRESS, visibleWhen: previousEmployer }),
  work('previousEmployerCity', 'text', { visibleWhen: previousEmployer }),
  work('previousEmployerCountry', 'country', { visibleWhen: previousEmployer }),
  work('previousSupervisorName', 'text', { ...NAME, rule: latinName, visibleWhen: previousEmployer }),
  work('previousJobStartDate', 'date', { rule: pastDate, visibleWhen: previousEmployer }),
  work('previousJobEndDate', 'date', {
    rule: both(pastDate, notBefore('previousJobStartDate', M.endBeforeStart)),
    visibleWhen: previousEmployer,
  }),
  work('highestEducationLevel', 'select', { required: true, options: DS160_OPTIONS.education }),
  work('schoolName', 'text', { required: true }),
  work('schoolAddress', 'text', { ...ADDRESS }),
  work('schoolCity', 'text', { required: true }),
  work('schoolCountry', 'country', { required: true }),
  work('courseOfStudy', 'text'),
  work('schoolStartDate', 'date'),
  work('schoolEndDate', 'date', { rule: notBefore('schoolStartDate', M.endBeforeStart) }),
];

/** The 17 security questions in order, each with its detail box (16 have one; spec §3.5, §5.3). */
export const SECURITY_QUESTIONS: readonly (readonly [question: string, details: string | null])[] = [
  ['hasCommunicableDisease', 'diseaseDetails'],
  ['hasPhysicalMentalDisorder', 'disorderDetails'],
  ['isDrugAddict', null],
  ['hasBeenArrested', 'arrestDetails'],
  ['hasViolatedLaw', 'lawViolationDetails'],
  ['hasDrugViolations', 'drugViolationDetails'],
  ['hasEngagedTerrorism', 'terrorismDetails'],
  ['hasSupportedTerrorism', 'terrorismSupportDetails'],
  ['hasBeenTerroristMember', 'terroristMemberDetails'],
  ['hasViolatedImmigrationLaw', 'immigrationViolationDetails'],
  ['hasBeenDeported', 'deportationDetails'],
  ['hasBeenRemoved', 'removalDetails'],
  ['hasMilitaryService', 'militaryDetails'],
  ['hasServedInMilitia', 'militiaDetails'],
  ['hasWorkedForGovernment', 'governmentWorkDetails'],
  ['hasEngagedTrafficking', 'traffickingDetails'],
  ['hasAssistedTrafficking', 'assistedTraffickingDetails'],
];

const security = builder('security-background');
const securityFields: Ds160Field[] = SECURITY_QUESTIONS.flatMap(([question, details]) => [
  security(question, 'yesno', {
    required: true,
    labelKey: `${NS}:fields.security.${question}.label`,
    requiredKey: M.securityRequired,
  }),
  ...(details
    ? [
        security(details, 'textarea', {
          required: true,
          labelKey: `${NS}:fields.security.details.label`,
          requiredKey: M.securityDetails,
          visibleWhen: yes(question),
        }),
      ]
    : []),
]);

const photo = builder('photo-submission');
const hasPhoto = yes('hasPhoto');
const photoFields: Ds160Field[] = [
  photo('hasPhoto', 'yesno', { required: true }),
  photo('photoId', 'photo', { required: true, hint: true, visibleWhen: hasPhoto }),
  photo('agreeToRequirements', 'checkbox', { required: true, visibleWhen: hasPhoto, defaultValue: false }),
];

/** The photo step's warning note shows when the applicant has no digital photo (spec §4.5). */
export function showsNoPhotoWarning(values: Ds160SectionValues): boolean {
  return answerText(values.hasPhoto) === 'No';
}

const FIELDS_BY_SECTION: Readonly<Record<Ds160FormSection, readonly Ds160Field[]>> = {
  'personal-info': personalFields,
  'travel-info': travelFields,
  'address-phone': contactFields,
  'passport-info': passportFields,
  'travel-companions': companionFields,
  'previous-travel': previousFields,
  'family-info': familyFields,
  'work-education': workFields,
  'security-background': securityFields,
  'photo-submission': photoFields,
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

export { isDs160Section } from './ds160Form';

export function sectionIndex(section: Ds160FormSection): number {
  return DS160_FORM_SECTIONS.indexOf(section);
}

export function sectionSpec(section: Ds160FormSection): Ds160SectionSpec {
  return DS160_SECTIONS[sectionIndex(section)] as Ds160SectionSpec;
}

/** Every field a section describes, visible or not, in order. */
export function sectionFields(section: Ds160FormSection): readonly Ds160Field[] {
  return FIELDS_BY_SECTION[section];
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
  return Object.fromEntries((DS160_FORM_LISTS[listId] ?? []).map((name) => [name, '']));
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
    ...Object.values(DS160_FORM_MESSAGES),
    ...DS160_SECTIONS.flatMap((s) => s.fields.flatMap(fieldKeys)),
  ]),
].sort();
