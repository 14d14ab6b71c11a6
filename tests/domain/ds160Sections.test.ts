import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/esta';
import { DS160_FORM_FIELDS, DS160_FORM_LISTS, DS160_FORM_MAX_ROWS, DS160_FORM_SECTIONS } from '../../machines/domain/ds160Form';
import {
  DS160_FORM_MESSAGES,
  DS160_FORM_MESSAGE_KEYS,
  DS160_OPTIONS,
  DS160_SECTIONS,
  DS160_UNASKED_FIELDS,
  PHOTO_MAX_BYTES,
  SECURITY_QUESTIONS,
  US_STATES,
  canCreateLead,
  emptyRow,
  emptySection,
  isWaiverNationality,
  leadIdentity,
  normalizeSection,
  sameAnswers,
  sectionFields,
  sharedWithEsta,
  showsNoPhotoWarning,
  validateField,
  validateForm,
  validatePhotoFile,
  validateSection,
  visibleFields,
  withoutHiddenAnswers,
  type Ds160FormSection,
  type Ds160FormValues,
  type Ds160SectionValues,
} from '../../machines/domain/ds160Sections';
import { VALIDATION_MESSAGE_KEYS, validateAnswer, type ValidationError } from '../../machines/domain/validators';

// The ten-section DS-160 form's domain: every field, conditional and rule of spec 2-wizards §3.4–§3.6, §4.5,
// §4.6, §5.3 and §9, with the messages as translation keys that exist in locales/en/ds160form.json.

const TODAY = '2026-03-15';
const NS = 'ds160form:';

type Tree = { [key: string]: string | Tree };
const ROOT = path.resolve(import.meta.dirname, '../../locales');
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}
const EN = flatten(JSON.parse(readFileSync(path.join(ROOT, 'en', 'ds160form.json'), 'utf8')) as Tree);
const EN_VALIDATION = flatten(JSON.parse(readFileSync(path.join(ROOT, 'en', 'validation.json'), 'utf8')) as Tree);
/** The English text of a key this module returns (namespaced ds160form, or the validation namespace). */
function english(key: string): string | undefined {
  return key.startsWith(NS) ? EN[key.slice(NS.length)] : EN_VALIDATION[key];
}

const NO_TO_EVERY_SECURITY_QUESTION = Object.fromEntries(SECURITY_QUESTIONS.map(([q]) => [q, 'No']));

/** A complete, valid form (a single Mexican engineer, no companions, no earlier visits). */
const VALID: Record<Ds160FormSection, Record<string, unknown>> = {
  'personal-info': {
    firstName: 'Maria', lastName: 'Lopez', gender: 'Female', maritalStatus: 'Single', birthDate: '1990-05-20',
    birthCity: 'Guadalajara', birthCountry: 'Mexico', nationality: 'Mexico', otherNationalities: 'No', selectedPlan: 'basic',
  },
  'travel-info': {
    tripPurpose: 'Tourism', tripPlans: 'Visit museums in New York', arrivalDate: '2026-06-01', departureDate: '2026-06-15',
    lengthOfStay: '2 weeks', usAddress: '350 Fifth Avenue, Apt 4', usCity: 'New York', usState: 'New York', usZipCode: '10118',
    whoIsPayingForTrip: 'Self',
  },
  'address-phone': {
    homeAddress: 'Calle Juarez 10, Centro', homeCity: 'Guadalajara', homeCountry: 'Mexico', sameAsHome: true,
    primaryPhone: '+52 33 1234 5678', emailAddress: 'maria@example.com',
  },
  'passport-info': {
    passportNumber: 'G12345678', passportIssuingCountry: 'Mexico', passportIssuingCity: 'Guadalajara', issuingAuthority: 'SRE',
    passportIssueDate: '2022-01-10', passportExpiryDate: '2032-01-10', hasLostPassport: 'No', hasOtherPassports: 'No',
  },
  'travel-companions': { travelingWithOthers: 'No', groupTravel: 'No' },
  'previous-travel': {
    hasVisitedUS: 'No', hasUSVisa: 'No', hasVisaDenied: 'No', hasVisaCancelled: 'No', hasBeenRefused: 'No', hasBeenDeported: 'No',
  },
  'family-info': {
    fatherFirstName: 'Jose', fatherLastName: 'Lopez', fatherBirthDate: '1960-01-01', fatherBirthCountry: 'Mexico', fatherInUS: 'No',
    motherFirstName: 'Ana', motherLastName: 'Garcia', motherBirthDate: '1962-02-02', motherBirthCountry: 'Mexico', motherInUS: 'No',
    hasOtherFamilyInUS: 'No',
  },
  'work-education': {
    currentOccupation: 'Engineer', currentEmployer: 'Acme SA', currentJobTitle: 'Civil engineer',
    currentEmployerAddress: 'Avenida Vallarta 100', currentEmployerCity: 'Guadalajara', currentEmployerCountry: 'Mexico',
    currentJobStartDate: '2020-01-01', highestEducationLevel: "Bachelor's Degree", schoolName: 'Universidad de Guadalajara',
    schoolCity: 'Guadalajara', schoolCountry: 'Mexico',
  },
  'security-background': { ...NO_TO_EVERY_SECURITY_QUESTION },
  'photo-submission': { hasPhoto: 'Yes', photoId: 'photo-123', agreeToRequirements: true },
};

/** The valid form with one section's answers changed. */
function withAnswers(section: Ds160FormSection, patch: Record<string, unknown>): Ds160FormValues {
  return { ...VALID, [section]: { ...VALID[section], ...patch } };
}

/** The errors of one section of `all` (the valid form by default) with some of its answers changed. */
function errorsOf(section: Ds160FormSection, patch: Record<string, unknown> = {}, all: Ds160FormValues = VALID) {
  const form = { ...all, [section]: { ...all[section], ...patch } };
  return validateSection(section, form[section] ?? {}, { today: TODAY, all: form });
}

const ids = (section: Ds160FormSection, values: Ds160SectionValues, all?: Ds160FormValues) =>
  visibleFields(section, values, all).map((f) => f.id);

