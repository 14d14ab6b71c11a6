import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Question, QuestionType, RuleSet } from '../../machines/domain/questions';
import { phoneRuleFor } from '../../machines/domain/phoneRules';
import {
  VALIDATION_MESSAGE_KEYS,
  addYears,
  compareDates,
  formatIsoDate,
  isValidEmail,
  parseAmount,
  parseIsoDate,
  toIsoDate,
  validateAnswer,
  validateAnswers,
  validatePhoneForCountry,
  yearsBetween,
} from '../../machines/domain/validators';

const TODAY = '2026-06-15';

function q(id: string, type: QuestionType, extra: Partial<Question> = {}): Question {
  return { id, section: 'test', type, required: true, labelKey: `test.${id}`, ...extra };
}

const options = (...values: string[]) => values.map((value) => ({ value, labelKey: `opt.${value}` }));

interface Case {
  name: string;
  question: Question;
  value: string;
  answers?: Record<string, string>;
  key: string | null;
  params?: Record<string, string | number>;
}

function run(rules: RuleSet, c: Case) {
  return validateAnswer(c.question, c.value, { rules, answers: c.answers ?? {}, today: TODAY });
}

function expectCase(rules: RuleSet, c: Case) {
  const error = run(rules, c);
  if (c.key === null) {
    expect(error).toBeNull();
    return;
  }
  expect(error?.key).toBe(c.key);
  if (c.params) expect(error?.params).toEqual(c.params);
}

// Question shapes as the catalogs declare them (machines/domain/catalogs).
const DS = {
  email: q('email-address', 'email'),
  firstName: q('first-name', 'text'),
  lastName: q('last-name', 'text'),
  nativeName: q('native-name', 'text', { required: false }),
  specifyOtherNames: q('specify-other-names', 'text'),
  otherNames: q('other-names', 'radio', { options: options('No', 'Yes') }),
  gender: q('gender', 'radio', { options: options('Female', 'Male') }),
  birthDate: q('birth-date', 'date', { validation: 'past' }),
  birthCountry: q('birth-country', 'country'),
  passportNumber: q('passport-number', 'text'),
  passportBook: q('passport-book-number', 'text', { required: false }),
  expiry: q('passport-expiry-date', 'date', { validation: 'future' }),
  address1: q('home-address-1', 'text'),
  address2: q('home-address-2', 'text', { required: false }),
  homeState: q('home-state', 'text'),
  phone: q('phone-number', 'phone', { validation: 'phone' }),
  payerPhoneText: q('trip-payer-phone', 'text', { validation: 'phone' }),
  arrival: q('intended-arrival-date', 'date', { validation: 'future' }),
  usAddress: q('us-address', 'textarea'),
  payerName: q('trip-payer-name', 'text'),
  payerEmail: q('trip-payer-email', 'email', { required: false }),
  companionName: q('companion-name', 'text'),
  fatherBirth: q('father-birth-date', 'date', { required: false, validation: 'parentBirthDate' }),
  employerName: q('employer-name', 'text'),
  employerAddress: q('employer-address', 'textarea'),
  salary: q('monthly-salary', 'number', { validation: 'number' }),
  salaryText: q('monthly-salary', 'text', { validation: 'number' }),
  plainDate: q('some-date', 'date'),
};

