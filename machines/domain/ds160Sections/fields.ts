// The building blocks every section of the ten-section form is made of: what a field is (its kind, options, messages
// and limits), how a stored answer is read, and the builders the section files describe their fields with. The
// decisions these follow are in index.ts's header.

import { countryByName } from '../countryNames';
import { DS160_FORM_MAX_ROWS, type Ds160FormSection } from '../ds160Form';
import { LIMITS, type ValidationError } from '../validators';

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

export interface Ds160FieldBase {
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

export const isYes = (values: Ds160SectionValues, id: string) => answerText(values[id]) === 'Yes';
export const yes = (id: string): Ds160Condition => (values) => isYes(values, id);

// ---------------------------------------------------------------------------------------------------------
// Messages

export const message = (path: string) => `${NS}:validation.${path}`;

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

export function fail(key: string, params?: Record<string, string | number>): ValidationError {
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

/**
 * The one home of the form's plan: the package chosen in personal information, Basic when none (or one the form does
 * not offer) is chosen. What the submit asks for, what the completion card prices and names.
 */
export const ds160PlanOf = (value: unknown): Ds160Plan => (typeof value === 'string' && (DS160_PLANS as readonly string[]).includes(value) ? (value as Ds160Plan) : 'basic');

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

/** The shared list's English name for a country answer named in any of the four languages, or undefined. */
export function countryName(value: string): string | undefined {
  return countryByName(value)?.name;
}

// ---------------------------------------------------------------------------------------------------------
// Limits

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

// ---------------------------------------------------------------------------------------------------------
// Field builders

export interface FieldOptions {
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

export function builder(section: Ds160FormSection) {
  return (id: string, kind: Ds160FieldKind, o: FieldOptions = {}): Ds160Field => ({
    ...base(id, id, kind, o),
    section,
    ...(o.visibleWhen ? { visibleWhen: o.visibleWhen } : {}),
  });
}

export function rowBuilder(list: Ds160ListId) {
  return (id: string, kind: Ds160FieldKind, o: FieldOptions = {}): Ds160RowField => ({
    ...base(`${list}.row.${id}`, id, kind, { ...o, requiredKey: o.requiredKey ?? message(`${list}.${id}.required`) }),
    list,
  });
}

export function list(
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