describe('the sections and their fields', () => {
  it('has the ten sections of §2.4, in order, each with a title that exists', () => {
    expect(DS160_SECTIONS.map((s) => s.id)).toEqual([
      'personal-info', 'travel-info', 'address-phone', 'passport-info', 'travel-companions', 'previous-travel',
      'family-info', 'work-education', 'security-background', 'photo-submission',
    ]);
    for (const s of DS160_SECTIONS) expect(english(s.titleKey), s.id).toBeDefined();
  });

  it.each([...DS160_FORM_SECTIONS])('%s: describes every field ds160Form.ts keeps, under the same names', (section) => {
    const described = sectionFields(section).map((f) => f.id);
    const unasked = DS160_UNASKED_FIELDS[section] ?? [];
    expect(new Set(described).size).toBe(described.length);
    expect([...described, ...unasked].sort()).toEqual([...DS160_FORM_FIELDS[section]].sort());
    for (const field of sectionFields(section)) expect(field.section).toBe(section);
  });

  it('gives neighbouring sections no field of the same name: the page draws them side by side, and ids come from names', () => {
    const names = (section: (typeof DS160_FORM_SECTIONS)[number]) =>
      sectionFields(section).flatMap((f) => [f.id, ...(f.row ?? []).map((r) => `${f.id}.${r.id}`)]);
    for (const [i, section] of DS160_FORM_SECTIONS.slice(1).entries()) {
      const before = new Set(names(DS160_FORM_SECTIONS[i]!));
      expect(names(section).filter((name) => before.has(name)), `${DS160_FORM_SECTIONS[i]} and ${section}`).toEqual([]);
    }
  });

  it('describes the rows of the two lists with the fields ds160Form.ts keeps', () => {
    const companions = sectionFields('travel-companions').find((f) => f.id === 'companions');
    const visits = sectionFields('previous-travel').find((f) => f.id === 'usVisits');
    expect(companions?.row?.map((f) => f.id)).toEqual(DS160_FORM_LISTS.companions);
    expect(visits?.row?.map((f) => f.id)).toEqual(DS160_FORM_LISTS.usVisits);
    expect(companions?.maxRows).toBe(DS160_FORM_MAX_ROWS);
  });

  it('has the enumerations of §3.4 and §3.6', () => {
    const values = (options: readonly { value: string }[]) => options.map((o) => o.value);
    expect(values(DS160_OPTIONS.tripPurpose)).toEqual([
      'Tourism', 'Business', 'Study', 'Work', 'Transit', 'Medical Treatment', 'Visit Family/Friends', 'Other',
    ]);
    expect(values(DS160_OPTIONS.payer)).toEqual(['Self', 'Employer', 'Family/Friends', 'Government', 'Other Organization', 'Other']);
    expect(values(DS160_OPTIONS.relationship)).toHaveLength(10);
    expect(values(DS160_OPTIONS.relativeStatus)).toEqual([
      'U.S. Citizen', 'Lawful Permanent Resident', 'Temporary Worker', 'Student', 'Tourist/Visitor', 'Other',
    ]);
    expect(values(DS160_OPTIONS.occupation)).toHaveLength(15);
    expect(values(DS160_OPTIONS.education)).toHaveLength(9);
    expect(values(DS160_OPTIONS.maritalStatus)).toEqual(['Single', 'Married', 'Divorced', 'Widowed', 'Separated']);
    expect(values(DS160_OPTIONS.gender)).toEqual(['Male', 'Female']);
    expect(values(DS160_OPTIONS.salaryCurrency)).toEqual(['USD', 'LOCAL']);
    expect(US_STATES).toHaveLength(51);
    expect(US_STATES.map((s) => s.name)).toContain('District of Columbia');
  });

  it('has 17 security questions, 16 of them with a detail box', () => {
    expect(SECURITY_QUESTIONS).toHaveLength(17);
    expect(SECURITY_QUESTIONS.filter(([, details]) => details)).toHaveLength(16);
    expect(sectionFields('security-background')).toHaveLength(33);
  });

  it('starts a fresh section at the defaults', () => {
    expect(emptySection('personal-info').selectedPlan).toBe('basic');
    expect(emptySection('work-education').salaryCurrency).toBe('USD');
    expect(emptySection('address-phone').sameAsHome).toBe(false);
    expect(emptySection('travel-companions').companions).toEqual([]);
    expect(emptySection('photo-submission')).toEqual({ hasPhoto: '', photoId: '', agreeToRequirements: false });
    expect(emptyRow('companions')).toEqual({ firstName: '', lastName: '', relationship: '', nationality: '' });
  });
});

describe('a complete form', () => {
  it.each([...DS160_FORM_SECTIONS])('%s passes', (section) => {
    expect(errorsOf(section)).toEqual({});
  });

  it('passes as a whole', () => {
    expect(validateForm(VALID, TODAY)).toEqual({});
  });

  it('an empty form fails every section but the security one only on its questions', () => {
    const result = validateForm({}, TODAY);
    expect(Object.keys(result).sort()).toEqual([...DS160_FORM_SECTIONS].sort());
    expect(Object.keys(result['security-background'] ?? {})).toHaveLength(17);
  });
});

