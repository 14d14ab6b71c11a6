// The 35-question general pre-assessment of /wizard (spec 1-core §2.3, §9; docs/DECISIONS.md "Routes and pages").
// Form type, profile, trip, travel history and ties to the home country; the answers are saved as a lead
// and feed the approval analysis shown on /results. No conditionals, so the count is always 35.
// Rule set 'basic' (spec 1-core §5): required, email, phone (separators allowed), the full name (2 to 100
// characters, any script) and the dates' rules: a birth date at most 100 years ago, an arrival date within the
// next 2 years. Length of stay and income are free text.

import type { Catalog, Question, Section } from '../questions';
import { questionBuilder, type Extra } from './build';

const KEY = 'catalog:preassessment';

const ask = questionBuilder(KEY);

/** A required yes/no radio, options in the order Yes, No. */
function yesNo(section: string, id: string, extra: Extra = {}): Question {
  return ask(section, id, 'radio', { ...extra, options: ['Yes', 'No'] });
}

export const PREASSESSMENT_QUESTION_COUNT = 35;

export const FORM_TYPES: readonly string[] = ['DS-160', 'ESTA'];

const SECTION_IDS = ['profile', 'travel', 'history', 'ties', 'final'] as const;

const sections: Section[] = SECTION_IDS.map((id) => ({ id, titleKey: `${KEY}.sections.${id}` }));

const profile: Question[] = [
  ask('profile', 'form-type', 'radio', { options: FORM_TYPES, hint: true }),
  ask('profile', 'full-name', 'text'),
  ask('profile', 'email', 'email'),
  ask('profile', 'phone', 'phone', { hint: true }),
  ask('profile', 'nationality', 'country'),
  ask('profile', 'country-of-residence', 'country'),
  ask('profile', 'birth-date', 'date', { validation: 'birthDate' }),
  ask('profile', 'marital-status', 'select', {
    options: ['Single', 'Married', 'Divorced', 'Widowed', 'Separated', 'Domestic Partnership'],
  }),
  ask('profile', 'education-level', 'select', {
    options: [
      'Primary School',
      'Secondary School',
      'High School',
      'Some College',
      "Bachelor's Degree",
      "Master's Degree",
      'Doctoral Degree',
      'Professional Degree',
      'Other',
    ],
  }),
  ask('profile', 'english-level', 'radio', { options: ['None', 'Basic', 'Intermediate', 'Advanced', 'Fluent'] }),
];

const travel: Question[] = [
  ask('travel', 'purpose-of-travel', 'select', {
    options: ['Tourism', 'Business', 'Study', 'Work', 'Transit', 'Medical Treatment', 'Visit Family/Friends', 'Other'],
  }),
  ask('travel', 'intended-arrival-date', 'date', { validation: 'arrivalDate' }),
  ask('travel', 'length-of-stay', 'text', { hint: true }),
  ask('travel', 'who-pays', 'select', {
    options: ['Self', 'Employer', 'Family/Friends', 'Government', 'Other Organization', 'Other'],
  }),
  ask('travel', 'travel-companions', 'radio', {
    options: ['Alone', 'With family', 'With friends', 'With colleagues', 'With a tour group'],
  }),
  yesNo('travel', 'has-passport'),
  ask('travel', 'passport-valid-6-months', 'radio', { options: ['Yes', 'No', 'Not sure'] }),
];

const history: Question[] = [
  yesNo('history', 'previous-us-travel'),
  yesNo('history', 'previous-us-visa'),
  yesNo('history', 'previous-refusal'),
  yesNo('history', 'overstay-history'),
  ask('history', 'other-countries-visited', 'radio', {
    options: ['None', '1-2 countries', '3-5 countries', 'More than 5 countries'],
  }),
  yesNo('history', 'criminal-record'),
];

const ties: Question[] = [
  ask('ties', 'employment-status', 'select', {
    options: ['Employed', 'Self-Employed', 'Student', 'Retired', 'Unemployed', 'Other'],
  }),
  ask('ties', 'employer-name', 'text', { required: false, hint: true }),
  ask('ties', 'job-title', 'text', { required: false, hint: true }),
  ask('ties', 'years-employed', 'select', {
    options: ['Not applicable', 'Less than 1 year', '1-3 years', '3-5 years', 'More than 5 years'],
  }),
  ask('ties', 'monthly-income', 'text', { hint: true }),
  yesNo('ties', 'bank-statements'),
  yesNo('ties', 'owns-property'),
  yesNo('ties', 'has-family-in-home-country'),
  ask('ties', 'children', 'radio', { options: ['None', '1', '2', '3 or more'] }),
  yesNo('ties', 'family-in-us'),
];

const final: Question[] = [
  ask('final', 'ties-explanation', 'textarea', { hint: true }),
  ask('final', 'additional-info', 'textarea', { required: false, hint: true }),
];

export const preassessmentCatalog: Catalog = {
  id: 'preassessment',
  formType: 'PRE-ASSESSMENT',
  rules: 'basic',
  sections,
  questions: [...profile, ...travel, ...history, ...ties, ...final],
};