const ds160Cases: Case[] = [
  // required / optional
  { name: 'required empty', question: DS.firstName, value: '', key: 'validation.required' },
  { name: 'required whitespace only', question: DS.firstName, value: '   ', key: 'validation.required' },
  { name: 'optional empty skips every other rule', question: DS.nativeName, value: '  ', key: null },
  { name: 'optional email empty', question: DS.payerEmail, value: '', key: null },
  // options
  { name: 'radio answer outside the options', question: DS.gender, value: 'Other', key: 'validation.generic' },
  { name: 'radio answer among the options', question: DS.gender, value: 'Female', key: null },
  { name: 'other-names is a Yes/No radio, no name rule', question: DS.otherNames, value: 'Yes', key: null },
  { name: 'country question has no pattern', question: DS.birthCountry, value: 'Perú', key: null },
  // email
  { name: 'email without domain', question: DS.email, value: 'juan@', key: 'validation.email.invalid' },
  { name: 'email without @', question: DS.email, value: 'juan.gmail.com', key: 'validation.email.invalid' },
  { name: 'email without top-level domain', question: DS.email, value: 'juan@gmail', key: 'validation.email.invalid' },
  { name: 'email with a space', question: DS.email, value: 'juan perez@gmail.com', key: 'validation.email.invalid' },
  { name: 'valid email', question: DS.email, value: 'juan.perez@gmail.com', key: null },
  { name: 'valid email, plus tag and subdomains', question: DS.email, value: ' maria+visa@correo.com.mx ', key: null },
  { name: "'email-address' gets no address rule", question: DS.email, value: 'a@b.co', key: null },
  { name: 'email over 100 characters is fine in DS-160', question: DS.email, value: `${'a'.repeat(60)}@${'b'.repeat(50)}.com`, key: null },
  // phone (order: characters, too short, too long, country code)
  { name: 'US phone with separators', question: DS.phone, value: '+1 (555) 123-4567', key: null },
  { name: 'full 10-digit number without +', question: DS.phone, value: '555-123-4567', key: null },
  { name: 'Spanish mobile with +', question: DS.phone, value: '+34 612 345 678', key: null },
  { name: 'letter in phone', question: DS.phone, value: '555-123-456a', key: 'validation.phone.invalid' },
  { name: 'dots are not separators', question: DS.phone, value: '+1 555.123.4567', key: 'validation.phone.invalid' },
  { name: '+ not at the start', question: DS.phone, value: '1+5551234567', key: 'validation.phone.invalid' },
  { name: 'lone +', question: DS.phone, value: '+', key: 'validation.phone.invalid' },
  { name: 'under 7 digits with +', question: DS.phone, value: '+12345', key: 'validation.phone.tooShort' },
  { name: 'under 7 digits without + is too short first', question: DS.phone, value: '12345', key: 'validation.phone.tooShort' },
  { name: 'over 15 digits', question: DS.phone, value: '+1234567890123456', key: 'validation.phone.tooLong' },
  { name: '7 digits without +', question: DS.phone, value: '555 1234', key: 'validation.phone.countryCode' },
  { name: '9 digits without +', question: DS.phone, value: '612 345 678', key: 'validation.phone.countryCode' },
  { name: '7 digits with +', question: DS.phone, value: '+5551234', key: null },
  { name: "text question with validation 'phone'", question: DS.payerPhoneText, value: 'call me', key: 'validation.phone.invalid' },
  // dates
  { name: 'impossible date', question: DS.birthDate, value: '2023-02-30', key: 'validation.date.invalid' },
  { name: 'not ISO format', question: DS.birthDate, value: '15/06/1990', key: 'validation.date.invalid' },
  { name: 'plain date, 29 Feb in a common year', question: DS.plainDate, value: '2026-02-29', key: 'validation.date.invalid' },
  { name: 'plain date, 29 Feb in a leap year', question: DS.plainDate, value: '2024-02-29', key: null },
  { name: 'past: yesterday', question: DS.birthDate, value: '2026-06-14', key: null },
  { name: 'past: today is not past', question: DS.birthDate, value: TODAY, key: 'validation.date.past' },
  { name: 'past: a future date', question: DS.birthDate, value: '2030-01-01', key: 'validation.date.past' },
  { name: 'future: tomorrow', question: DS.arrival, value: '2026-06-16', key: null },
  { name: 'future: today is not future', question: DS.arrival, value: TODAY, key: 'validation.date.future' },
  { name: 'future: passport expired last year', question: DS.expiry, value: '2025-06-15', key: 'validation.date.future' },
  // parent birth date: 16 years before the applicant's birth date, else before today
  { name: 'parent exactly 16 years older than applicant', question: DS.fatherBirth, value: '1979-03-10', answers: { 'birth-date': '1995-03-10' }, key: null },
  { name: 'parent 16 years minus a day older', question: DS.fatherBirth, value: '1979-03-11', answers: { 'birth-date': '1995-03-10' }, key: 'validation.date.parentAge' },
  { name: 'parent younger than the applicant', question: DS.fatherBirth, value: '2000-01-01', answers: { 'birth-date': '1995-03-10' }, key: 'validation.date.parentAge' },
  { name: 'no applicant birth date: 16 years before today', question: DS.fatherBirth, value: '2010-06-15', key: null },
  { name: 'no applicant birth date: under 16 years ago', question: DS.fatherBirth, value: '2010-06-16', key: 'validation.date.parentAge' },
  { name: 'applicant birth date in the future falls back to today', question: DS.fatherBirth, value: '2012-01-01', answers: { 'birth-date': '2040-01-01' }, key: 'validation.date.parentAge' },
  { name: 'parent date impossible', question: DS.fatherBirth, value: '1970-02-31', key: 'validation.date.invalid' },
  // numbers
  { name: 'salary with $ and commas', question: DS.salary, value: '$1,500.50', key: null },
  { name: 'plain salary', question: DS.salary, value: '2500', key: null },
  { name: 'salary in words', question: DS.salary, value: 'mil quinientos', key: 'validation.number' },
  { name: 'salary with trailing letters', question: DS.salary, value: '12abc', key: 'validation.number' },
  { name: 'negative salary', question: DS.salary, value: '-5', key: 'validation.number' },
  { name: "text question with validation 'number'", question: DS.salaryText, value: 'n/a', key: 'validation.number' },
  // names (any id containing 'name')
  { name: 'accented first name', question: DS.firstName, value: 'José', key: null },
  { name: 'name with combining accent counts characters', question: DS.firstName, value: 'Jose\u0301', key: null },
  { name: 'compound last name with apostrophe and hyphen', question: DS.lastName, value: "O'Brien-Souza", key: null },
  { name: 'typographic apostrophe', question: DS.lastName, value: 'D’Angelo', key: null },
  { name: 'two words', question: DS.lastName, value: 'da Silva São', key: null },
  { name: 'native-alphabet name', question: DS.nativeName, value: '李小龍', key: null },
  { name: 'one letter', question: DS.firstName, value: 'J', key: 'validation.name.tooShort' },
  { name: 'one letter after trimming', question: DS.firstName, value: ' J ', key: 'validation.name.tooShort' },
  { name: '50 letters', question: DS.firstName, value: 'A'.repeat(50), key: null },
  { name: '51 letters', question: DS.firstName, value: 'A'.repeat(51), key: 'validation.name.tooLong' },
  { name: 'digit in a name', question: DS.firstName, value: 'John3', key: 'validation.name.invalid' },
  { name: 'punctuation only', question: DS.firstName, value: "-'", key: 'validation.name.invalid' },
  { name: 'employer-name follows the name rule literally', question: DS.employerName, value: 'Acme Corp.', key: 'validation.name.invalid' },
  { name: 'employer-name with letters only', question: DS.employerName, value: 'Grupo Bimbo', key: null },
  { name: 'trip-payer-name', question: DS.payerName, value: 'Ana', key: null },
  { name: 'companion-name too short', question: DS.companionName, value: 'A', key: 'validation.name.tooShort' },
  { name: 'specify-other-names is a free-text list', question: DS.specifyOtherNames, value: 'María López, María García (maiden)', key: null },
  // passport number
  { name: 'passport number', question: DS.passportNumber, value: 'AB1234567', key: null },
  { name: 'passport number 6 characters', question: DS.passportNumber, value: 'G12345', key: null },
  { name: 'passport number 5 characters', question: DS.passportNumber, value: 'AB123', key: 'validation.passport.tooShort' },
  { name: 'passport number 21 characters', question: DS.passportNumber, value: 'A'.repeat(21), key: 'validation.passport.tooLong' },
  { name: 'passport number with hyphen', question: DS.passportNumber, value: 'AB-12345', key: 'validation.passport.invalid' },
  { name: 'passport book number has no rule', question: DS.passportBook, value: '12', key: null },
  // addresses (any id containing 'address')
  { name: 'complete address', question: DS.address1, value: 'Calle 5 # 12-34, Bogotá', key: null },
  { name: 'short address', question: DS.address1, value: 'Calle 5', key: 'validation.address.tooShort' },
  { name: 'address of 200 characters', question: DS.address1, value: 'x'.repeat(200), key: null },
  { name: 'address of 201 characters', question: DS.address1, value: 'x'.repeat(201), key: 'validation.address.tooLong' },
  { name: 'second address line may be short', question: DS.address2, value: 'Apt 4B', key: null },
  { name: 'second address line still has the maximum', question: DS.address2, value: 'x'.repeat(201), key: 'validation.address.tooLong' },
  { name: 'US address textarea', question: DS.usAddress, value: 'Hotel', key: 'validation.address.tooShort' },
  { name: 'employer address textarea', question: DS.employerAddress, value: 'Av. Paulista 1000, São Paulo', key: null },
  // no rule
  { name: 'other text has no pattern', question: DS.homeState, value: 'X', key: null },
];