describe('required answers (§5.3)', () => {
  // Every required field visible in the complete form, blanked, gives its own message and nothing else.
  const cases = DS160_FORM_SECTIONS.flatMap((section) =>
    visibleFields(section, VALID[section], VALID)
      .filter((f) => f.required && f.kind !== 'list')
      .map((f) => [section, f.id, f.kind === 'checkbox' ? false : '', f.requiredKey as string] as const),
  );

  it.each(cases)('%s: %s blank → %s', (section, field, blank, key) => {
    expect(errorsOf(section, { [field]: blank })).toEqual({ [field]: { key } });
  });

  it('a missing answer (undefined, or not text) counts as blank', () => {
    expect(errorsOf('personal-info', { firstName: undefined })).toEqual({ firstName: { key: `${NS}validation.firstName.required` } });
    expect(errorsOf('personal-info', { firstName: { evil: true } })).toEqual({ firstName: { key: `${NS}validation.firstName.required` } });
    expect(errorsOf('personal-info', { firstName: '   ' })).toEqual({ firstName: { key: `${NS}validation.firstName.required` } });
  });

  // The spec's own wording where it shows one, and the key the spec names for the email.
  it.each([
    ['passport-info', { passportNumber: '' }, 'passportNumber', 'Passport number is required'],
    ['passport-info', { hasLostPassport: '' }, 'hasLostPassport', 'Please answer if you have lost a passport'],
    ['passport-info', { hasOtherPassports: '' }, 'hasOtherPassports', 'Please answer if you have other passports'],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen in Rome' }, 'lostPassportYear', 'Year of lost passport is required'],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportYear: '2019' }, 'lostPassportDetails', 'Details about lost passport are required'],
    ['passport-info', { hasOtherPassports: 'Yes' }, 'otherPassportsDetails', 'Details about other passports are required'],
    ['passport-info', { passportExpiryDate: TODAY }, 'passportExpiryDate', 'Passport must be valid for at least 6 months from travel date'],
    ['travel-companions', { travelingWithOthers: '' }, 'travelingWithOthers', 'Please specify if traveling with others'],
    ['travel-companions', { groupTravel: '' }, 'groupTravel', 'Please specify if part of a group or organization'],
    ['travel-companions', { groupTravel: 'Yes' }, 'organizationName', 'Organization name is required'],
    ['travel-companions', { travelingWithOthers: 'Yes' }, 'companions', 'Please add at least one travel companion'],
    ['travel-companions', { travelingWithOthers: 'Yes', companions: [] }, 'companions', 'Please add at least one travel companion'],
    ['previous-travel', { hasVisitedUS: '' }, 'hasVisitedUS', 'Please specify if you have visited the US before'],
    ['previous-travel', { hasVisitedUS: 'Yes' }, 'usVisits', 'Please add at least one US visit'],
    ['previous-travel', { hasVisaDenied: 'Yes' }, 'visaDenialDetails', 'Please provide details about visa denial'],
    ['previous-travel', { hasVisaCancelled: 'Yes' }, 'visaCancelledDetails', 'Please provide details about visa cancellation'],
    ['previous-travel', { hasBeenRefused: 'Yes' }, 'refusalDetails', 'Please provide details about refusal of admission'],
    ['previous-travel', { hasBeenDeported: 'Yes' }, 'deportationDetails', 'Please provide details about deportation'],
    ['family-info', { fatherFirstName: '' }, 'fatherFirstName', "Father's first name is required"],
    ['family-info', { fatherInUS: 'Yes' }, 'fatherUSStatus', "Father's U.S. status is required"],
    ['family-info', { hasOtherFamilyInUS: 'Yes' }, 'otherFamilyDetails', 'Please provide details about your relatives in the US'],
    ['security-background', { hasBeenArrested: '' }, 'hasBeenArrested', 'This question is required'],
    ['security-background', { hasBeenArrested: 'Yes' }, 'arrestDetails', 'Please provide details'],
    ['photo-submission', { hasPhoto: '' }, 'hasPhoto', 'Please specify if you have a digital photo'],
    ['photo-submission', { photoId: '' }, 'photoId', 'Please upload a digital photo'],
    ['photo-submission', { agreeToRequirements: false }, 'agreeToRequirements', 'You must agree to the photo requirements'],
  ] as const)('%s %j → %s: "%s"', (section, patch, field, text) => {
    const error = errorsOf(section, patch)[field];
    expect(error).toBeDefined();
    expect(english((error as ValidationError).key)).toBe(text);
  });

  it('the missing email is ds160form:validation.email.required, the malformed one validation.email.invalid', () => {
    expect(errorsOf('address-phone', { emailAddress: '' })).toEqual({ emailAddress: { key: `${NS}validation.email.required` } });
    expect(errorsOf('address-phone', { emailAddress: 'maria@' })).toEqual({ emailAddress: { key: 'validation.email.invalid' } });
  });

  it.each([
    ['personal-info', ['firstName', 'lastName', 'gender', 'maritalStatus', 'birthDate', 'birthCity', 'birthCountry', 'nationality']],
    ['travel-info', ['tripPurpose', 'tripPlans', 'arrivalDate', 'lengthOfStay', 'usAddress', 'usCity', 'usState', 'usZipCode', 'whoIsPayingForTrip']],
    ['address-phone', ['homeAddress', 'homeCity', 'homeCountry', 'primaryPhone', 'emailAddress']],
    ['passport-info', ['passportNumber', 'passportIssuingCountry', 'passportIssuingCity', 'issuingAuthority', 'passportIssueDate', 'passportExpiryDate', 'hasLostPassport', 'hasOtherPassports']],
    ['travel-companions', ['travelingWithOthers', 'groupTravel']],
    ['previous-travel', ['hasVisitedUS', 'hasUSVisa', 'hasVisaDenied', 'hasVisaCancelled', 'hasBeenRefused', 'hasBeenDeported']],
    ['family-info', ['fatherFirstName', 'fatherLastName', 'fatherBirthDate', 'fatherBirthCountry', 'fatherInUS', 'motherFirstName', 'motherLastName', 'motherBirthDate', 'motherBirthCountry', 'motherInUS', 'hasOtherFamilyInUS']],
    ['work-education', ['currentOccupation', 'currentEmployer', 'currentJobTitle', 'currentEmployerAddress', 'currentEmployerCity', 'currentEmployerCountry', 'currentJobStartDate', 'highestEducationLevel', 'schoolName', 'schoolCity', 'schoolCountry']],
    ['photo-submission', ['hasPhoto']],
  ] as const)('%s: an empty section asks exactly the required fields of §5.3', (section, required) => {
    const errors = validateSection(section, {}, { today: TODAY, all: VALID });
    expect(Object.keys(errors).sort()).toEqual([...required].sort());
  });

  it('optional fields may stay blank: departure date, other payer details, mailing address, salary, phones', () => {
    expect(errorsOf('travel-info', { departureDate: '', whoIsPayingForTrip: 'Other', otherPayerDetails: '' })).toEqual({});
    expect(errorsOf('address-phone', { sameAsHome: false, secondaryPhone: '', workPhone: '' })).toEqual({});
    expect(errorsOf('work-education', { currentSalary: '' })).toEqual({});
  });

  it('the married applicant answers the spouse block; the single one does not', () => {
    const married = { ...VALID, 'personal-info': { ...VALID['personal-info'], maritalStatus: 'Married' } };
    const errors = errorsOf('family-info', {}, married);
    expect(Object.keys(errors).sort()).toEqual([
      'marriageCountry', 'marriageDate', 'spouseBirthCountry', 'spouseBirthDate', 'spouseFirstName', 'spouseInUS',
      'spouseLastName', 'spouseNationality',
    ]);
    expect(english(errors.spouseNationality?.key as string)).toBe("Spouse's nationality is required");
    const withSpouseInUS = { ...married, 'family-info': { ...VALID['family-info'], spouseInUS: 'Yes' } };
    expect(errorsOf('family-info', {}, withSpouseInUS).spouseUSStatus).toEqual({ key: `${NS}validation.spouseUSStatus.required` });
  });

  it('a draft (requireAnswers false) only checks what is answered', () => {
    expect(validateSection('personal-info', {}, { today: TODAY, requireAnswers: false })).toEqual({});
    expect(validateSection('personal-info', { firstName: 'M' }, { today: TODAY, requireAnswers: false })).toEqual({
      firstName: { key: 'validation.name.tooShort' },
    });
    expect(validateSection('travel-companions', { travelingWithOthers: 'Yes' }, { today: TODAY, requireAnswers: false })).toEqual({});
  });
});

