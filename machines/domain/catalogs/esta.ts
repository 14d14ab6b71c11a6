// The question-by-question ESTA wizard (/apply/esta-wizard): spec 2-wizards §3.3.
// Every id the spec lists, plus what the official CBP application asks and the spec's list lacks (issue 45 item 21:
// parents, employer, U.S. point of contact, the emergency contact's e-mail, national ID, other citizenship's country,
// the "seeking work" question), in the official application's order so a family copies the PDF without gaps.
// The spec's headline count says 28; the list wins so no field the validator, the lead and the PDF rely on goes missing.
// The applicant's phone is checked by its own country code (a Spanish passport holder may have a UK mobile);
// the passport country must be in the Visa Waiver Program, and the passport valid 6 more months (validators.ts).

import type { Catalog, Question, Section } from '../questions';
import { questionBuilder, type Extra } from './build';

const KEY = 'catalog:esta';

const ask = questionBuilder(KEY);

/** A required yes/no radio, options in the order No, Yes. */
function yesNo(section: string, id: string, extra: Extra = {}): Question {
  return ask(section, id, 'radio', { ...extra, options: ['No', 'Yes'] });
}

/** Stored values match the visa rule's purposes (machines/domain/visaRules.ts). */
export const ESTA_PURPOSES: readonly string[] = ['tourism', 'business', 'transit'];

export const ESTA_PASSPORT_TYPES: readonly string[] = ['Regular', 'Official', 'Diplomatic'];

/**
 * The official ESTA's nine eligibility questions in the CBP site's order (issue 45 item 21), the "seeking work"
 * question sixth; then child custody, which the spec lists (§3.3) and the official ESTA does not ask: it stays last,
 * so the nine the applicant copies keep the site's order.
 */
export const ESTA_ELIGIBILITY_IDS: readonly string[] = [
  'communicable-disease',
  'criminal-conviction',
  'drug-violation',
  'terrorism-activities',
  'fraud-misrepresentation',
  'seeking-employment',
  'visa-denial',
  'overstay-violation',
  'travel-restricted-countries',
  'child-custody',
];

/** How another citizenship was acquired, as the official ESTA asks it. */
export const ESTA_CITIZENSHIP_ACQUIRED: readonly string[] = ['By birth', 'Through parents', 'Naturalized', 'Other'];

/** A point of contact in the United States is asked of every traveller who is not in transit to another country. */
const NOT_IN_TRANSIT = ESTA_PURPOSES.filter((purpose) => purpose !== 'transit');

// The sections follow the official application's parts: Applicant Information (basic, passport), Personal
// Information (contact: parents, address and phone, social media, employment), Travel Information, Eligibility.
const SECTION_IDS = ['basic', 'passport', 'contact', 'travel', 'eligibility'] as const;

const sections: Section[] = SECTION_IDS.map((id) => ({ id, titleKey: `${KEY}.sections.${id}` }));

const basic: Question[] = [
  ask('basic', 'email', 'email', { hint: true }),
  ask('basic', 'first-name', 'text', { hint: true }),
  ask('basic', 'last-name', 'text', { hint: true }),
  ask('basic', 'other-names', 'text', { required: false, hint: true }),
  ask('basic', 'birth-date', 'date', { validation: 'birthDate' }),
  ask('basic', 'birth-city', 'city'),
  ask('basic', 'birth-country', 'country'),
  ask('basic', 'gender', 'radio', { options: ['Female', 'Male'] }),
];

const passport: Question[] = [
  ask('passport', 'passport-type', 'select', { options: ESTA_PASSPORT_TYPES, hint: true }),
  ask('passport', 'passport-number', 'text', { hint: true }),
  ask('passport', 'passport-country', 'country', { hint: true }),
  // Required on the official site only where the country issues one, so optional here.
  ask('passport', 'national-id-number', 'text', { required: false, hint: true }),
  ask('passport', 'passport-issue-date', 'date', { validation: 'passportIssueDate' }),
  ask('passport', 'passport-expiry', 'date', { validation: 'passportExpiryDate' }),
  yesNo('passport', 'previous-passport'),
  ask('passport', 'previous-passport-country', 'country', { dependsOn: 'previous-passport' }),
  ask('passport', 'previous-passport-number', 'text', { dependsOn: 'previous-passport' }),
  yesNo('passport', 'other-citizenship'),
  ask('passport', 'other-citizenship-country', 'country', { dependsOn: 'other-citizenship' }),
  ask('passport', 'other-citizenship-how', 'radio', { options: ESTA_CITIZENSHIP_ACQUIRED, dependsOn: 'other-citizenship' }),
];

const contact: Question[] = [
  ask('contact', 'father-family-name', 'text', { hint: true }),
  ask('contact', 'father-first-name', 'text', { hint: true }),
  ask('contact', 'mother-family-name', 'text', { hint: true }),
  ask('contact', 'mother-first-name', 'text', { hint: true }),
  ask('contact', 'home-address', 'textarea', { hint: true }),
  ask('contact', 'phone', 'phone', { hint: true }),
  ask('contact', 'social-media', 'textarea', { required: false, hint: true }),
  // "Do you have a current or previous employer?": a student, a retiree or a child answers No and is asked no more.
  // The employer and the U.S. point of contact may be a company or a hotel ("Telefónica S.A."): the organisation-name
  // rule (validators.ts), not the person-name one.
  yesNo('contact', 'has-employer', { hint: true }),
  ask('contact', 'current-occupation', 'text', { hint: true, dependsOn: 'has-employer' }),
  ask('contact', 'employer', 'text', { hint: true, validation: 'organisationName', dependsOn: 'has-employer' }),
  ask('contact', 'employer-address', 'textarea', { hint: true, dependsOn: 'has-employer' }),
  ask('contact', 'employer-phone', 'phone', { hint: true, dependsOn: 'has-employer' }),
];

const travel: Question[] = [
  ask('travel', 'first-travel', 'radio', { options: ['Yes', 'No'] }),
  ask('travel', 'purpose', 'radio', { options: ESTA_PURPOSES }),
  ask('travel', 'us-contact', 'text', { hint: true, validation: 'organisationName', dependsOn: 'purpose', showWhen: NOT_IN_TRANSIT }),
  ask('travel', 'us-contact-address', 'textarea', { hint: true, dependsOn: 'purpose', showWhen: NOT_IN_TRANSIT }),
  ask('travel', 'us-contact-phone', 'phone', { hint: true, dependsOn: 'purpose', showWhen: NOT_IN_TRANSIT }),
  ask('travel', 'emergency-contact', 'text', { hint: true }),
  ask('travel', 'emergency-email', 'email', { hint: true }),
  ask('travel', 'emergency-phone', 'phone', { hint: true }),
];

const eligibility: Question[] = ESTA_ELIGIBILITY_IDS.map((id) => yesNo('eligibility', id));

export const estaCatalog: Catalog = {
  id: 'esta',
  formType: 'ESTA',
  rules: 'esta',
  sections,
  questions: [...basic, ...passport, ...contact, ...travel, ...eligibility],
  capture: { email: 'email', firstName: 'first-name', lastName: 'last-name', phone: 'phone', nationality: 'passport-country', birthDate: 'birth-date' },
};