const ES = {
  email: q('email', 'email'),
  firstName: q('first-name', 'text'),
  lastName: q('last-name', 'text'),
  otherNames: q('other-names', 'text', { required: false }),
  birthDate: q('birth-date', 'date', { validation: 'birthDate' }),
  purpose: q('purpose', 'radio', { options: options('tourism', 'business', 'transit') }),
  passportNumber: q('passport-number', 'text'),
  issue: q('passport-issue-date', 'date', { validation: 'passportIssueDate' }),
  expiry: q('passport-expiry', 'date', { validation: 'passportExpiryDate' }),
  phone: q('phone', 'phone'),
  emergencyPhone: q('emergency-phone', 'phone'),
  homeAddress: q('home-address', 'textarea'),
  emergencyContact: q('emergency-contact', 'text'),
  arrival: q('arrival-date', 'date', { validation: 'future' }),
  departure: q('last-visit', 'date', { validation: 'past' }),
};

const UK = { 'passport-country': 'United Kingdom' };
const ukRule = phoneRuleFor('United Kingdom');
const deRule = phoneRuleFor('Germany');

const estaCases: Case[] = [
  { name: 'required empty', question: ES.lastName, value: '', key: 'validation.required' },
  { name: 'optional other names empty', question: ES.otherNames, value: '', key: null },
  { name: 'radio outside the options', question: ES.purpose, value: 'study', key: 'validation.generic' },
  { name: 'radio among the options', question: ES.purpose, value: 'transit', key: null },
  // names
  { name: 'accented name', question: ES.firstName, value: 'Émilie', key: null },
  { name: 'name too short', question: ES.firstName, value: 'É', key: 'validation.name.tooShort' },
  { name: 'name too long', question: ES.lastName, value: 'b'.repeat(51), key: 'validation.name.tooLong' },
  { name: 'name with @', question: ES.lastName, value: 'Pérez@', key: 'validation.name.invalid' },
  { name: 'other-names is free text, no name rule', question: ES.otherNames, value: 'Pepe, "El Flaco"', key: null },
  { name: 'emergency-contact has no name rule (id lacks "name")', question: ES.emergencyContact, value: 'Mamá (Rosa) 2', key: null },
  // email
  { name: 'valid email', question: ES.email, value: 'ana@correo.es', key: null },
  { name: 'email of exactly 100 characters', question: ES.email, value: `${'a'.repeat(60)}@${'b'.repeat(35)}.com`, key: null },
  { name: 'email of 101 characters', question: ES.email, value: `${'a'.repeat(60)}@${'b'.repeat(36)}.com`, key: 'validation.email.tooLong' },
  { name: 'email pattern', question: ES.email, value: 'ana@correo', key: 'validation.email.invalid' },
  // phone against the country table (order: prefix, digits only, too short, too long)
  { name: 'UK phone, 10 digits after +44', question: ES.phone, value: '+44 20 7946 0958', answers: UK, key: null },
  { name: 'UK phone, 11 digits after +44', question: ES.phone, value: '+44 (0)20-7946-0958', answers: UK, key: null },
  { name: 'UK phone without prefix', question: ES.phone, value: '020 7946 0958', answers: UK, key: 'validation.phone.prefix', params: { prefix: '+44', country: ukRule?.country ?? '' } },
  { name: 'UK phone with a letter', question: ES.phone, value: '+44 20 794A 0958', answers: UK, key: 'validation.phone.digitsOnly' },
  { name: 'UK phone too short', question: ES.phone, value: '+44 1234 5678', answers: UK, key: 'validation.phone.countryTooShort', params: { country: ukRule?.country ?? '', min: 10 } },
  { name: 'UK phone too long', question: ES.phone, value: '+44 1234 5678 9012', answers: UK, key: 'validation.phone.countryTooLong', params: { country: ukRule?.country ?? '', max: 11 } },
  { name: 'birth country when passport country is missing', question: ES.phone, value: '+49 1512 3456789', answers: { 'birth-country': 'Germany' }, key: null },
  { name: 'birth country prefix enforced', question: ES.phone, value: '+44 20 7946 0958', answers: { 'birth-country': 'Germany' }, key: 'validation.phone.prefix', params: { prefix: '+49', country: deRule?.country ?? '' } },
  { name: 'passport country wins over birth country', question: ES.phone, value: '+49 15123456789', answers: { 'passport-country': 'Germany', 'birth-country': 'United Kingdom' }, key: null },
  { name: 'US phone', question: ES.phone, value: '+1 (212) 555-0100', answers: { 'passport-country': 'United States' }, key: null },
  { name: 'country without rules, 7 digits', question: ES.phone, value: '+999 1234', answers: { 'passport-country': 'Atlantis' }, key: null },
  { name: 'country without rules, too short', question: ES.phone, value: '123456', answers: { 'passport-country': 'Atlantis' }, key: 'validation.phone.tooShort' },
  { name: 'country without rules, too long', question: ES.phone, value: '1234567890123456', answers: { 'passport-country': 'Atlantis' }, key: 'validation.phone.tooLong' },
  { name: 'country without rules, letters', question: ES.phone, value: '12ab34567', answers: { 'passport-country': 'Atlantis' }, key: 'validation.phone.invalid' },
  { name: 'no country answered yet', question: ES.phone, value: '600 123 456', key: null },
  { name: 'emergency phone may be in another country', question: ES.emergencyPhone, value: '+1 555 123 4567', answers: UK, key: null },
  { name: 'emergency phone still needs 7 digits', question: ES.emergencyPhone, value: '+1 555', answers: UK, key: 'validation.phone.tooShort' },
  // dates
  { name: 'past: yesterday', question: ES.departure, value: '2026-06-14', key: null },
  { name: 'past: today', question: ES.departure, value: TODAY, key: 'validation.date.past' },
  { name: 'future: tomorrow', question: ES.arrival, value: '2026-06-16', key: null },
  { name: 'future: today', question: ES.arrival, value: TODAY, key: 'validation.date.future' },
  { name: 'birth date', question: ES.birthDate, value: '1990-05-20', key: null },
  { name: 'birth date today', question: ES.birthDate, value: TODAY, key: 'validation.date.past' },
  { name: 'birth date exactly 100 years ago', question: ES.birthDate, value: '1926-06-15', key: null },
  { name: 'birth date 100 years and a day ago', question: ES.birthDate, value: '1926-06-14', key: 'validation.date.birthTooOld' },
  { name: 'birth date impossible', question: ES.birthDate, value: '1990-02-30', key: 'validation.date.invalid' },
  // passport issue date
  { name: 'issue date', question: ES.issue, value: '2020-05-01', answers: { 'birth-date': '2000-01-01' }, key: null },
  { name: 'issued today', question: ES.issue, value: TODAY, key: null },
  { name: 'issued tomorrow', question: ES.issue, value: '2026-06-16', key: 'validation.passport.issueFuture' },
  { name: 'issued exactly 10 years ago', question: ES.issue, value: '2016-06-15', key: null },
  { name: 'issued 10 years and a day ago', question: ES.issue, value: '2016-06-14', key: 'validation.passport.issueTooOld' },
  { name: 'issued before birth', question: ES.issue, value: '2017-12-31', answers: { 'birth-date': '2018-01-01' }, key: 'validation.passport.issueBeforeBirth' },
  { name: 'issued on the birth day', question: ES.issue, value: '2018-01-01', answers: { 'birth-date': '2018-01-01' }, key: null },
  { name: 'invalid birth answer is ignored', question: ES.issue, value: '2018-01-01', answers: { 'birth-date': 'soon' }, key: null },
  // passport expiry date
  { name: 'expiry in the future after issue', question: ES.expiry, value: '2030-05-01', answers: { 'passport-issue-date': '2020-05-01' }, key: null },
  { name: 'expiry today', question: ES.expiry, value: TODAY, key: 'validation.passport.expired' },
  { name: 'expired last year', question: ES.expiry, value: '2025-01-01', answers: { 'passport-issue-date': '2020-05-01' }, key: 'validation.passport.expired' },
  { name: 'expiry before issue', question: ES.expiry, value: '2030-01-01', answers: { 'passport-issue-date': '2031-01-01' }, key: 'validation.passport.expiryBeforeIssue' },
  { name: 'expiry on the issue date', question: ES.expiry, value: '2031-01-01', answers: { 'passport-issue-date': '2031-01-01' }, key: 'validation.passport.expiryBeforeIssue' },
  // address and passport number
  { name: 'home address', question: ES.homeAddress, value: 'Rua Augusta 1500, São Paulo', key: null },
  { name: 'home address too short', question: ES.homeAddress, value: 'Rua 1', key: 'validation.address.tooShort' },
  { name: 'home address too long', question: ES.homeAddress, value: 'r'.repeat(201), key: 'validation.address.tooLong' },
  { name: 'passport number', question: ES.passportNumber, value: 'PA1234567', key: null },
  { name: 'passport number too short', question: ES.passportNumber, value: 'X12', key: 'validation.passport.tooShort' },
  { name: 'passport number too long', question: ES.passportNumber, value: '1'.repeat(21), key: 'validation.passport.tooLong' },
  { name: 'passport number with a space', question: ES.passportNumber, value: 'AB 12345', key: 'validation.passport.invalid' },
];

