import { readFileSync } from 'node:fs';
import { ADMIN_MESSAGE_KEYS } from '../../machines/domain/adminForms';
import { FEE_MESSAGE_KEYS } from '../../machines/domain/governmentFees';
import fc from 'fast-check';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../machines/domain/catalogs';
import type { Catalog, Question, QuestionType, RuleSet } from '../../machines/domain/questions';
import { PHONE_RULES, phoneRuleForNumber } from '../../machines/domain/phoneRules';
import {
  LIMITS,
  VALIDATION_MESSAGE_KEYS,
  addMonths,
  addYears,
  compareDates,
  formatIsoDate,
  isValidEmail,
  normalizeAnswer,
  parseAmount,
  parseIsoDate,
  toIsoDate,
  validateAnswer,
  validateAnswers,
  yearsBetween,
} from '../../machines/domain/validators';
import { LeadCreateSchema } from '../../openapi/schemas/leads';
import { ACCOUNT_MESSAGE_KEYS } from '../../machines/domain/account';
import { PAYMENT_MESSAGE_KEYS } from '../../machines/domain/payment';

const TODAY = '2026-06-15';

function q(id: string, type: QuestionType, extra: Partial<Question> = {}): Question {
  return { id, section: 'test', type, required: true, labelKey: `test.${id}`, ...extra };
}

/** The question exactly as the catalog declares it, so a rule changed in a catalog is what these tests see. */
function from(catalog: Catalog, id: string): Question {
  const question = catalog.questions.find((x) => x.id === id);
  if (!question) throw new Error(`${catalog.id} has no question ${id}`);
  return question;
}

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

// The real catalog questions, plus a few synthetic shapes for rules no catalog question combines that way.
const DS = {
  email: from(ds160Catalog, 'email-address'),
  firstName: from(ds160Catalog, 'first-name'),
  lastName: from(ds160Catalog, 'last-name'),
  nativeName: from(ds160Catalog, 'native-name'),
  specifyOtherNames: from(ds160Catalog, 'specify-other-names'),
  otherNames: from(ds160Catalog, 'other-names'),
  gender: from(ds160Catalog, 'gender'),
  birthDate: from(ds160Catalog, 'birth-date'),
  birthCountry: from(ds160Catalog, 'birth-country'),
  passportCountry: from(ds160Catalog, 'passport-country'),
  passportNumber: from(ds160Catalog, 'passport-number'),
  passportBook: from(ds160Catalog, 'passport-book-number'),
  expiry: from(ds160Catalog, 'passport-expiry-date'),
  address1: from(ds160Catalog, 'home-address-1'),
  address2: from(ds160Catalog, 'home-address-2'),
  homeState: from(ds160Catalog, 'home-state'),
  phone: from(ds160Catalog, 'phone-number'),
  payerPhoneText: q('trip-payer-phone', 'text', { validation: 'phone' }),
  arrival: from(ds160Catalog, 'intended-arrival-date'),
  usAddress: from(ds160Catalog, 'us-address'),
  payerName: from(ds160Catalog, 'trip-payer-name'),
  payerEmail: from(ds160Catalog, 'trip-payer-email'),
  companionName: from(ds160Catalog, 'companion-name'),
  fatherBirth: from(ds160Catalog, 'father-birth-date'),
  employerName: from(ds160Catalog, 'employer-name'),
  employerAddress: from(ds160Catalog, 'employer-address'),
  previousJobEnd: from(ds160Catalog, 'previous-job-end-date'),
  salary: from(ds160Catalog, 'monthly-salary'),
  salaryText: q('monthly-salary', 'text', { validation: 'number' }),
  plainDate: q('some-date', 'date'),
};

