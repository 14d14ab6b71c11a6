// The question-by-question DS-160 wizard (/apply/wizard): spec 2-wizards §3.2.
// Ids, order and option values follow the spec table; texts are keys of the "catalog" namespace.
// Date rules: the birth date is at most 100 years ago ('birthDate', a plain 'past' would take 1800); the
// passport expiry is after today and after the issue date; the arrival date is within the next 2 years and, as
// the passport is asked first, at least 6 months before its expiry ('arrivalDate', see validators.ts).

import type { Catalog, Question, QuestionType, Section } from '../questions';
import { questionBuilder, type Extra } from './build';

const KEY = 'catalog:ds160';

const ask = questionBuilder(KEY);

const NO_YES = ['No', 'Yes'] as const;
const YES_NO = ['Yes', 'No'] as const;

/**
 * The rule of every answer that names an employer, a school, an organisation, or a U.S. contact that may be a hotel
 * or a company: "3M España S.L." is not a person's name (validators.ts).
 */
const ORGANISATION = 'organisationName' as const;

/** A yes/no radio, options in the DS-160 order No, Yes. */
function yesNo(section: string, id: string, extra: Extra = {}): Question {
  return ask(section, id, 'radio', { ...extra, options: NO_YES });
}

/** An optional question shown only when `parent` is answered Yes. */
function ifYes(section: string, parent: string, id: string, type: QuestionType, extra: Extra = {}): Question {
  return ask(section, id, type, { required: false, ...extra, dependsOn: parent, showWhen: 'Yes' });
}

export const MARITAL_STATUSES: readonly string[] = [
  'Single',
  'Married',
  'Divorced',
  'Widowed',
  'Separated',
  'Domestic Partnership',
];

export const PASSPORT_TYPES: readonly string[] = [
  'Regular/Tourist',
  'Official',
  'Diplomatic',
  'Service',
  'Emergency',
  'Temporary',
];

export const TRIP_PURPOSES: readonly string[] = [
  'Tourism/Vacation',
  'Business',
  'Study/Education',
  'Work',
  'Transit',
  'Medical Treatment',
  'Visit Family/Friends',
  'Religious Activities',
];

export const INTENDED_LENGTHS: readonly string[] = ['Less than 30 days', '30-60', '60-90', '90-180', 'More than 180 days'];

export const COMPANION_RELATIONS: readonly string[] = [
  'Spouse',
  'Parent',
  'Child',
  'Sibling',
  'Friend',
  'Colleague',
  'Other',
];

export const US_CONTACT_RELATIONS: readonly string[] = [
  'Relative',
  'Spouse',
  'Friend',
  'Business Associate',
  'Employer',
  'School Official',
  'Other',
];

/** 34 occupations, alphabetical from Accountant, with Other last (spec §3.2). */
export const OCCUPATIONS: readonly string[] = [
  'Accountant',
  'Architect',
  'Artist',
  'Banker',
  'Business Owner',
  'Chef/Cook',
  'Civil Servant',
  'Consultant',
  'Dentist',
  'Designer',
  'Doctor',
  'Driver',
  'Economist',
  'Electrician',
  'Engineer',
  'Farmer',
  'Homemaker',
  'Journalist',
  'Lawyer',
  'Manager',
  'Mechanic',
  'Military',
  'Nurse',
  'Pharmacist',
  'Pilot',
  'Police Officer',
  'Retired',
  'Sales Representative',
  'Scientist',
  'Software Developer',
  'Student',
  'Teacher',
  'Unemployed',
  'Other',
];

export const INTERVIEW_LANGUAGES: readonly string[] = [
  'English',
  'Hindi',
  'Marathi',
  'Gujarati',
  'Spanish',
  'French',
  'Other',
];

/** The 21 security and background topics (spec §3.2 lists 20; human trafficking completes the DS-160 set). */
export const SECURITY_QUESTION_IDS: readonly string[] = [
  'security-paramilitary',
  'security-communicable-disease',
  'security-mental-disorder',
  'security-drug-abuse',
  'security-arrest',
  'security-controlled-substances',
  'security-prostitution',
  'security-money-laundering',
  'security-human-trafficking',
  'security-espionage',
  'security-terrorist-activities',
  'security-terrorist-support',
  'security-terrorist-membership',
  'security-genocide',
  'security-torture',
  'security-extrajudicial-killings',
  'security-religious-freedom',
  'security-visa-fraud',
  'security-child-custody',
  'security-illegal-voting',
  'security-tax-renunciation',
];

const SECTION_IDS = [
  'applicant',
  'passport',
  'contact',
  'trip',
  'uscontact',
  'family',
  'employment',
  'security',
  'review',
] as const;

const sections: Section[] = SECTION_IDS.map((id) => ({ id, titleKey: `${KEY}.sections.${id}` }));

const applicant: Question[] = [
  ask('applicant', 'email-address', 'email'),
  ask('applicant', 'first-name', 'text', { hint: true }),
  ask('applicant', 'last-name', 'text', { hint: true }),
  ask('applicant', 'native-name', 'text', { required: false, hint: true }),
  yesNo('applicant', 'other-names', { hint: true }),
  ask('applicant', 'specify-other-names', 'text', { dependsOn: 'other-names', showWhen: 'Yes' }),
  yesNo('applicant', 'telecode', { hint: true }),
  ask('applicant', 'gender', 'radio', { options: ['Female', 'Male'] }),
  ask('applicant', 'marital-status', 'select', { options: MARITAL_STATUSES }),
  ask('applicant', 'birth-date', 'date', { validation: 'birthDate' }),
  ask('applicant', 'birth-city', 'city'),
  ask('applicant', 'birth-state', 'text', { required: false, hint: true }),
  ask('applicant', 'birth-country', 'country'),
  ask('applicant', 'nationality', 'country'),
];