const BA = {
  email: q('email', 'email'),
  phone: q('phone', 'phone'),
  birthDate: q('birth-date', 'date'),
  pastDate: q('some-date', 'date', { validation: 'past' }),
  fullName: q('full-name', 'text'),
  income: q('income', 'text', { required: false }),
  count: q('count', 'number'),
  formType: q('form-type', 'select', { options: options('DS-160', 'ESTA') }),
};

const basicCases: Case[] = [
  { name: 'required empty', question: BA.email, value: ' ', key: 'validation.required' },
  { name: 'optional empty', question: BA.income, value: '', key: null },
  { name: 'select outside the options', question: BA.formType, value: 'B1/B2', key: 'validation.generic' },
  { name: 'select among the options', question: BA.formType, value: 'ESTA', key: null },
  { name: 'valid email', question: BA.email, value: 'ana@correo.com', key: null },
  { name: 'email without @', question: BA.email, value: 'ana.correo.com', key: 'validation.basic.email' },
  { name: 'email without domain', question: BA.email, value: 'ana@', key: 'validation.basic.email' },
  { name: 'email domain label over 63 characters', question: BA.email, value: `ana@${'d'.repeat(64)}.com`, key: 'validation.basic.email' },
  { name: 'phone with +', question: BA.phone, value: '+5215512345678', key: null },
  { name: 'phone of 7 digits', question: BA.phone, value: '5512345', key: null },
  { name: 'phone of 6 digits', question: BA.phone, value: '123456', key: 'validation.basic.phone' },
  { name: 'phone of 16 digits', question: BA.phone, value: '1234567890123456', key: 'validation.basic.phone' },
  { name: 'phone with spaces', question: BA.phone, value: '+52 55 1234 5678', key: 'validation.basic.phone' },
  { name: 'phone with two +', question: BA.phone, value: '++5215512345', key: 'validation.basic.phone' },
  { name: 'valid date', question: BA.birthDate, value: '1990-05-20', key: null },
  { name: 'impossible date', question: BA.birthDate, value: '2023-02-30', key: 'validation.date.invalid' },
  { name: 'date rules are not applied', question: BA.pastDate, value: '2030-01-01', key: null },
  { name: 'no name rule', question: BA.fullName, value: 'J', key: null },
  { name: 'income is free text', question: BA.income, value: 'about 2k', key: null },
  { name: 'no numeric check', question: BA.count, value: 'many', key: null },
];