describe('the rules of §5.3 and §9', () => {
  // [section, changed answers, field path, expected key or null (valid)]
  const TABLE: readonly (readonly [Ds160FormSection, Record<string, unknown>, string, string | null])[] = [
    // Names: 2 to 50, letters (A–Z for the passport names), spaces, hyphens, apostrophes.
    ['personal-info', { firstName: 'M' }, 'firstName', 'validation.name.tooShort'],
    ['personal-info', { firstName: 'Ma' }, 'firstName', null],
    ['personal-info', { firstName: 'A'.repeat(50) }, 'firstName', null],
    ['personal-info', { firstName: 'A'.repeat(51) }, 'firstName', 'validation.name.tooLong'],
    ['personal-info', { firstName: 'Mar1a' }, 'firstName', 'validation.name.invalid'],
    ['personal-info', { firstName: 'José' }, 'firstName', 'validation.name.latin'],
    ['personal-info', { lastName: "O'Brien-Smith" }, 'lastName', null],
    ['personal-info', { lastName: 'L' }, 'lastName', 'validation.name.tooShort'],
    ['personal-info', { middleName: 'J' }, 'middleName', 'validation.name.tooShort'],
    ['personal-info', { fullNameNative: 'Мария Лопес' }, 'fullNameNative', null],
    ['personal-info', { fullNameNative: 'Мария 2' }, 'fullNameNative', 'validation.name.invalid'],
    ['personal-info', { otherNames: 'Maria Perez, Mary L.' }, 'otherNames', null],
    ['personal-info', { birthCity: 'x'.repeat(101) }, 'birthCity', `${NS}validation.tooLong`],
    // Birth: in the past, at most 100 years ago.
    ['personal-info', { birthDate: TODAY }, 'birthDate', 'validation.date.past'],
    ['personal-info', { birthDate: '2030-01-01' }, 'birthDate', 'validation.date.past'],
    ['personal-info', { birthDate: '1926-03-15' }, 'birthDate', null],
    ['personal-info', { birthDate: '1926-03-14' }, 'birthDate', 'validation.date.birthTooOld'],
    ['personal-info', { birthDate: '1990-02-30' }, 'birthDate', 'validation.date.invalid'],
    ['personal-info', { birthDate: '20/05/1990' }, 'birthDate', 'validation.date.invalid'],
    // Options and countries.
    ['personal-info', { gender: 'Other' }, 'gender', `${NS}validation.option.invalid`],
    ['personal-info', { maritalStatus: 'Domestic Partnership' }, 'maritalStatus', `${NS}validation.option.invalid`],
    ['personal-info', { birthCountry: 'Atlantis' }, 'birthCountry', `${NS}validation.country.invalid`],
    ['personal-info', { birthCountry: 'spain' }, 'birthCountry', null],
    ['personal-info', { otherNationalities: 'Maybe' }, 'otherNationalities', `${NS}validation.option.invalid`],
    ['personal-info', { selectedPlan: 'gold' }, 'selectedPlan', `${NS}validation.option.invalid`],
    // Trip dates: arrival after today (at most 2 years ahead), departure after today and not before arrival.
    ['travel-info', { arrivalDate: TODAY }, 'arrivalDate', 'validation.date.future'],
    ['travel-info', { arrivalDate: '2026-03-16', departureDate: '' }, 'arrivalDate', null],
    ['travel-info', { arrivalDate: '2028-03-16', departureDate: '' }, 'arrivalDate', 'validation.date.tooFarAhead'],
    ['travel-info', { departureDate: '2026-05-31' }, 'departureDate', `${NS}validation.departureDate.beforeArrival`],
    ['travel-info', { departureDate: '2026-06-01' }, 'departureDate', null],
    ['travel-info', { departureDate: '2026-03-01', arrivalDate: '2026-02-01' }, 'departureDate', 'validation.date.future'],
    // Addresses: 10 to 200.
    ['travel-info', { usAddress: 'Main St 1' }, 'usAddress', 'validation.address.tooShort'],
    ['travel-info', { usAddress: 'Main St 10' }, 'usAddress', null],
    ['travel-info', { usAddress: 'x'.repeat(201) }, 'usAddress', 'validation.address.tooLong'],
    ['travel-info', { usZipCode: '1011' }, 'usZipCode', `${NS}validation.usZipCode.invalid`],
    ['travel-info', { usZipCode: 'ABCDE' }, 'usZipCode', `${NS}validation.usZipCode.invalid`],
    ['travel-info', { usZipCode: '10118-0110' }, 'usZipCode', null],
    ['travel-info', { usState: 'Ontario' }, 'usState', `${NS}validation.option.invalid`],
    ['travel-info', { usState: 'District of Columbia' }, 'usState', null],
    ['travel-info', { tripPurpose: 'Holidays' }, 'tripPurpose', `${NS}validation.option.invalid`],
    ['travel-info', { tripPlans: 'x'.repeat(1001) }, 'tripPlans', `${NS}validation.tooLong`],
    ['address-phone', { homeAddress: 'Short' }, 'homeAddress', 'validation.address.tooShort'],
    ['address-phone', { sameAsHome: false, mailingAddress: 'Short' }, 'mailingAddress', 'validation.address.tooShort'],
    ['address-phone', { sameAsHome: true, mailingAddress: 'Short' }, 'mailingAddress', null],
    ['address-phone', { sameAsHome: false, mailingCountry: 'Narnia' }, 'mailingCountry', `${NS}validation.country.invalid`],
    // Phones: 7 to 15 digits; without '+' a full 10-digit number.
    ['address-phone', { primaryPhone: 'call me' }, 'primaryPhone', 'validation.phone.invalid'],
    ['address-phone', { primaryPhone: '123456' }, 'primaryPhone', 'validation.phone.tooShort'],
    ['address-phone', { primaryPhone: '+1234567' }, 'primaryPhone', null],
    ['address-phone', { primaryPhone: '+123456789012345' }, 'primaryPhone', null],
    ['address-phone', { primaryPhone: '+1234567890123456' }, 'primaryPhone', 'validation.phone.tooLong'],
    ['address-phone', { primaryPhone: '5551234' }, 'primaryPhone', 'validation.phone.countryCode'],
    ['address-phone', { primaryPhone: '(555) 123-4567' }, 'primaryPhone', null],
    ['address-phone', { secondaryPhone: '123' }, 'secondaryPhone', 'validation.phone.tooShort'],
    ['address-phone', { workPhone: '+44 20 7946 0958' }, 'workPhone', null],
    // Email: the pattern, at most 100.
    ['address-phone', { emailAddress: 'maria@example' }, 'emailAddress', 'validation.email.invalid'],
    ['address-phone', { emailAddress: `${'m'.repeat(60)}@${'e'.repeat(40)}.com` }, 'emailAddress', 'validation.email.tooLong'],
    // Passport number: 6 to 20 letters and digits.
    ['passport-info', { passportNumber: 'AB123' }, 'passportNumber', 'validation.passport.tooShort'],
    ['passport-info', { passportNumber: 'ab1234' }, 'passportNumber', null],
    ['passport-info', { passportNumber: 'A'.repeat(20) }, 'passportNumber', null],
    ['passport-info', { passportNumber: 'A'.repeat(21) }, 'passportNumber', 'validation.passport.tooLong'],
    ['passport-info', { passportNumber: 'AB-123456' }, 'passportNumber', 'validation.passport.invalid'],
    // Issue: not in the future, not before birth, at most 10 years ago.
    ['passport-info', { passportIssueDate: '2016-03-15' }, 'passportIssueDate', null],
    ['passport-info', { passportIssueDate: '2016-03-14' }, 'passportIssueDate', 'validation.passport.issueTooOld'],
    ['passport-info', { passportIssueDate: '2026-03-16' }, 'passportIssueDate', 'validation.passport.issueFuture'],
    ['passport-info', { passportIssueDate: TODAY }, 'passportIssueDate', null],
    // Expiry: after today, after the issue date.
    ['passport-info', { passportExpiryDate: '2026-03-14' }, 'passportExpiryDate', `${NS}validation.passportExpiryDate.validity`],
    ['passport-info', { passportExpiryDate: TODAY }, 'passportExpiryDate', `${NS}validation.passportExpiryDate.validity`],
    ['passport-info', { passportExpiryDate: '2026-03-16' }, 'passportExpiryDate', null],
    ['passport-info', { passportIssueDate: '2027-01-01', passportExpiryDate: '2026-12-01' }, 'passportExpiryDate', 'validation.passport.expiryBeforeIssue'],
    // Lost passport.
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen', lostPassportYear: '2019' }, 'lostPassportYear', null],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen', lostPassportYear: 'last' }, 'lostPassportYear', 'validation.number'],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen', lostPassportYear: '19' }, 'lostPassportYear', `${NS}validation.lostPassportYear.invalid`],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen', lostPassportYear: '2027' }, 'lostPassportYear', `${NS}validation.lostPassportYear.invalid`],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen', lostPassportYear: '1925' }, 'lostPassportYear', `${NS}validation.lostPassportYear.invalid`],
    ['passport-info', { hasLostPassport: 'Yes', lostPassportDetails: 'Stolen', lostPassportYear: '2019', lostPassportNumber: 'X1' }, 'lostPassportNumber', 'validation.passport.tooShort'],
    // Earlier visa.
    ['previous-travel', { hasUSVisa: 'Yes', lastUSVisaIssueDate: '2027-01-01' }, 'lastUSVisaIssueDate', 'validation.date.past'],
    ['previous-travel', { hasUSVisa: 'Yes', lastUSVisaIssueDate: '2015-01-01', lastUSVisaExpiryDate: '2014-01-01' }, 'lastUSVisaExpiryDate', `${NS}validation.lastUSVisaExpiryDate.beforeIssue`],
    ['previous-travel', { hasUSVisa: 'Yes', lastUSVisaIssueDate: '2015-01-01', lastUSVisaExpiryDate: '2025-01-01' }, 'lastUSVisaExpiryDate', null],
    // Parents at least 16 years older than the applicant (born 1990-05-20).
    ['family-info', { fatherBirthDate: '1974-05-20' }, 'fatherBirthDate', null],
    ['family-info', { fatherBirthDate: '1974-05-21' }, 'fatherBirthDate', 'validation.date.parentAge'],
    ['family-info', { motherBirthDate: '2000-01-01' }, 'motherBirthDate', 'validation.date.parentAge'],
    ['family-info', { motherBirthDate: '1900-01-01' }, 'motherBirthDate', null],
    ['family-info', { fatherFirstName: 'J' }, 'fatherFirstName', 'validation.name.tooShort'],
    ['family-info', { fatherInUS: 'Yes', fatherUSStatus: 'Alien' }, 'fatherUSStatus', `${NS}validation.option.invalid`],
    ['family-info', { motherInUS: 'Yes', motherUSStatus: 'Lawful Permanent Resident' }, 'motherUSStatus', null],
    // Work and education.
    ['work-education', { currentSalary: '$2,500.50' }, 'currentSalary', null],
    ['work-education', { currentSalary: 'a lot' }, 'currentSalary', 'validation.number'],
    ['work-education', { currentJobStartDate: '2027-01-01' }, 'currentJobStartDate', 'validation.date.past'],
    ['work-education', { currentEmployerAddress: 'Av 1' }, 'currentEmployerAddress', 'validation.address.tooShort'],
    ['work-education', { currentSupervisorName: 'X' }, 'currentSupervisorName', 'validation.name.tooShort'],
    ['work-education', { currentEmployerPhone: '12' }, 'currentEmployerPhone', 'validation.phone.tooShort'],
    ['work-education', { salaryCurrency: 'EUR' }, 'salaryCurrency', `${NS}validation.option.invalid`],
    ['work-education', { currentOccupation: 'Astronaut' }, 'currentOccupation', `${NS}validation.option.invalid`],
    ['work-education', { previousEmployer: 'Old Co', previousJobStartDate: '2015-01-01', previousJobEndDate: '2014-01-01' }, 'previousJobEndDate', `${NS}validation.endDate.beforeStart`],
    ['work-education', { previousEmployer: 'Old Co', previousJobStartDate: '2015-01-01', previousJobEndDate: '2019-12-31' }, 'previousJobEndDate', null],
    ['work-education', { schoolStartDate: '2012-09-01', schoolEndDate: '2008-06-30' }, 'schoolEndDate', `${NS}validation.endDate.beforeStart`],
    ['work-education', { schoolStartDate: '2008-09-01', schoolEndDate: '2012-06-30' }, 'schoolEndDate', null],
    ['work-education', { highestEducationLevel: 'PhD' }, 'highestEducationLevel', `${NS}validation.option.invalid`],
    // Security.
    ['security-background', { hasBeenArrested: 'Yes', arrestDetails: 'Traffic offence in 2010' }, 'arrestDetails', null],
    ['security-background', { hasCommunicableDisease: 'Perhaps' }, 'hasCommunicableDisease', `${NS}validation.option.invalid`],
    // Photo.
    ['photo-submission', { agreeToRequirements: 'true' }, 'agreeToRequirements', null],
    ['photo-submission', { agreeToRequirements: 'yes' }, 'agreeToRequirements', `${NS}validation.agreeToRequirements.required`],
    ['photo-submission', { hasPhoto: 'No', photoId: '', agreeToRequirements: false }, 'hasPhoto', null],
  ];

  it.each(TABLE)('%s %j → %s: %s', (section, patch, field, key) => {
    const error = errorsOf(section, patch)[field];
    if (key === null) expect(error).toBeUndefined();
    else expect(error?.key).toBe(key);
  });

  it('too long names the limit', () => {
    expect(errorsOf('travel-info', { tripPlans: 'x'.repeat(1001) }).tripPlans).toEqual({ key: `${NS}validation.tooLong`, params: { max: 1000 } });
  });

  it('the arrival must be at least 6 months before a known passport expiry (the library arrival rule)', () => {
    const form = withAnswers('passport-info', { passportExpiryDate: '2026-09-01' });
    expect(errorsOf('travel-info', {}, form).arrivalDate).toEqual({ key: 'validation.date.passportExpiresTooSoon' });
    const later = withAnswers('passport-info', { passportExpiryDate: '2026-12-01' });
    expect(errorsOf('travel-info', {}, later).arrivalDate).toBeUndefined();
  });

  it('the passport issue date cannot be before the applicant birth date (read from personal-info)', () => {
    const form = { ...withAnswers('passport-info', { passportIssueDate: '2020-01-01' }), 'personal-info': { ...VALID['personal-info'], birthDate: '2021-01-01' } };
    expect(errorsOf('passport-info', {}, form).passportIssueDate).toEqual({ key: 'validation.passport.issueBeforeBirth' });
  });

  it('without the applicant birth date the parent is checked against today', () => {
    const form = { ...VALID, 'personal-info': {} };
    expect(errorsOf('family-info', { fatherBirthDate: '2011-01-01' }, form).fatherBirthDate).toEqual({ key: 'validation.date.parentAge' });
    expect(errorsOf('family-info', { fatherBirthDate: '2010-03-15' }, form).fatherBirthDate).toBeUndefined();
  });

  it('the section checked wins over its stale copy in `all`', () => {
    const stale = withAnswers('personal-info', { firstName: '' });
    expect(validateSection('personal-info', VALID['personal-info'], { today: TODAY, all: stale })).toEqual({});
  });

  it('validateField gives one field the error validateSection gives it, and nothing for a hidden field', () => {
    const values = { ...VALID['travel-info'], usZipCode: '1' };
    expect(validateField('travel-info', 'usZipCode', values, { today: TODAY })).toEqual({ key: `${NS}validation.usZipCode.invalid` });
    expect(validateField('travel-info', 'otherPurpose', values, { today: TODAY })).toBeNull();
    expect(validateField('travel-info', 'nope', values, { today: TODAY })).toBeNull();
  });

  it.each([
    [{ type: 'image/jpeg', size: 1_000_000 }, null],
    [{ type: 'image/png', size: 10 }, null],
    [{ type: 'image/webp', size: 10 }, null],
    [{ type: 'image/heic', size: 10 }, null],
    [{ type: '', size: 10, name: 'IMG_0001.HEIC' }, null],
    [{ type: 'image/jpeg', size: PHOTO_MAX_BYTES }, null],
    [{ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 }, `${NS}validation.photoFile.size`],
    [{ type: 'image/jpeg', size: 3.5 * 1024 * 1024 }, `${NS}validation.photoFile.size`],
    [{ type: 'application/pdf', size: 10 }, `${NS}validation.photoFile.type`],
    [{ type: 'application/pdf', size: 5 * 1024 * 1024 }, `${NS}validation.photoFile.type`],
    [{ type: '', size: 10, name: 'notes.txt' }, `${NS}validation.photoFile.type`],
    [{ type: 'image/gif', size: 10 }, `${NS}validation.photoFile.type`],
  ])('photo file %j → %s', (file, key) => {
    expect(validatePhotoFile(file)?.key ?? null).toBe(key);
  });

  it('the photo file messages are the spec wording', () => {
    expect(english(DS160_FORM_MESSAGES.photoType)).toBe('Please select a valid image file');
    expect(english(DS160_FORM_MESSAGES.photoSize)).toBe('Photo must be less than 3MB');
  });
});