const passport: Question[] = [
  ask('passport', 'passport-type', 'select', { options: PASSPORT_TYPES }),
  ask('passport', 'passport-number', 'text', { hint: true }),
  ask('passport', 'passport-book-number', 'text', { required: false, hint: true }),
  ask('passport', 'passport-country', 'country'),
  ask('passport', 'passport-issue-date', 'date', { validation: 'past' }),
  ask('passport', 'passport-expiry-date', 'date', { validation: 'passportExpiryDate' }),
  yesNo('passport', 'passport-lost'),
];

const contact: Question[] = [
  ask('contact', 'home-address-1', 'text', { hint: true }),
  ask('contact', 'home-address-2', 'text', { required: false, hint: true }),
  ask('contact', 'home-city', 'city'),
  ask('contact', 'home-state', 'text', { hint: true }),
  ask('contact', 'home-postal-code', 'text'),
  ask('contact', 'home-country', 'country'),
  ask('contact', 'phone-number', 'phone', { validation: 'phone', hint: true }),
];

const trip: Question[] = [
  ask('trip', 'purpose-of-trip', 'select', { options: TRIP_PURPOSES }),
  ask('trip', 'intended-arrival-date', 'date', { validation: 'arrivalDate' }),
  ask('trip', 'intended-length', 'select', { options: INTENDED_LENGTHS }),
  ask('trip', 'us-address', 'textarea', { hint: true }),
  ask('trip', 'trip-payer-name', 'text', { hint: true }),
  ask('trip', 'trip-payer-phone', 'phone', { validation: 'phone', hint: true }),
  ask('trip', 'trip-payer-email', 'email', { required: false, hint: true }),
  ask('trip', 'trip-payer-address', 'textarea'),
  ask('trip', 'travel-companions', 'radio', { options: YES_NO }),
  ifYes('trip', 'travel-companions', 'companion-name', 'text'),
  ifYes('trip', 'travel-companions', 'companion-relation', 'select', { options: COMPANION_RELATIONS }),
  ifYes('trip', 'travel-companions', 'companion-has-visa', 'radio', { options: NO_YES }),
];

const uscontact: Question[] = [
  ask('uscontact', 'us-contact-name', 'text', { hint: true, validation: ORGANISATION }),
  ask('uscontact', 'us-contact-address', 'textarea'),
  ask('uscontact', 'us-contact-phone', 'phone', { validation: 'phone', hint: true }),
  ask('uscontact', 'us-contact-relationship', 'select', { options: US_CONTACT_RELATIONS }),
];

const family: Question[] = [
  ask('family', 'father-name', 'text'),
  ask('family', 'father-birth-date', 'date', { required: false, validation: 'parentBirthDate', hint: true }),
  ask('family', 'mother-name', 'text'),
  ask('family', 'mother-birth-date', 'date', { required: false, validation: 'parentBirthDate', hint: true }),
  ask('family', 'spouse-name', 'text', { required: false, hint: true }),
];

const employment: Question[] = [
  ask('employment', 'current-occupation', 'select', { options: OCCUPATIONS }),
  ask('employment', 'employer-name', 'text', { hint: true, validation: ORGANISATION }),
  ask('employment', 'employer-address', 'textarea'),
  ask('employment', 'employer-phone', 'phone', { validation: 'phone', hint: true }),
  ask('employment', 'monthly-salary', 'number', { validation: 'number', hint: true }),
  ask('employment', 'job-duties', 'textarea', { required: false }),
  yesNo('employment', 'previously-employed'),
  ifYes('employment', 'previously-employed', 'previous-employer-name', 'text', { validation: ORGANISATION }),
  ifYes('employment', 'previously-employed', 'previous-job-title', 'text'),
  ifYes('employment', 'previously-employed', 'previous-employer-address', 'textarea'),
  ifYes('employment', 'previously-employed', 'previous-supervisor-name', 'text'),
  ifYes('employment', 'previously-employed', 'previous-job-duties', 'textarea'),
  ifYes('employment', 'previously-employed', 'previous-job-start-date', 'date', { validation: 'past' }),
  ifYes('employment', 'previously-employed', 'previous-job-end-date', 'date', { validation: 'past' }),
  yesNo('employment', 'travel-last-five-years'),
  ifYes('employment', 'travel-last-five-years', 'countries-visited', 'textarea'),
  ask('employment', 'languages-spoken', 'text', { hint: true }),
  ask('employment', 'interview-language', 'select', { options: INTERVIEW_LANGUAGES }),
  yesNo('employment', 'organization-membership'),
  ifYes('employment', 'organization-membership', 'organization-name', 'text', { validation: ORGANISATION }),
  yesNo('employment', 'specialized-skills'),
  ifYes('employment', 'specialized-skills', 'specialized-skills-details', 'textarea'),
  yesNo('employment', 'military-service'),
  ifYes('employment', 'military-service', 'military-country', 'country'),
  ifYes('employment', 'military-service', 'military-branch', 'text'),
  ifYes('employment', 'military-service', 'military-rank', 'text'),
  ifYes('employment', 'military-service', 'military-specialty', 'text'),
  ifYes('employment', 'military-service', 'military-service-from', 'date', { validation: 'past' }),
  ifYes('employment', 'military-service', 'military-service-to', 'date', { validation: 'past' }),
];

const security: Question[] = SECURITY_QUESTION_IDS.map((id) => yesNo('security', id));

export const ds160Catalog: Catalog = {
  id: 'ds160',
  formType: 'DS-160',
  rules: 'ds160',
  sections,
  questions: [...applicant, ...passport, ...contact, ...trip, ...uscontact, ...family, ...employment, ...security],
};
