// Where each of our questions sits on the official form, page by page in the official order, so the applicant
// can copy answers while stepping through the government site. DS-160 lists both the question wizard's ids
// (kebab-case) and the ten-section form's fields ('section.field'); within a page, the official field order.
// A question not listed here prints last, under OTHER_ANSWERS.

export interface OfficialPage {
  readonly title: string;
  readonly ids: readonly string[];
}

export const OTHER_ANSWERS = 'Other answers';

const parent = (who: 'father' | 'mother') =>
  ['LastName', 'FirstName', 'BirthDate', 'BirthCountry', 'InUS', 'USStatus'].map((f) => `family-info.${who}${f}`);

/** The CEAC DS-160 pages, from Personal Information 1 to Security and Background. */
export const DS160_PAGES: readonly OfficialPage[] = [
  {
    title: 'Personal Information 1',
    ids: [
      'last-name', 'first-name', 'native-name', 'other-names', 'specify-other-names', 'telecode', 'gender',
      'marital-status', 'birth-date', 'birth-city', 'birth-state', 'birth-country',
      ...['lastName', 'firstName', 'middleName', 'fullNameNative', 'otherNames', 'gender', 'maritalStatus', 'birthDate',
        'birthCity', 'birthCountry'].map((f) => `personal-info.${f}`),
    ],
  },
  {
    title: 'Personal Information 2',
    ids: [
      'nationality',
      ...['nationality', 'otherNationalities', 'otherNationalitiesDetails', 'nationalIdNumber', 'socialSecurityNumber']
        .map((f) => `personal-info.${f}`),
    ],
  },
  {
    title: 'Travel Information',
    ids: [
      'purpose-of-trip', 'intended-arrival-date', 'intended-length', 'us-address', 'trip-payer-name', 'trip-payer-phone',
      'trip-payer-email', 'trip-payer-address',
      ...['tripPurpose', 'otherPurpose', 'tripPlans', 'arrivalDate', 'departureDate', 'lengthOfStay', 'usAddress', 'usCity',
        'usState', 'usZipCode', 'whoIsPayingForTrip', 'otherPayerDetails'].map((f) => `travel-info.${f}`),
    ],
  },
  {
    title: 'Travel Companions',
    ids: [
      'travel-companions', 'companion-name', 'companion-relation', 'companion-has-visa',
      ...['travelingWithOthers', 'groupTravel', 'organizationName', 'companions'].map((f) => `travel-companions.${f}`),
    ],
  },
  {
    title: 'Previous U.S. Travel',
    ids: [
      'travel-info.hasBeenToUS',
      ...['hasVisitedUS', 'usVisits', 'hasUSVisa', 'lastUSVisaNumber', 'lastUSVisaIssueDate', 'lastUSVisaExpiryDate']
        .map((f) => `previous-travel.${f}`),
      'travel-info.hasVisaBeenLost', 'travel-info.hasVisaBeenCancelled',
      ...['hasVisaCancelled', 'visaCancelledDetails', 'hasVisaDenied', 'visaDenialDetails', 'hasBeenRefused', 'refusalDetails',
        'hasBeenDeported', 'deportationDetails'].map((f) => `previous-travel.${f}`),
    ],
  },
  {
    title: 'Address and Phone',
    ids: [
      'home-address-1', 'home-address-2', 'home-city', 'home-state', 'home-postal-code', 'home-country', 'phone-number',
      'email-address',
      ...['homeAddress', 'homeCity', 'homeState', 'homePostalCode', 'homeCountry', 'sameAsHome', 'mailingAddress',
        'mailingCity', 'mailingState', 'mailingPostalCode', 'mailingCountry', 'primaryPhone', 'secondaryPhone', 'workPhone',
        'emailAddress'].map((f) => `address-phone.${f}`),
      'personal-info.email',
    ],
  },
  {
    title: 'Passport',
    ids: [
      'passport-type', 'passport-number', 'passport-book-number', 'passport-country', 'passport-issue-date',
      'passport-expiry-date', 'passport-lost',
      ...['passportNumber', 'passportIssuingCountry', 'passportIssuingCity', 'issuingAuthority', 'passportIssueDate',
        'passportExpiryDate', 'hasLostPassport', 'lostPassportYear', 'lostPassportNumber', 'lostPassportCountry',
        'lostPassportDetails', 'hasOtherPassports', 'otherPassportsDetails'].map((f) => `passport-info.${f}`),
    ],
  },
  {
    title: 'U.S. Contact',
    ids: ['us-contact-name', 'us-contact-relationship', 'us-contact-address', 'us-contact-phone'],
  },
  {
    title: 'Family',
    ids: [
      'father-name', 'father-birth-date', 'mother-name', 'mother-birth-date', 'spouse-name',
      ...parent('father'), ...parent('mother'),
      'family-info.hasOtherFamilyInUS', 'family-info.otherFamilyDetails',
      ...['LastName', 'FirstName', 'BirthDate', 'Nationality', 'BirthCountry', 'InUS', 'USStatus'].map((f) => `family-info.spouse${f}`),
      'family-info.marriageDate', 'family-info.marriageCountry',
    ],
  },
  {
    // CEAC asks about military service and paramilitary groups here, on "Additional Work/Education/Training".
    title: 'Work/Education/Training',
    ids: [
      'current-occupation', 'employer-name', 'employer-address', 'employer-phone', 'monthly-salary', 'job-duties',
      'previously-employed', 'previous-employer-name', 'previous-employer-address', 'previous-job-title',
      'previous-supervisor-name', 'previous-job-start-date', 'previous-job-end-date', 'previous-job-duties',
      'languages-spoken', 'travel-last-five-years', 'countries-visited', 'organization-membership', 'organization-name',
      'specialized-skills', 'specialized-skills-details', 'military-service', 'military-country', 'military-branch',
      'military-rank', 'military-specialty', 'military-service-from', 'military-service-to', 'security-paramilitary',
      ...['currentOccupation', 'currentEmployer', 'currentEmployerAddress', 'currentEmployerCity', 'currentEmployerCountry',
        'currentEmployerPhone', 'currentJobStartDate', 'currentSalary', 'salaryCurrency', 'currentJobTitle',
        'currentSupervisorName', 'currentJobDescription', 'previousEmployer', 'previousEmployerAddress',
        'previousEmployerCity', 'previousEmployerCountry', 'previousJobTitle', 'previousSupervisorName',
        'previousJobStartDate', 'previousJobEndDate', 'highestEducationLevel', 'schoolName', 'schoolAddress', 'schoolCity',
        'schoolCountry', 'courseOfStudy', 'schoolStartDate', 'schoolEndDate'].map((f) => `work-education.${f}`),
      ...['hasMilitaryService', 'militaryDetails', 'hasServedInMilitia', 'militiaDetails'].map((f) => `security-background.${f}`),
    ],
  },
  {
    title: 'Security and Background',
    ids: [
      'security-communicable-disease', 'security-mental-disorder', 'security-drug-abuse', 'security-arrest',
      'security-controlled-substances', 'security-prostitution', 'security-money-laundering', 'security-human-trafficking',
      'security-espionage', 'security-terrorist-activities', 'security-terrorist-support', 'security-terrorist-membership',
      'security-genocide', 'security-torture', 'security-extrajudicial-killings', 'security-religious-freedom',
      'security-visa-fraud', 'security-child-custody', 'security-illegal-voting', 'security-tax-renunciation',
      ...['hasCommunicableDisease', 'diseaseDetails', 'hasPhysicalMentalDisorder', 'disorderDetails', 'isDrugAddict',
        'hasBeenArrested', 'arrestDetails', 'hasViolatedLaw', 'lawViolationDetails', 'hasDrugViolations',
        'drugViolationDetails', 'hasEngagedTrafficking', 'traffickingDetails', 'hasAssistedTrafficking',
        'assistedTraffickingDetails', 'hasEngagedTerrorism', 'terrorismDetails', 'hasSupportedTerrorism',
        'terrorismSupportDetails', 'hasBeenTerroristMember', 'terroristMemberDetails', 'hasWorkedForGovernment',
        'governmentWorkDetails', 'hasBeenInvolved', 'involvementDetails', 'hasViolatedImmigrationLaw',
        'immigrationViolationDetails'].map((f) => `security-background.${f}`),
      ...['hasBeenDeported', 'deportationDetails', 'hasBeenRemoved', 'removalDetails'].map((f) => `security-background.${f}`),
    ],
  },
];