/** A DS-160 applicant whose passport expires on 1 March 2027. */
const EXPIRES_2027_03_01 = { 'passport-expiry-date': '2027-03-01' };

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
  { name: 'DS-160 passport country may be any country', question: DS.passportCountry, value: 'Mexico', key: null },
  // email
  { name: 'email without domain', question: DS.email, value: 'juan@', key: 'validation.email.invalid' },
  { name: 'email without @', question: DS.email, value: 'juan.gmail.com', key: 'validation.email.invalid' },
  { name: 'email without top-level domain', question: DS.email, value: 'juan@gmail', key: 'validation.email.invalid' },
  { name: 'email with a space', question: DS.email, value: 'juan perez@gmail.com', key: 'validation.email.invalid' },
  { name: 'valid email', question: DS.email, value: 'juan.perez@gmail.com', key: null },
  { name: 'valid email, plus tag and subdomains', question: DS.email, value: ' maria+visa@correo.com.mx ', key: null },
  { name: "'email-address' gets no address rule", question: DS.email, value: 'a@b.co', key: null },
  { name: 'email over 100 characters is fine in DS-160', question: DS.email, value: `${'a'.repeat(60)}@${'b'.repeat(50)}.com`, key: null },
  // phone (order: characters, too short, too long, country code); spaces, hyphens, dots, brackets are separators
  { name: 'US phone with separators', question: DS.phone, value: '+1 (555) 123-4567', key: null },
  { name: 'full 10-digit number without +', question: DS.phone, value: '555-123-4567', key: null },
  { name: 'brackets and spaces, no +', question: DS.phone, value: '(555) 123 4567', key: null },
  { name: 'Spanish mobile with +', question: DS.phone, value: '+34 612 345 678', key: null },
  { name: 'spaces, hyphens and dots mixed', question: DS.phone, value: '+34 612-345.678', key: null },
  { name: 'dots are separators', question: DS.phone, value: '+1 555.123.4567', key: null },
  { name: 'typographic non-breaking hyphen is a separator', question: DS.phone, value: '+1 555\u2011123\u20114567', key: null },
  { name: 'slash is not a separator', question: DS.phone, value: '+1 555/123/4567', key: 'validation.phone.invalid' },
  { name: 'letter in phone', question: DS.phone, value: '555-123-456a', key: 'validation.phone.invalid' },
  { name: '+ not at the start', question: DS.phone, value: '1+5551234567', key: 'validation.phone.invalid' },
  { name: 'lone +', question: DS.phone, value: '+', key: 'validation.phone.invalid' },
  { name: 'under 7 digits with +', question: DS.phone, value: '+12345', key: 'validation.phone.tooShort' },
  { name: 'under 7 digits without + is too short first', question: DS.phone, value: '12345', key: 'validation.phone.tooShort' },
  { name: 'separators do not count as digits', question: DS.phone, value: '+1 2.3-4 (5)6', key: 'validation.phone.tooShort' },
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
  { name: 'past: yesterday', question: DS.previousJobEnd, value: '2026-06-14', key: null },
  { name: 'past: today is not past', question: DS.previousJobEnd, value: TODAY, key: 'validation.date.past' },
  { name: 'past: a future date', question: DS.previousJobEnd, value: '2030-01-01', key: 'validation.date.past' },
  // birth date: past and at most 100 years ago (was plain 'past', which took 1800)
  { name: 'birth date yesterday', question: DS.birthDate, value: '2026-06-14', key: null },
  { name: 'birth date today', question: DS.birthDate, value: TODAY, key: 'validation.date.past' },
  { name: 'birth date in the future', question: DS.birthDate, value: '2030-01-01', key: 'validation.date.past' },
  { name: 'birth date exactly 100 years ago', question: DS.birthDate, value: '1926-06-15', key: null },
  { name: 'birth date in 1800', question: DS.birthDate, value: '1800-01-01', key: 'validation.date.birthTooOld' },
  // arrival: after today, at most 2 years ahead, 6 months before a known passport expiry (was plain 'future')
  { name: 'arrival tomorrow', question: DS.arrival, value: '2026-06-16', key: null },
  { name: 'arrival today is not future', question: DS.arrival, value: TODAY, key: 'validation.date.future' },
  { name: 'arrival exactly 2 years ahead', question: DS.arrival, value: '2028-06-15', key: null },
  { name: 'arrival 2 years and a day ahead', question: DS.arrival, value: '2028-06-16', key: 'validation.date.tooFarAhead' },
  { name: 'arrival in 2200', question: DS.arrival, value: '2200-01-01', key: 'validation.date.tooFarAhead' },
  { name: 'arrival exactly 6 months before expiry', question: DS.arrival, value: '2026-09-01', answers: EXPIRES_2027_03_01, key: null },
  { name: 'arrival 6 months minus a day before expiry', question: DS.arrival, value: '2026-09-02', answers: EXPIRES_2027_03_01, key: 'validation.date.passportExpiresTooSoon' },
  { name: 'arrival after the passport expires', question: DS.arrival, value: '2027-04-01', answers: EXPIRES_2027_03_01, key: 'validation.date.passportExpiresTooSoon' },
  { name: '31 August + 6 months is 28 February', question: DS.arrival, value: '2026-08-31', answers: { 'passport-expiry-date': '2027-02-28' }, key: null },
  { name: '31 August, passport expiring 27 February', question: DS.arrival, value: '2026-08-31', answers: { 'passport-expiry-date': '2027-02-27' }, key: 'validation.date.passportExpiresTooSoon' },
  { name: 'too far ahead is reported before the passport', question: DS.arrival, value: '2200-01-01', answers: EXPIRES_2027_03_01, key: 'validation.date.tooFarAhead' },
  { name: 'an invalid expiry answer is ignored', question: DS.arrival, value: '2027-04-01', answers: { 'passport-expiry-date': 'soon' }, key: null },
  { name: "ESTA's expiry id is not read by the DS-160 rule", question: DS.arrival, value: '2027-04-01', answers: { 'passport-expiry': '2027-03-01' }, key: null },
  // passport expiry: after today and after the issue date (the six months are checked on the arrival date)
  { name: 'passport expired last year', question: DS.expiry, value: '2025-06-15', key: 'validation.passport.expired' },
  { name: 'passport expiring today', question: DS.expiry, value: TODAY, key: 'validation.passport.expired' },
  { name: 'passport expiring next month is judged on the arrival date', question: DS.expiry, value: '2026-07-15', key: null },
  { name: 'DS-160 expiry before issue', question: DS.expiry, value: '2030-01-01', answers: { 'passport-issue-date': '2031-01-01' }, key: 'validation.passport.expiryBeforeIssue' },
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
  // names (any id containing 'name'): Latin letters A–Z, except the native-alphabet name
  { name: 'Latin first name', question: DS.firstName, value: 'Jose', key: null },
  { name: 'accented first name', question: DS.firstName, value: 'José', key: 'validation.name.latin' },
  { name: 'combining accent is still an accent', question: DS.firstName, value: 'Jose\u0301', key: 'validation.name.latin' },
  { name: 'ñ is not A–Z', question: DS.lastName, value: 'Muñoz', key: 'validation.name.latin' },
  { name: 'Cyrillic last name', question: DS.lastName, value: 'Иванов', key: 'validation.name.latin' },
  { name: 'compound last name with apostrophe and hyphen', question: DS.lastName, value: "O'Brien-Souza", key: null },
  { name: 'typographic apostrophe', question: DS.lastName, value: 'D’Angelo', key: null },
  { name: 'two words', question: DS.lastName, value: 'da Silva Sao', key: null },
  { name: 'two words, one accented', question: DS.lastName, value: 'da Silva São', key: 'validation.name.latin' },
  { name: 'native-alphabet name in Chinese', question: DS.nativeName, value: '李小龍', key: null },
  { name: 'native-alphabet name with accents', question: DS.nativeName, value: 'José Muñoz', key: null },
  { name: 'native-alphabet name still refuses digits', question: DS.nativeName, value: '李小龍2', key: 'validation.name.invalid' },
  { name: 'one letter', question: DS.firstName, value: 'J', key: 'validation.name.tooShort' },
  { name: 'one letter after trimming', question: DS.firstName, value: ' J ', key: 'validation.name.tooShort' },
  { name: 'one accented letter is too short first', question: DS.firstName, value: 'É', key: 'validation.name.tooShort' },
  { name: '50 letters', question: DS.firstName, value: 'A'.repeat(50), key: null },
  { name: '51 letters', question: DS.firstName, value: 'A'.repeat(51), key: 'validation.name.tooLong' },
  { name: 'digit in a name', question: DS.firstName, value: 'John3', key: 'validation.name.invalid' },
  { name: 'digit and accent: the digit is the mistake named', question: DS.firstName, value: 'José3', key: 'validation.name.invalid' },
  { name: 'punctuation only', question: DS.firstName, value: "-'", key: 'validation.name.invalid' },
  // an employer is an organisation, not a person (issue 45): digits, accents and & . , ' - / ( ) are its own
  { name: 'employer-name with a company suffix', question: DS.employerName, value: 'Acme Corp.', key: null },
  { name: 'employer-name with a digit and an accent', question: DS.employerName, value: '3M España S.L.', key: null },
  { name: 'employer-name with an ampersand and an apostrophe', question: DS.employerName, value: "O'Brien & Sons", key: null },
  { name: 'employer-name with an accent', question: DS.employerName, value: 'Café Tacuba', key: null },
  { name: 'employer-name of one character', question: DS.employerName, value: 'X', key: 'validation.organisation.tooShort' },
  { name: 'employer-name of 101 characters', question: DS.employerName, value: 'A'.repeat(101), key: 'validation.organisation.tooLong' },
  { name: 'employer-name with an e-mail sign', question: DS.employerName, value: 'ventas@acme', key: 'validation.organisation.invalid' },
  { name: 'employer-name of marks only', question: DS.employerName, value: '&&', key: 'validation.organisation.invalid' },
  { name: 'the person paying is still a person', question: DS.payerName, value: 'Acme Corp.', key: 'validation.name.invalid' },
  { name: 'trip-payer-name', question: DS.payerName, value: 'Ana', key: null },
  { name: 'companion-name too short', question: DS.companionName, value: 'A', key: 'validation.name.tooShort' },
  { name: 'specify-other-names is a free-text list', question: DS.specifyOtherNames, value: 'María López, María García (maiden)', key: null },
  // passport number
  { name: 'passport number', question: DS.passportNumber, value: 'AB1234567', key: null },
  { name: 'passport number in lower case', question: DS.passportNumber, value: 'ab1234567', key: null },
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
  email: from(estaCatalog, 'email'),
  firstName: from(estaCatalog, 'first-name'),
  lastName: from(estaCatalog, 'last-name'),
  otherNames: from(estaCatalog, 'other-names'),
  birthDate: from(estaCatalog, 'birth-date'),
  purpose: from(estaCatalog, 'purpose'),
  passportNumber: from(estaCatalog, 'passport-number'),
  passportCountry: from(estaCatalog, 'passport-country'),
  birthCountry: from(estaCatalog, 'birth-country'),
  issue: from(estaCatalog, 'passport-issue-date'),
  expiry: from(estaCatalog, 'passport-expiry'),
  phone: from(estaCatalog, 'phone'),
  emergencyPhone: from(estaCatalog, 'emergency-phone'),
  homeAddress: from(estaCatalog, 'home-address'),
  emergencyContact: from(estaCatalog, 'emergency-contact'),
  arrival: q('arrival-date', 'date', { validation: 'future' }),
  departure: q('last-visit', 'date', { validation: 'past' }),
};