describe('list rows (companions, earlier U.S. visits)', () => {
  const companion = { firstName: 'Luis', lastName: 'Lopez', relationship: 'Spouse', nationality: 'Mexico' };
  const visit = { arrivalDate: '2019-07-01', departureDate: '2019-07-20', lengthOfStay: '19 days', purpose: 'Tourism' };

  it('valid rows pass', () => {
    expect(errorsOf('travel-companions', { travelingWithOthers: 'Yes', companions: [companion, companion] })).toEqual({});
    expect(errorsOf('previous-travel', { hasVisitedUS: 'Yes', usVisits: [visit] })).toEqual({});
  });

  it('numbers the missing answers by row, from 1', () => {
    const errors = errorsOf('travel-companions', {
      travelingWithOthers: 'Yes',
      companions: [{ ...companion, firstName: '' }, { firstName: 'Ana' }],
    });
    expect(errors).toEqual({
      'companions.0.firstName': { key: `${NS}validation.companions.firstName.required`, params: { n: 1 } },
      'companions.1.lastName': { key: `${NS}validation.companions.lastName.required`, params: { n: 2 } },
      'companions.1.relationship': { key: `${NS}validation.companions.relationship.required`, params: { n: 2 } },
      'companions.1.nationality': { key: `${NS}validation.companions.nationality.required`, params: { n: 2 } },
    });
    expect(english(errors['companions.0.firstName']?.key as string)).toBe('First name is required for companion {{n}}');
  });

  it.each([
    [{ ...visit, arrivalDate: '' }, 'usVisits.0.arrivalDate', { key: `${NS}validation.usVisits.arrivalDate.required`, params: { n: 1 } }],
    [{ ...visit, lengthOfStay: '' }, 'usVisits.0.lengthOfStay', { key: `${NS}validation.usVisits.lengthOfStay.required`, params: { n: 1 } }],
    [{ ...visit, purpose: '' }, 'usVisits.0.purpose', { key: `${NS}validation.usVisits.purpose.required`, params: { n: 1 } }],
    [{ ...visit, purpose: 'Shopping' }, 'usVisits.0.purpose', { key: `${NS}validation.option.invalid` }],
    [{ ...visit, arrivalDate: '2027-01-01', departureDate: '' }, 'usVisits.0.arrivalDate', { key: 'validation.date.past' }],
    [{ ...visit, departureDate: '2019-06-30' }, 'usVisits.0.departureDate', { key: `${NS}validation.departureDate.beforeArrival` }],
  ])('visit %j → %s', (row, pathKey, error) => {
    expect(errorsOf('previous-travel', { hasVisitedUS: 'Yes', usVisits: [row] })).toEqual({ [pathKey]: error });
  });

  it('the visit messages read "… for visit N"', () => {
    expect(english(`${NS}validation.usVisits.arrivalDate.required`)).toBe('Arrival date is required for visit {{n}}');
  });

  it.each([
    [{ ...companion, firstName: 'L' }, 'companions.0.firstName', 'validation.name.tooShort'],
    [{ ...companion, lastName: 'L0pez' }, 'companions.0.lastName', 'validation.name.invalid'],
    [{ ...companion, relationship: 'Boss' }, 'companions.0.relationship', `${NS}validation.option.invalid`],
    [{ ...companion, nationality: 'Mordor' }, 'companions.0.nationality', `${NS}validation.country.invalid`],
  ])('companion %j → %s %s', (row, pathKey, key) => {
    expect(errorsOf('travel-companions', { travelingWithOthers: 'Yes', companions: [row] })).toEqual({ [pathKey]: { key } });
  });

  it('a row that is not an object counts as an empty row', () => {
    const errors = errorsOf('travel-companions', { travelingWithOthers: 'Yes', companions: ['Luis'] });
    expect(Object.keys(errors)).toHaveLength(4);
  });

  it(`more than ${DS160_FORM_MAX_ROWS} rows is refused`, () => {
    const rows = Array.from({ length: DS160_FORM_MAX_ROWS + 1 }, () => companion);
    expect(errorsOf('travel-companions', { travelingWithOthers: 'Yes', companions: rows })).toEqual({
      companions: { key: `${NS}validation.list.tooMany`, params: { max: DS160_FORM_MAX_ROWS } },
    });
  });

  it('rows of a hidden list are not checked', () => {
    expect(errorsOf('travel-companions', { travelingWithOthers: 'No', companions: [{ firstName: '' }] })).toEqual({});
  });
});