/**
 * The ESTA application's four parts, in the order the CBP site asks them (issue 45 item 21): the e-mail before the
 * form, then the passport's bio page as the site reads it (names, sex, birth, passport number, citizenship, national
 * ID, dates), then other names, other passports and other citizenships; the parents, contact, social media and
 * employment; the travel, its U.S. point of contact and the emergency contact; the nine eligibility questions. The
 * official ESTA never asks whether this is a first trip, nor the DS-160's child-custody question: those print under
 * "Other answers", not where a parent would look for them on the official site.
 */
export const ESTA_PAGES: readonly OfficialPage[] = [
  {
    title: 'Applicant Information',
    ids: [
      'email', 'last-name', 'first-name', 'gender', 'birth-date', 'birth-city', 'birth-country', 'passport-number',
      'passport-country', 'national-id-number', 'passport-issue-date', 'passport-expiry', 'passport-type', 'other-names',
      'previous-passport', 'previous-passport-country', 'previous-passport-number', 'other-citizenship',
      'other-citizenship-country', 'other-citizenship-how',
    ],
  },
  {
    title: 'Personal Information',
    ids: [
      'father-family-name', 'father-first-name', 'mother-family-name', 'mother-first-name', 'home-address', 'phone',
      'social-media', 'has-employer', 'current-occupation', 'employer', 'employer-address', 'employer-phone',
    ],
  },
  {
    title: 'Travel Information',
    ids: [
      'purpose', 'us-contact', 'us-contact-address', 'us-contact-phone', 'emergency-contact', 'emergency-email',
      'emergency-phone',
    ],
  },
  {
    title: 'Eligibility Questions',
    ids: [
      'communicable-disease', 'criminal-conviction', 'drug-violation', 'terrorism-activities', 'fraud-misrepresentation',
      'seeking-employment', 'visa-denial', 'overstay-violation', 'travel-restricted-countries',
    ],
  },
];

