// The question-by-question ESTA wizard (/apply/esta-wizard): spec 2-wizards §3.3.
// Every id the spec lists, in its order and sections. The spec's headline count says 28, but its own
// list names 32 ids; the list wins so no field the validator and the lead rely on goes missing.
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

export const ESTA_ELIGIBILITY_IDS: readonly string[] = [
  'communicable-disease',
  'criminal-conviction',
  'drug-violation',
  'terrorism-activities',
  'fraud-misrepresentation',
  'visa-denial',
  'overstay-violation',
  'child-custody',
  'travel-restricted-countries',
];

const SECTION_IDS = ['basic', 'passport', 'travel', 'contact', 'eligibility'] as const;

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
  ask('passport', 'passport-issue-date', 'date', { validation: 'passportIssueDate' }),
  ask('passport', 'passport-expiry', 'date', { validation: 'passportExpiryDate' }),
];

const travel: Question[] = [
  ask('travel', 'first-travel', 'radio', { options: ['Yes', 'No'] }),
  ask('travel', 'purpose', 'radio', { options: ESTA_PURPOSES }),
];

const contact: Question[] = [
  ask('contact', 'phone', 'phone', { hint: true }),
  ask('contact', 'home-address', 'textarea', { hint: true }),
  ask('contact', 'emergency-contact', 'text', { hint: true }),
  ask('contact', 'emergency-phone', 'phone', { hint: true }),
  ask('contact', 'current-occupation', 'text', { hint: true }),
  yesNo('contact', 'other-citizenship'),
  yesNo('contact', 'previous-passport'),
  ask('contact', 'social-media', 'textarea', { required: false, hint: true }),
];

const eligibility: Question[] = ESTA_ELIGIBILITY_IDS.map((id) => yesNo('eligibility', id));

export const estaCatalog: Catalog = {
  id: 'esta',
  formType: 'ESTA',
  rules: 'esta',
  sections,
  questions: [...basic, ...passport, ...travel, ...contact, ...eligibility],
  capture: { email: 'email', firstName: 'first-name', lastName: 'last-name', phone: 'phone', nationality: 'passport-country', birthDate: 'birth-date' },
};