describe('conditional fields (§4.5)', () => {
  it.each([
    ['travel-info', 'otherPurpose', { tripPurpose: 'Other' }, { tripPurpose: 'Tourism' }],
    ['travel-info', 'otherPayerDetails', { whoIsPayingForTrip: 'Other' }, { whoIsPayingForTrip: 'Self' }],
    ['travel-info', 'otherPayerDetails', { whoIsPayingForTrip: 'Other Organization' }, { whoIsPayingForTrip: 'Employer' }],
    ['address-phone', 'mailingAddress', { sameAsHome: false }, { sameAsHome: true }],
    ['address-phone', 'mailingCountry', {}, { sameAsHome: 'true' }],
    ['passport-info', 'lostPassportYear', { hasLostPassport: 'Yes' }, { hasLostPassport: 'No' }],
    ['passport-info', 'lostPassportNumber', { hasLostPassport: 'Yes' }, { hasLostPassport: '' }],
    ['passport-info', 'lostPassportCountry', { hasLostPassport: 'Yes' }, { hasLostPassport: 'No' }],
    ['passport-info', 'lostPassportDetails', { hasLostPassport: 'Yes' }, { hasLostPassport: 'No' }],
    ['passport-info', 'otherPassportsDetails', { hasOtherPassports: 'Yes' }, { hasOtherPassports: 'No' }],
    ['travel-companions', 'organizationName', { groupTravel: 'Yes' }, { groupTravel: 'No' }],
    ['travel-companions', 'companions', { travelingWithOthers: 'Yes' }, { travelingWithOthers: 'No' }],
    ['previous-travel', 'usVisits', { hasVisitedUS: 'Yes' }, { hasVisitedUS: 'No' }],
    ['previous-travel', 'lastUSVisaNumber', { hasUSVisa: 'Yes' }, { hasUSVisa: 'No' }],
    ['previous-travel', 'lastUSVisaIssueDate', { hasUSVisa: 'Yes' }, { hasUSVisa: 'No' }],
    ['previous-travel', 'lastUSVisaExpiryDate', { hasUSVisa: 'Yes' }, { hasUSVisa: 'No' }],
    ['previous-travel', 'visaDenialDetails', { hasVisaDenied: 'Yes' }, { hasVisaDenied: 'No' }],
    ['previous-travel', 'visaCancelledDetails', { hasVisaCancelled: 'Yes' }, { hasVisaCancelled: 'No' }],
    ['previous-travel', 'refusalDetails', { hasBeenRefused: 'Yes' }, { hasBeenRefused: 'No' }],
    ['previous-travel', 'deportationDetails', { hasBeenDeported: 'Yes' }, { hasBeenDeported: 'No' }],
    ['family-info', 'fatherUSStatus', { fatherInUS: 'Yes' }, { fatherInUS: 'No' }],
    ['family-info', 'motherUSStatus', { motherInUS: 'Yes' }, { motherInUS: 'No' }],
    ['family-info', 'otherFamilyDetails', { hasOtherFamilyInUS: 'Yes' }, { hasOtherFamilyInUS: 'No' }],
    ['work-education', 'currentEmployer', { currentOccupation: 'Engineer' }, { currentOccupation: 'Student' }],
    ['work-education', 'currentSalary', { currentOccupation: '' }, { currentOccupation: 'Retired' }],
    ['work-education', 'currentJobStartDate', { currentOccupation: 'Other' }, { currentOccupation: 'Unemployed' }],
    ['work-education', 'previousJobTitle', { previousEmployer: 'Old Co' }, { previousEmployer: '  ' }],
    ['work-education', 'previousJobEndDate', { previousEmployer: 'Old Co' }, {}],
    ['photo-submission', 'photoId', { hasPhoto: 'Yes' }, { hasPhoto: 'No' }],
    ['photo-submission', 'agreeToRequirements', { hasPhoto: 'Yes' }, { hasPhoto: '' }],
    ['personal-info', 'otherNationalitiesDetails', { otherNationalities: 'Yes' }, { otherNationalities: 'No' }],
  ] as const)('%s: %s shows with %j, hides with %j', (section, field, shown, hidden) => {
    expect(ids(section, shown)).toContain(field);
    expect(ids(section, hidden)).not.toContain(field);
  });

  it.each(SECURITY_QUESTIONS.filter(([, d]) => d))('security: %s Yes shows %s', (question, details) => {
    expect(ids('security-background', { [question]: 'Yes' })).toContain(details);
    expect(ids('security-background', { [question]: 'No' })).not.toContain(details);
    expect(errorsOf('security-background', { [question]: 'Yes' })).toEqual({
      [details as string]: { key: `${NS}validation.security.details` },
    });
  });

  it('isDrugAddict has no detail box', () => {
    expect(errorsOf('security-background', { isDrugAddict: 'Yes' })).toEqual({});
  });

  it.each(['Student', 'Retired', 'Unemployed'])('employment details hide for %s, education stays', (occupation) => {
    const shown = ids('work-education', { currentOccupation: occupation });
    for (const f of ['currentEmployer', 'currentJobTitle', 'currentEmployerAddress', 'currentEmployerCity', 'currentEmployerCountry', 'currentJobStartDate', 'currentSalary', 'salaryCurrency']) {
      expect(shown).not.toContain(f);
    }
    expect(shown).toEqual(expect.arrayContaining(['highestEducationLevel', 'schoolName', 'previousEmployer']));
    expect(errorsOf('work-education', { currentOccupation: occupation, currentEmployer: '', currentJobStartDate: '' })).toEqual({});
  });

  it('the spouse block shows only when personal-info says Married', () => {
    const spouse = ['spouseFirstName', 'spouseLastName', 'spouseBirthDate', 'spouseBirthCountry', 'spouseNationality', 'spouseInUS', 'marriageDate', 'marriageCountry'];
    const married = withAnswers('personal-info', { maritalStatus: 'Married' });
    expect(ids('family-info', {}, married)).toEqual(expect.arrayContaining(spouse));
    expect(ids('family-info', {}, married)).not.toContain('spouseUSStatus');
    expect(ids('family-info', { spouseInUS: 'Yes' }, married)).toContain('spouseUSStatus');
    for (const status of ['Single', 'Divorced', 'Widowed', 'Separated']) {
      const form = withAnswers('personal-info', { maritalStatus: status });
      expect(ids('family-info', { spouseInUS: 'Yes' }, form).filter((id) => id.startsWith('spouse') || id.startsWith('marriage'))).toEqual([]);
    }
    expect(ids('family-info', {})).not.toContain('spouseFirstName');
  });

  it('a hidden field is not checked, even when its stored answer is wrong', () => {
    expect(errorsOf('travel-info', { tripPurpose: 'Tourism', otherPurpose: '' })).toEqual({});
    expect(errorsOf('family-info', { spouseBirthDate: 'nonsense' })).toEqual({});
  });

  it('the photo step warning shows when there is no photo', () => {
    expect(showsNoPhotoWarning({ hasPhoto: 'No' })).toBe(true);
    expect(showsNoPhotoWarning({ hasPhoto: 'Yes' })).toBe(false);
    expect(showsNoPhotoWarning({})).toBe(false);
  });
});