/**
 * The ESTA PDF's labels, as the CBP site names its fields, where our wizard asks a question in its own words: the
 * applicant copies an answer into the field of that name. One answer may fill several of the site's fields (the
 * address its lines, city and country; the contact's name its family and given names): the label says so.
 */
export const ESTA_LABELS: Readonly<Record<string, string>> = {
  email: 'E-mail Address',
  'last-name': 'Family Name',
  'first-name': 'First (Given) Name',
  gender: 'Gender',
  'birth-date': 'Date of Birth',
  'birth-city': 'City of Birth',
  'birth-country': 'Country of Birth',
  'passport-number': 'Passport Number',
  'passport-country': 'Country of Citizenship (the passport\'s issuing country)',
  'national-id-number': 'National Identification Number',
  'passport-issue-date': 'Passport Issuance Date',
  'passport-expiry': 'Passport Expiration Date',
  'passport-type': 'Passport Type',
  'other-names': 'Other Names or Aliases',
  'previous-passport': 'Passport or national ID card for travel issued by any other country?',
  'previous-passport-country': 'Other Passport or National ID: Issuing Country',
  'previous-passport-number': 'Other Passport or National ID: Document Number',
  'other-citizenship': 'Citizen or national of any other country, now or before?',
  'other-citizenship-country': 'Other Citizenship/Nationality: Country of Citizenship/Nationality',
  'other-citizenship-how': 'Other Citizenship/Nationality: How did you acquire citizenship/nationality from this country?',
  'father-family-name': 'Parents: Father Family Name',
  'father-first-name': 'Parents: Father First (Given) Name',
  'mother-family-name': 'Parents: Mother Family Name',
  'mother-first-name': 'Parents: Mother First (Given) Name',
  'home-address': 'Home Address (address lines, city, state/province, country)',
  phone: 'Telephone Number (country code and number)',
  'social-media': 'Social Media (platform and identifier)',
  'has-employer': 'Employment Information: Do you have a current or previous employer?',
  'current-occupation': 'Employment Information: Job Title',
  employer: 'Employment Information: Employer Name',
  'employer-address': 'Employment Information: Address (address lines, city, state/province, country)',
  'employer-phone': 'Employment Information: Telephone Number',
  purpose: 'Purpose of Travel (transit: "Is your travel to the U.S. occurring in transit to another country?")',
  'us-contact': 'U.S. Point of Contact Information: Name',
  'us-contact-address': 'U.S. Point of Contact Information: Address (address lines, city, state)',
  'us-contact-phone': 'U.S. Point of Contact Information: Telephone Number',
  'emergency-contact': 'Emergency Contact Information: Family Name, First (Given) Name',
  'emergency-email': 'Emergency Contact Information: E-mail Address',
  'emergency-phone': 'Emergency Contact Information: Telephone Number',
};

/** Our own bookkeeping in the ten-section form, never a question of the official form. */
export const NOT_FORM_ANSWERS: ReadonlySet<string> = new Set([
  'personal-info.selectedPlan',
  'photo-submission.photoId',
  'photo-submission.agreeToRequirements',
]);