const SPAIN = { 'passport-country': 'Spain' };

const estaCases: Case[] = [
  { name: 'required empty', question: ES.lastName, value: '', key: 'validation.required' },
  { name: 'optional other names empty', question: ES.otherNames, value: '', key: null },
  { name: 'radio outside the options', question: ES.purpose, value: 'study', key: 'validation.generic' },
  { name: 'radio among the options', question: ES.purpose, value: 'transit', key: null },
  // names: Latin letters A–Z, as the ESTA form takes them
  { name: 'Latin name', question: ES.firstName, value: 'Emilie', key: null },
  { name: 'accented name', question: ES.firstName, value: 'Émilie', key: 'validation.name.latin' },
  { name: 'Greek name', question: ES.lastName, value: 'Παπαδόπουλος', key: 'validation.name.latin' },
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
  // passport country: Visa Waiver Program only; U.S. citizens need nothing
  { name: 'waiver country', question: ES.passportCountry, value: 'Spain', key: null },
  { name: 'waiver country, other case and spaces', question: ES.passportCountry, value: ' united kingdom ', key: null },
  { name: 'Mexico is not in the waiver program', question: ES.passportCountry, value: 'Mexico', key: 'validation.esta.notWaiver', params: { country: 'Mexico' } },
  { name: 'Canada is not in the waiver program', question: ES.passportCountry, value: ' Canada ', key: 'validation.esta.notWaiver', params: { country: 'Canada' } },
  { name: 'United States passport', question: ES.passportCountry, value: 'United States', key: 'validation.esta.usCitizen' },
  { name: 'United States passport, lower case', question: ES.passportCountry, value: 'united states', key: 'validation.esta.usCitizen' },
  { name: 'birth country may be anywhere', question: ES.birthCountry, value: 'Mexico', key: null },
  // applicant phone by its own country code (order: +, digits only, too short, too long; unknown code: 7..15)
  { name: 'Spanish passport, UK mobile', question: ES.phone, value: '+44 7700 900123', answers: SPAIN, key: null },
  { name: 'Spanish passport, Spanish mobile with dots', question: ES.phone, value: '+34 612.345.678', answers: SPAIN, key: null },
  { name: 'Spanish passport, US number', question: ES.phone, value: '+1 (212) 555-0100', answers: SPAIN, key: null },
  { name: 'UK phone, 10 digits after +44', question: ES.phone, value: '+44 20 7946 0958', key: null },
  { name: 'UK phone, 11 digits after +44', question: ES.phone, value: '+44 (0)20-7946-0958', key: null },
  { name: 'German mobile, whatever the birth country', question: ES.phone, value: '+49 1512 3456789', answers: { 'birth-country': 'United Kingdom' }, key: null },
  { name: 'Irish number: the 3-digit code +353', question: ES.phone, value: '+353 85 123 4567', key: null },
  { name: 'no + : the country cannot be known', question: ES.phone, value: '020 7946 0958', answers: SPAIN, key: 'validation.phone.international' },
  { name: '00 instead of +', question: ES.phone, value: '0044 20 7946 0958', key: 'validation.phone.international' },
  { name: 'words instead of a number', question: ES.phone, value: 'call me', key: 'validation.phone.international' },
  { name: 'letter after the code', question: ES.phone, value: '+44 20 794A 0958', key: 'validation.phone.digitsOnly' },
  { name: 'second + after the code', question: ES.phone, value: '+44+2079460958', key: 'validation.phone.digitsOnly' },
  { name: 'UK phone too short', question: ES.phone, value: '+44 1234 5678', key: 'validation.phone.countryTooShort', params: { country: 'United Kingdom', min: 10 } },
  { name: 'UK phone too long', question: ES.phone, value: '+44 1234 5678 9012', key: 'validation.phone.countryTooLong', params: { country: 'United Kingdom', max: 11 } },
  { name: 'Spanish phone too short', question: ES.phone, value: '+34 612 345 67', answers: SPAIN, key: 'validation.phone.countryTooShort', params: { country: 'Spain', min: 9 } },
  { name: 'Spanish number typed under a UK passport is judged as Spanish', question: ES.phone, value: '+34 612 345 678 9', answers: { 'passport-country': 'United Kingdom' }, key: 'validation.phone.countryTooLong', params: { country: 'Spain', max: 9 } },
  { name: '+1 number too short', question: ES.phone, value: '+1 212 555 010', key: 'validation.phone.countryTooShort' },
  { name: 'unknown code, 7 digits', question: ES.phone, value: '+999 1234', key: null },
  { name: 'unknown code, too short', question: ES.phone, value: '+999 123', key: 'validation.phone.tooShort' },
  { name: 'unknown code, 15 digits in all', question: ES.phone, value: '+999 1234 5678 9012', key: null },
  { name: 'unknown code, 16 digits in all', question: ES.phone, value: '+999 1234 5678 90123', key: 'validation.phone.tooLong' },
  { name: 'lone +', question: ES.phone, value: '+', key: 'validation.phone.invalid' },
  { name: 'emergency phone may be in another country', question: ES.emergencyPhone, value: '+1 555 123 4567', answers: SPAIN, key: null },
  { name: 'emergency phone needs no +', question: ES.emergencyPhone, value: '555.123.4567', key: null },
  { name: 'emergency phone still needs 7 digits', question: ES.emergencyPhone, value: '+1 555', key: 'validation.phone.tooShort' },
  { name: 'emergency phone at most 15 digits', question: ES.emergencyPhone, value: '1234567890123456', key: 'validation.phone.tooLong' },
  { name: 'emergency phone with letters', question: ES.emergencyPhone, value: '12ab34567', key: 'validation.phone.invalid' },
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
  // passport expiry date: after today, after the issue date, and at least 6 months from today
  { name: 'expiry in the future after issue', question: ES.expiry, value: '2030-05-01', answers: { 'passport-issue-date': '2020-05-01' }, key: null },
  { name: 'expiry today', question: ES.expiry, value: TODAY, key: 'validation.passport.expired' },
  { name: 'expired last year', question: ES.expiry, value: '2025-01-01', answers: { 'passport-issue-date': '2020-05-01' }, key: 'validation.passport.expired' },
  { name: 'expiry before issue', question: ES.expiry, value: '2030-01-01', answers: { 'passport-issue-date': '2031-01-01' }, key: 'validation.passport.expiryBeforeIssue' },
  { name: 'expiry on the issue date', question: ES.expiry, value: '2031-01-01', answers: { 'passport-issue-date': '2031-01-01' }, key: 'validation.passport.expiryBeforeIssue' },
  { name: 'expiry exactly 6 months from today', question: ES.expiry, value: '2026-12-15', key: null },
  { name: 'expiry 6 months minus a day from today', question: ES.expiry, value: '2026-12-14', key: 'validation.passport.sixMonths' },
  { name: 'expiry next month', question: ES.expiry, value: '2026-07-15', answers: { 'passport-issue-date': '2016-07-15' }, key: 'validation.passport.sixMonths' },
  { name: 'before issue is named before the six months', question: ES.expiry, value: '2026-07-15', answers: { 'passport-issue-date': '2026-08-01' }, key: 'validation.passport.expiryBeforeIssue' },
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
  email: from(preassessmentCatalog, 'email'),
  phone: from(preassessmentCatalog, 'phone'),
  birthDate: from(preassessmentCatalog, 'birth-date'),
  arrival: from(preassessmentCatalog, 'intended-arrival-date'),
  pastDate: q('some-date', 'date', { validation: 'past' }),
  plainDate: q('some-date', 'date'),
  fullName: from(preassessmentCatalog, 'full-name'),
  employerName: from(preassessmentCatalog, 'employer-name'),
  income: from(preassessmentCatalog, 'monthly-income'),
  additionalInfo: from(preassessmentCatalog, 'additional-info'),
  count: q('count', 'number'),
  formType: from(preassessmentCatalog, 'form-type'),
};