describe('normalisation', () => {
  it('trims, capitalises passport numbers, writes phones as + and digits and countries as the list spells them', () => {
    expect(
      normalizeSection('passport-info', {
        passportNumber: ' g1234567 ', lostPassportNumber: 'x98765', passportIssuingCountry: ' mexico ', issuingAuthority: '  SRE ',
      }),
    ).toEqual({ passportNumber: 'G1234567', lostPassportNumber: 'X98765', passportIssuingCountry: 'Mexico', issuingAuthority: 'SRE' });
    expect(normalizeSection('address-phone', { primaryPhone: '+52 (33) 1234-5678', workPhone: 'call me', secondaryPhone: 42 })).toEqual({
      primaryPhone: '+523312345678', workPhone: 'call me', secondaryPhone: '42',
    });
  });

  it('copies the home address into the mailing fields when same as home is ticked', () => {
    const home = { homeAddress: ' Calle Juarez 10 ', homeCity: 'Guadalajara', homeState: 'Jalisco', homeCountry: 'mexico', homePostalCode: '44100' };
    expect(normalizeSection('address-phone', { ...home, sameAsHome: 'true', mailingAddress: 'old' })).toEqual({
      homeAddress: 'Calle Juarez 10', homeCity: 'Guadalajara', homeState: 'Jalisco', homeCountry: 'Mexico', homePostalCode: '44100',
      sameAsHome: true,
      mailingAddress: 'Calle Juarez 10', mailingCity: 'Guadalajara', mailingState: 'Jalisco', mailingCountry: 'Mexico', mailingPostalCode: '44100',
    });
    expect(normalizeSection('address-phone', { homeCity: 'Guadalajara', sameAsHome: false, mailingCity: 'Zapopan' })).toEqual({
      homeCity: 'Guadalajara', sameAsHome: false, mailingCity: 'Zapopan',
    });
  });

  it('keeps only the declared fields, and rows only their declared fields, as text', () => {
    expect(
      normalizeSection('travel-companions', {
        travelingWithOthers: 'Yes', isAdmin: true,
        companions: [{ firstName: ' Luis ', lastName: 'Lopez', relationship: 'Spouse', nationality: 'mexico', age: 40 }, 'junk'],
      }),
    ).toEqual({
      travelingWithOthers: 'Yes',
      companions: [{ firstName: 'Luis', lastName: 'Lopez', relationship: 'Spouse', nationality: 'Mexico' }, {}],
    });
    expect(normalizeSection('personal-info', { firstName: { nested: 'x' }, email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });

  it.each([...DS160_FORM_SECTIONS])('%s: normalising is idempotent and keeps the verdict', (section) => {
    const once = normalizeSection(section, VALID[section]);
    expect(normalizeSection(section, once)).toEqual(once);
    expect(validateSection(section, once, { today: TODAY, all: VALID })).toEqual({});
    const bad = { ...VALID[section], [sectionFields(section)[0]?.id as string]: '  x  ' };
    expect(validateSection(section, normalizeSection(section, bad), { today: TODAY, all: VALID })).toEqual(
      validateSection(section, bad, { today: TODAY, all: VALID }),
    );
  });

  it('tells answers that hold the same apart from ones that differ, whatever the order of their keys', () => {
    const rows = [{ firstName: 'Luis', age: '40' }];
    expect(sameAnswers({ a: 'x', companions: rows }, { companions: [{ age: '40', firstName: 'Luis' }], a: 'x' })).toBe(true);
    expect(sameAnswers(undefined, undefined)).toBe(true);
    expect(sameAnswers({ a: 'x' }, { a: 'x', b: undefined })).toBe(false);
    expect(sameAnswers({ a: 'x', b: undefined }, { a: 'x', c: undefined })).toBe(false);
    expect(sameAnswers({ companions: rows }, { companions: [...rows, {}] })).toBe(false);
    expect(sameAnswers({ companions: rows }, { companions: { 0: rows[0] } })).toBe(false);
    expect(sameAnswers({ sameAsHome: true }, { sameAsHome: 'true' })).toBe(false);
    expect(sameAnswers({}, undefined)).toBe(false);
    expect(sameAnswers([], {})).toBe(false);
  });

  it('drops the answers of hidden fields on request, keeping unasked ones', () => {
    expect(
      withoutHiddenAnswers('travel-info', { tripPurpose: 'Tourism', otherPurpose: 'Conference', hasBeenToUS: 'No' }),
    ).toEqual({ tripPurpose: 'Tourism', hasBeenToUS: 'No' });
    expect(withoutHiddenAnswers('family-info', { spouseFirstName: 'Luis' })).toEqual({});
    expect(withoutHiddenAnswers('family-info', { spouseFirstName: 'Luis' }, withAnswers('personal-info', { maritalStatus: 'Married' }))).toEqual({
      spouseFirstName: 'Luis',
    });
  });
});

describe('the lead, the waiver suggestion and the ESTA switch (§4.4, §4.6)', () => {
  it('no lead until the first name and the email both exist', () => {
    expect(canCreateLead({ 'personal-info': { firstName: 'Maria' } })).toBe(false);
    expect(canCreateLead({ 'address-phone': { emailAddress: 'maria@example.com' } })).toBe(false);
    expect(canCreateLead(VALID)).toBe(true);
    expect(leadIdentity(VALID)).toEqual({
      firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', phone: '+52 33 1234 5678', nationality: 'Mexico',
    });
  });

  it.each([
    ['Spain', true],
    [' united kingdom ', true],
    ['Japan', true],
    ['Mexico', false],
    ['United States', false],
    ['', false],
    [undefined, false],
  ])('isWaiverNationality(%j) is %s', (nationality, expected) => {
    expect(isWaiverNationality(nationality)).toBe(expected);
  });

  const SPANISH = {
    ...VALID,
    'personal-info': { ...VALID['personal-info'], nationality: 'Spain', birthCountry: 'Spain', birthCity: 'Madrid', otherNames: 'Maria Perez' },
    'address-phone': { ...VALID['address-phone'], primaryPhone: '+34 612 345 678', homeAddress: 'Calle Mayor 10, 2B' },
    'passport-info': { ...VALID['passport-info'], passportNumber: 'paa123456', passportIssuingCountry: 'spain' },
  } satisfies Ds160FormValues;

  it('maps the shared answers to the ESTA wizard ids', () => {
    expect(sharedWithEsta(SPANISH)).toEqual({
      email: 'maria@example.com',
      'first-name': 'Maria',
      'last-name': 'Lopez',
      'other-names': 'Maria Perez',
      'birth-date': '1990-05-20',
      'birth-city': 'Madrid',
      'birth-country': 'Spain',
      gender: 'Female',
      'passport-number': 'PAA123456',
      'passport-country': 'Spain',
      'passport-issue-date': '2022-01-10',
      'passport-expiry': '2032-01-10',
      phone: '+34612345678',
      'home-address': 'Calle Mayor 10, 2B',
    });
  });

  it('every shared answer is an ESTA question the ESTA wizard accepts as it is', () => {
    const shared = sharedWithEsta(SPANISH);
    for (const [id, value] of Object.entries(shared)) {
      const question = estaCatalog.questions.find((q) => q.id === id);
      expect(question, id).toBeDefined();
      if (question) expect(validateAnswer(question, value, { rules: 'esta', answers: shared, today: TODAY }), id).toBeNull();
    }
  });

  it('before the passport section, the passport country is the nationality; blanks are left out', () => {
    const early = { 'personal-info': { firstName: 'Maria', nationality: 'Spain', lastName: ' ' } };
    expect(sharedWithEsta(early)).toEqual({ 'first-name': 'Maria', 'passport-country': 'Spain' });
    expect(sharedWithEsta({})).toEqual({});
  });
});

describe('translation keys', () => {
  it('every text key the sections use exists in locales/en/ds160form.json', () => {
    const keys = DS160_SECTIONS.flatMap((s) => [
      s.titleKey,
      s.descriptionKey,
      ...s.fields.flatMap((f) => [
        f.labelKey, f.hintKey, f.requiredKey, f.rowTitleKey, f.addRowKey, f.removeRowKey,
        ...(f.options ?? []).map((o) => o.labelKey),
        ...(f.row ?? []).flatMap((r) => [r.labelKey, r.hintKey, r.requiredKey, ...(r.options ?? []).map((o) => o.labelKey)]),
      ]),
    ]).filter((k): k is string => typeof k === 'string');
    const missing = [...new Set(keys)].filter((k) => english(k) === undefined);
    expect(missing).toEqual([]);
  });

  it('every message key of the module exists in English', () => {
    expect(DS160_FORM_MESSAGE_KEYS.filter((k) => english(k) === undefined)).toEqual([]);
    expect(DS160_FORM_MESSAGE_KEYS.every((k) => k.startsWith(`${NS}validation.`))).toBe(true);
  });

  it('every option of every enumeration has an English label', () => {
    const missing = Object.values(DS160_OPTIONS).flatMap((options) => options.filter((o) => english(o.labelKey) === undefined));
    expect(missing).toEqual([]);
  });

  it('whatever the answers, validateSection returns only known keys with their params', () => {
    const pool: unknown[] = [
      '', ' ', 'x', 'Yes', 'No', 'Other', 'Married', 'Student', 'Tourism', 'Spain', 'atlantis', '2026-02-30', '1800-01-01',
      '2030-01-01', TODAY, '1999', 'A'.repeat(1001), '+1', 'a@b', true, false, 42, {}, [], [{}], ['row'],
      [{ arrivalDate: '2030-01-01', departureDate: '2000-01-01', purpose: 'x', firstName: '1', nationality: 'x' }],
    ];
    const seen = new Map<string, ValidationError>();
    for (const section of DS160_FORM_SECTIONS) {
      const everyYes = Object.fromEntries(sectionFields(section).filter((f) => f.kind === 'yesno').map((f) => [f.id, 'Yes']));
      for (const base of [VALID[section], { ...VALID[section], ...everyYes }]) {
        for (const field of sectionFields(section)) {
          for (const value of pool) {
            const errors = validateSection(section, { ...base, [field.id]: value }, { today: TODAY, all: VALID });
            for (const error of Object.values(errors)) seen.set(error.key, error);
          }
        }
      }
    }
    const known = new Set<string>([...DS160_FORM_MESSAGE_KEYS, ...VALIDATION_MESSAGE_KEYS]);
    expect([...seen.keys()].filter((k) => !known.has(k))).toEqual([]);
    for (const [key, error] of seen) {
      const text = english(key);
      expect(text, key).toBeDefined();
      const wanted = [...(text as string).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
      expect(Object.keys(error.params ?? {}).sort(), key).toEqual(wanted);
    }
    expect(seen.size).toBeGreaterThan(40);
  });
});