const CASES_BY_RULES: ReadonlyArray<readonly [RuleSet, Case[]]> = [
  ['ds160', ds160Cases],
  ['esta', estaCases],
  ['basic', basicCases],
];

describe('validateAnswer', () => {
  describe("rules 'ds160'", () => {
    it.each(ds160Cases)('$name → $key', (c) => expectCase('ds160', c));
  });

  describe("rules 'esta'", () => {
    it.each(estaCases)('$name → $key', (c) => expectCase('esta', c));
  });

  describe("rules 'basic'", () => {
    it.each(basicCases)('$name → $key', (c) => expectCase('basic', c));
  });

  it('treats a non-string value from the network as empty', () => {
    const ctx = { rules: 'ds160' as const, answers: {}, today: TODAY };
    expect(validateAnswer(DS.firstName, undefined as unknown as string, ctx)?.key).toBe('validation.required');
    expect(validateAnswer(DS.nativeName, 42 as unknown as string, ctx)).toBeNull();
  });

  it('refuses an invalid today instead of guessing', () => {
    const ctx = { rules: 'esta' as const, answers: {}, today: '15/06/2026' };
    expect(() => validateAnswer(ES.birthDate, '1990-05-20', ctx)).toThrow(RangeError);
  });

  it('every message key is triggered by at least one case', () => {
    const triggered = new Set(CASES_BY_RULES.flatMap(([, cases]) => cases.map((c) => c.key)).filter((k) => k !== null));
    expect([...triggered].sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
  });
});

describe('validateAnswers', () => {
  it('collects the errors by question id', () => {
    const questions = [DS.firstName, DS.email, DS.phone, DS.nativeName];
    const answers = { 'first-name': 'José', 'email-address': 'nope', 'phone-number': '555 1234' };
    expect(validateAnswers(questions, { rules: 'ds160', answers, today: TODAY })).toEqual({
      'email-address': { key: 'validation.email.invalid' },
      'phone-number': { key: 'validation.phone.countryCode' },
    });
  });

  it('is empty when everything passes', () => {
    const answers = { 'first-name': 'José', 'email-address': 'jose@correo.mx' };
    expect(validateAnswers([DS.firstName, DS.email], { rules: 'ds160', answers, today: TODAY })).toEqual({});
  });
});

describe('building blocks', () => {
  it.each([
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    [' 2026-12-31 ', { year: 2026, month: 12, day: 31 }],
    ['2023-02-29', null],
    ['1900-02-29', null],
    ['2023-02-30', null],
    ['2026-04-31', null],
    ['2026-13-01', null],
    ['2026-00-10', null],
    ['0000-01-01', null],
    ['2026-6-15', null],
    ['20260615', null],
    ['2026-06-15T00:00:00Z', null],
    ['', null],
  ])('parseIsoDate(%j)', (input, expected) => {
    expect(parseIsoDate(input)).toEqual(expected);
  });

  it.each([
    ['2000-06-16', '2026-06-15', 25],
    ['2000-06-15', '2026-06-15', 26],
    ['2026-06-15', '2000-06-15', -26],
    ['2026-06-15', '2026-06-15', 0],
    ['2000-02-29', '2001-02-28', 0],
    ['2000-02-29', '2001-03-01', 1],
    ['1926-06-15', '2026-06-15', 100],
  ])('yearsBetween(%s, %s) = %i', (from, to, years) => {
    expect(yearsBetween(from, to)).toBe(years);
  });

  it('adds years, 29 February becoming 28 February in a common year', () => {
    expect(formatIsoDate(addYears('2024-02-29', 1))).toBe('2025-02-28');
    expect(formatIsoDate(addYears('2026-06-15', -100))).toBe('1926-06-15');
  });

  it('compares dates and refuses invalid ones', () => {
    expect(compareDates('2026-06-14', TODAY)).toBeLessThan(0);
    expect(compareDates(TODAY, TODAY)).toBe(0);
    expect(() => compareDates('2026-02-30', TODAY)).toThrow(RangeError);
  });

  it('turns a Date into the local calendar day', () => {
    expect(toIsoDate(new Date(2026, 5, 15, 23, 59))).toBe('2026-06-15');
    expect(toIsoDate(new Date(826, 0, 1))).toBe('0826-01-01');
  });

  it.each([
    ['juan@gmail.com', true],
    [`a@${'d'.repeat(63)}.com`, true],
    [`a@${'d'.repeat(64)}.com`, false],
    [`${'l'.repeat(65)}@gmail.com`, false],
    ['a@-bad.com', false],
    ['a@b', false],
    ['@gmail.com', false],
  ])('isValidEmail(%j) = %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });

  it.each([
    ['$1,500.50', 1500.5],
    ['2,000', 2000],
    ['.5', 0.5],
    ['1e5', null],
    ['0x10', null],
    ['', null],
  ])('parseAmount(%j) = %s', (input, amount) => {
    expect(parseAmount(input)).toBe(amount);
  });

  it('validatePhoneForCountry matches the country by ISO code too', () => {
    expect(validatePhoneForCountry('+1 212 555 0100', 'US')).toBeNull();
    expect(validatePhoneForCountry('+44 212 555 0100', 'us')?.key).toBe('validation.phone.prefix');
  });
});

// --- translations -------------------------------------------------------------------------------------------

const LANGS = ['en', 'es', 'fr', 'pt'] as const;

function loadLocale(lang: string): Record<string, unknown> {
  const file = new URL(`../../locales/${lang}/validation.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(flat, flatten(value as Record<string, unknown>, path));
    } else {
      flat[path] = value;
    }
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const locales = Object.fromEntries(LANGS.map((lang) => [lang, flatten(loadLocale(lang))]));

describe('locales/<lang>/validation.json', () => {
  it('English holds exactly the keys the validator can return', () => {
    expect(Object.keys(locales.en ?? {}).sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
  });

  it('every validation key literal in the source is a declared key', () => {
    const source = readFileSync(new URL('../../machines/domain/validators.ts', import.meta.url), 'utf8');
    const literals = [...source.matchAll(/'(validation\.[A-Za-z.]+)'/g)].map((m) => m[1]);
    expect(literals.length).toBeGreaterThan(0);
    for (const key of literals) expect(VALIDATION_MESSAGE_KEYS as readonly string[]).toContain(key);
  });

  it.each(LANGS)('%s has a non-empty text for every key', (lang) => {
    const flat = locales[lang] ?? {};
    for (const key of VALIDATION_MESSAGE_KEYS) {
      expect(typeof flat[key], `${lang}: ${key}`).toBe('string');
      expect((flat[key] as string).trim(), `${lang}: ${key}`).not.toBe('');
    }
    expect(Object.keys(flat).sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
  });

  it.each(['es', 'fr', 'pt'] as const)('%s keeps the English placeholders', (lang) => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      const en = locales.en?.[key] as string;
      const other = locales[lang]?.[key] as string;
      expect(placeholders(other), `${lang}: ${key}`).toEqual(placeholders(en));
    }
  });

  it('every param the validator returns is a placeholder of its English text', () => {
    let checked = 0;
    for (const [rules, cases] of CASES_BY_RULES) {
      for (const c of cases) {
        const error = run(rules, c);
        if (!error?.params) continue;
        checked += 1;
        expect(placeholders(locales.en?.[error.key] as string), c.name).toEqual(Object.keys(error.params).sort());
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('i18next resolves the returned key and params in every language', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      ns: ['validation'],
      defaultNS: 'validation',
      resources: Object.fromEntries(LANGS.map((lang) => [lang, { validation: loadLocale(lang) }])),
      interpolation: { escapeValue: false },
    });
    const error = validatePhoneForCountry('020 7946 0958', 'United Kingdom');
    expect(error).not.toBeNull();
    const country = ukRule?.country ?? '';
    expect(i18n.t(error!.key, error!.params)).toBe(`Phone number must start with +44 for ${country}`);
    for (const lang of LANGS) {
      const text = i18n.t(error!.key, { ...error!.params, lng: lang });
      expect(text).toContain('+44');
      expect(text).not.toContain('{{');
    }
    expect(i18n.t('validation.required', { lng: 'es' })).toBe('Este campo es obligatorio');
  });
});