const basicCases: Case[] = [
  { name: 'required empty', question: BA.email, value: ' ', key: 'validation.required' },
  { name: 'optional empty', question: BA.additionalInfo, value: '', key: null },
  { name: 'select outside the options', question: BA.formType, value: 'B1/B2', key: 'validation.generic' },
  { name: 'select among the options', question: BA.formType, value: 'ESTA', key: null },
  { name: 'valid email', question: BA.email, value: 'ana@correo.com', key: null },
  { name: 'email without @', question: BA.email, value: 'ana.correo.com', key: 'validation.basic.email' },
  { name: 'email without domain', question: BA.email, value: 'ana@', key: 'validation.basic.email' },
  { name: 'email domain label over 63 characters', question: BA.email, value: `ana@${'d'.repeat(64)}.com`, key: 'validation.basic.email' },
  // phone: separators allowed (spaces were refused before)
  { name: 'phone with +', question: BA.phone, value: '+5215512345678', key: null },
  { name: 'phone of 7 digits', question: BA.phone, value: '5512345', key: null },
  { name: 'phone with spaces', question: BA.phone, value: '+52 55 1234 5678', key: null },
  { name: 'phone with hyphens and dots', question: BA.phone, value: '+34 612-345.678', key: null },
  { name: 'phone with brackets', question: BA.phone, value: '(555) 123 4567', key: null },
  { name: 'phone of 6 digits', question: BA.phone, value: '123456', key: 'validation.basic.phone' },
  { name: 'phone of 6 digits and separators', question: BA.phone, value: '12 34 56', key: 'validation.basic.phone' },
  { name: 'phone of 16 digits', question: BA.phone, value: '1234567890123456', key: 'validation.basic.phone' },
  { name: 'phone with two +', question: BA.phone, value: '++5215512345', key: 'validation.basic.phone' },
  { name: 'phone with letters', question: BA.phone, value: '555-CALL-NOW', key: 'validation.basic.phone' },
  // dates: the rule the question declares applies (only a real date was checked before)
  { name: 'plain date, real', question: BA.plainDate, value: '2099-01-01', key: null },
  { name: 'impossible date', question: BA.birthDate, value: '2023-02-30', key: 'validation.date.invalid' },
  { name: 'a declared rule applies', question: BA.pastDate, value: '2030-01-01', key: 'validation.date.past' },
  { name: 'birth date', question: BA.birthDate, value: '1990-05-20', key: null },
  { name: 'birth date in 2099', question: BA.birthDate, value: '2099-01-01', key: 'validation.date.past' },
  { name: 'birth date over 100 years ago', question: BA.birthDate, value: '1900-01-01', key: 'validation.date.birthTooOld' },
  { name: 'arrival tomorrow', question: BA.arrival, value: '2026-06-16', key: null },
  { name: 'arrival in 2020', question: BA.arrival, value: '2020-01-01', key: 'validation.date.future' },
  { name: 'arrival 2 years and a day ahead', question: BA.arrival, value: '2028-06-16', key: 'validation.date.tooFarAhead' },
  // full name: 2 to 100 characters, letters of any script
  { name: 'full name', question: BA.fullName, value: 'María José Pérez-O’Neill', key: null },
  { name: 'full name in Chinese', question: BA.fullName, value: '李小龍', key: null },
  { name: 'full name of one letter', question: BA.fullName, value: 'J', key: 'validation.name.tooShort' },
  { name: 'full name of 100 characters', question: BA.fullName, value: `${'A'.repeat(49)} ${'B'.repeat(50)}`, key: null },
  { name: 'full name of 101 characters', question: BA.fullName, value: `${'A'.repeat(50)} ${'B'.repeat(50)}`, key: 'validation.fullName.tooLong' },
  { name: 'full name with a digit', question: BA.fullName, value: 'Ana 2', key: 'validation.name.invalid' },
  { name: 'full name with an e-mail', question: BA.fullName, value: 'ana@correo.com', key: 'validation.name.invalid' },
  { name: 'other names in the pre-assessment have no rule', question: BA.employerName, value: 'Acme Corp. 2', key: null },
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
    const answers = { 'first-name': 'Jose', 'email-address': 'nope', 'phone-number': '555 1234', 'native-name': 'José' };
    expect(validateAnswers(questions, { rules: 'ds160', answers, today: TODAY })).toEqual({
      'email-address': { key: 'validation.email.invalid' },
      'phone-number': { key: 'validation.phone.countryCode' },
    });
  });

  it('is empty when everything passes', () => {
    const answers = { 'first-name': 'Jose', 'email-address': 'jose@correo.mx' };
    expect(validateAnswers([DS.firstName, DS.email], { rules: 'ds160', answers, today: TODAY })).toEqual({});
  });

  it('catches an arrival date left too close to a passport expiry changed afterwards', () => {
    const questions = [DS.expiry, DS.arrival];
    const before = { 'passport-expiry-date': '2030-01-01', 'intended-arrival-date': '2026-09-01' };
    expect(validateAnswers(questions, { rules: 'ds160', answers: before, today: TODAY })).toEqual({});
    const after = { ...before, 'passport-expiry-date': '2027-01-01' };
    expect(validateAnswers(questions, { rules: 'ds160', answers: after, today: TODAY })).toEqual({
      'intended-arrival-date': { key: 'validation.date.passportExpiresTooSoon' },
    });
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

  it.each([
    ['2026-06-15', 6, '2026-12-15'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-11-30', 14, '2028-01-30'],
    ['2026-06-15', 0, '2026-06-15'],
  ])('addMonths(%s, %i) = %s', (from, months, expected) => {
    expect(formatIsoDate(addMonths(from, months))).toBe(expected);
  });
});

describe('phoneRuleForNumber', () => {
  it.each([
    ['+447700900123', 'United Kingdom'],
    ['+34612345678', 'Spain'],
    ['+353851234567', 'Ireland'],
    ['+5215512345678', 'Mexico'],
    ['+4915123456789', 'Germany'],
    ['+44', 'United Kingdom'],
  ])('%s is a number of %s', (number, country) => {
    expect(phoneRuleForNumber(number)?.country).toBe(country);
  });

  it('gives +1 to the United States or Canada, with the same lengths', () => {
    const rule = phoneRuleForNumber('+12125550100');
    expect(['United States', 'Canada']).toContain(rule?.country);
    expect(rule).toMatchObject({ prefix: '+1', min: 10, max: 10 });
  });

  it.each(['447700900123', '+999123456', '+44 7700 900123', '+', '', 'call me'])('%j has no rule', (number) => {
    expect(phoneRuleForNumber(number)).toBeUndefined();
  });

  it('finds every row of the table back from its own prefix, the longest prefix winning', () => {
    for (const rule of PHONE_RULES) {
      const found = phoneRuleForNumber(`${rule.prefix}${'5'.repeat(rule.min)}`);
      expect(found?.prefix, rule.country).toBe(rule.prefix);
      expect([found?.min, found?.max], rule.country).toEqual([rule.min, rule.max]);
    }
  });
});

describe('normalizeAnswer', () => {
  it.each([
    { name: 'trims any answer', question: DS.firstName, value: '  Maria  ', stored: 'Maria' },
    { name: 'keeps the case and accents of a name', question: DS.nativeName, value: ' José Muñoz ', stored: 'José Muñoz' },
    { name: 'keeps an e-mail as typed', question: DS.email, value: ' Ana@Correo.es ', stored: 'Ana@Correo.es' },
    { name: 'phone: + and digits', question: DS.phone, value: ' +34 612-345.678 ', stored: '+34612345678' },
    { name: 'phone without +: digits only', question: DS.phone, value: '(555) 123 4567', stored: '5551234567' },
    { name: 'phone with a typographic hyphen', question: ES.phone, value: '+1 212\u2011555\u20110100', stored: '+12125550100' },
    { name: "text question with validation 'phone'", question: DS.payerPhoneText, value: '+1 (212) 555 0100', stored: '+12125550100' },
    { name: 'pre-assessment phone', question: BA.phone, value: '+52 55 1234 5678', stored: '+525512345678' },
    { name: 'a phone with words is left as typed', question: DS.phone, value: ' call me ', stored: 'call me' },
    { name: 'a + in the middle is left as typed', question: DS.phone, value: '1+555 1234', stored: '1+555 1234' },
    { name: 'a phone of separators only is left as typed', question: DS.phone, value: ' (-) ', stored: '(-)' },
    { name: 'passport number in capitals', question: DS.passportNumber, value: ' ab1234567 ', stored: 'AB1234567' },
    { name: 'ESTA passport number in capitals', question: ES.passportNumber, value: 'pa12c4567', stored: 'PA12C4567' },
    { name: 'only ASCII letters are capitalised (ß would become SS)', question: DS.passportNumber, value: 'straße12', stored: 'STRAßE12' },
    { name: 'passport book number is not capitalised', question: DS.passportBook, value: 'ab12', stored: 'ab12' },
    { name: 'a date is only trimmed', question: DS.birthDate, value: ' 1990-05-15 ', stored: '1990-05-15' },
  ])('$name', ({ question, value, stored }) => {
    expect(normalizeAnswer(question, value)).toBe(stored);
  });

  it('turns anything but a string into an empty answer', () => {
    expect(normalizeAnswer(DS.phone, undefined as unknown as string)).toBe('');
    expect(normalizeAnswer(DS.firstName, 42 as unknown as string)).toBe('');
  });

  // The wizard and the server store what normalizeAnswer gives: it must never change what the validator says.
  const everyQuestion = [
    ...ds160Catalog.questions.map((question) => ['ds160', question] as const),
    ...estaCatalog.questions.map((question) => ['esta', question] as const),
    ...preassessmentCatalog.questions.map((question) => ['basic', question] as const),
    ['ds160', DS.payerPhoneText] as const,
  ];
  const typed = fc.string({ unit: fc.constantFrom(...'+0123456789 -.()‑abßAB@é'.split('')), maxLength: 24 });

  it('is idempotent and gives the same verdict as the answer as typed, for every catalog question', () => {
    fc.assert(
      fc.property(fc.constantFrom(...everyQuestion), typed, ([rules, question], value) => {
        const stored = normalizeAnswer(question, value);
        expect(normalizeAnswer(question, stored)).toBe(stored);
        const ctx = { rules, answers: {}, today: TODAY };
        expect(validateAnswer(question, stored, ctx)).toEqual(validateAnswer(question, value, ctx));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('limits agree with the server and the messages', () => {
  it('the full-name limit is exported and the server accepts a lead name that long', () => {
    expect(LIMITS.fullNameMax).toBe(100);
    const serverMax = (LeadCreateSchema as { properties: { name: { maxLength?: number } } }).properties.name.maxLength;
    expect(serverMax).toBeGreaterThanOrEqual(LIMITS.fullNameMax);
  });

  it('the English texts state the numbers the rules use', () => {
    const en = locales.en ?? {};
    expect(en['validation.fullName.tooLong']).toContain(String(LIMITS.fullNameMax));
    expect(en['validation.date.tooFarAhead']).toContain(String(LIMITS.arrivalMaxYearsAhead));
    expect(en['validation.passport.sixMonths']).toContain(String(LIMITS.passportValidMonths));
    expect(en['validation.date.passportExpiresTooSoon']).toContain(String(LIMITS.passportValidMonths));
    expect(en['validation.date.parentAge']).toBe("Parent birth date must be at least 16 years before the applicant's birth date");
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
/** The namespace serves the answer validators, the payment form, the account forms and the admin's forms. */
const LOCALE_KEYS = [...new Set<string>([...VALIDATION_MESSAGE_KEYS, ...PAYMENT_MESSAGE_KEYS, ...ACCOUNT_MESSAGE_KEYS, ...ADMIN_MESSAGE_KEYS, ...FEE_MESSAGE_KEYS])].sort();

describe('locales/<lang>/validation.json', () => {
  it('English holds exactly the keys the validators can return', () => {
    expect(Object.keys(locales.en ?? {}).sort()).toEqual(LOCALE_KEYS);
  });

  it('every validation key literal in the source is a declared key', () => {
    const source = readFileSync(new URL('../../machines/domain/validators.ts', import.meta.url), 'utf8');
    const literals = [...source.matchAll(/'(validation\.[A-Za-z.]+)'/g)].map((m) => m[1]);
    expect(literals.length).toBeGreaterThan(0);
    for (const key of literals) expect(VALIDATION_MESSAGE_KEYS as readonly string[]).toContain(key);
  });

  it.each(LANGS)('%s has a non-empty text for every key', (lang) => {
    const flat = locales[lang] ?? {};
    for (const key of LOCALE_KEYS) {
      expect(typeof flat[key], `${lang}: ${key}`).toBe('string');
      expect((flat[key] as string).trim(), `${lang}: ${key}`).not.toBe('');
    }
    expect(Object.keys(flat).sort()).toEqual(LOCALE_KEYS);
  });

  it.each(['es', 'fr', 'pt'] as const)('%s keeps the English placeholders', (lang) => {
    for (const key of LOCALE_KEYS) {
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
    const ctx = { rules: 'esta' as const, answers: {}, today: TODAY };
    const short = validateAnswer(ES.phone, '+44 1234 5678', ctx);
    expect(i18n.t(short!.key, short!.params)).toBe(
      'Phone number is too short for United Kingdom (minimum 10 digits after country code)',
    );
    const visa = validateAnswer(ES.passportCountry, 'Mexico', ctx);
    expect(i18n.t(visa!.key, visa!.params)).toBe(
      'Mexico passports cannot use an ESTA: you need a visa. Continue with the DS-160 form; the answers you gave are kept.',
    );
    for (const lang of LANGS) {
      const shortText = i18n.t(short!.key, { ...short!.params, lng: lang });
      expect(shortText).toContain('United Kingdom');
      expect(shortText).toContain('10');
      expect(shortText).not.toContain('{{');
      const visaText = i18n.t(visa!.key, { ...visa!.params, lng: lang });
      expect(visaText).toContain('Mexico');
      expect(visaText).toContain('DS-160');
      expect(visaText).not.toContain('{{');
    }
    expect(i18n.t('validation.required', { lng: 'es' })).toBe('Este campo es obligatorio');
  });
});
