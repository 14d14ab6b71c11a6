// The ten-section DS-160 form (/ds160-wizard): its sections and the fields each one keeps (spec 2-wizards §3.4,
// §3.5). The server accepts a lead's answers from this form only in this shape.

export const DS160_FORM_SECTIONS = [
  'personal-info',
  'travel-info',
  'address-phone',
  'passport-info',
  'travel-companions',
  'previous-travel',
  'family-info',
  'work-education',
  'security-background',
  'photo-submission',
] as const;
export type Ds160FormSection = (typeof DS160_FORM_SECTIONS)[number];

export function isDs160Section(value: unknown): value is Ds160FormSection {
  return typeof value === 'string' && (DS160_FORM_SECTIONS as readonly string[]).includes(value);
}

const PARENT = ['FirstName', 'LastName', 'BirthDate', 'BirthCountry', 'InUS', 'USStatus'];
const SECURITY = [
  'hasCommunicableDisease', 'hasPhysicalMentalDisorder', 'isDrugAddict', 'hasBeenArrested', 'hasViolatedLaw',
  'hasDrugViolations', 'hasEngagedTerrorism', 'hasSupportedTerrorism', 'hasBeenTerroristMember',
  'hasViolatedImmigrationLaw', 'hasBeenDeported', 'hasBeenRemoved', 'hasMilitaryService', 'hasServedInMilitia',
  'hasWorkedForGovernment', 'hasEngagedTrafficking', 'hasAssistedTrafficking', 'diseaseDetails', 'disorderDetails',
  'arrestDetails', 'lawViolationDetails', 'drugViolationDetails', 'terrorismDetails', 'terrorismSupportDetails',
  'terroristMemberDetails', 'immigrationViolationDetails', 'deportationDetails', 'removalDetails', 'militaryDetails',
  'militiaDetails', 'governmentWorkDetails', 'traffickingDetails', 'assistedTraffickingDetails', 'hasBeenInvolved',
  'involvementDetails',
];

export const DS160_FORM_FIELDS: Readonly<Record<Ds160FormSection, readonly string[]>> = {
  'personal-info': [
    'firstName', 'middleName', 'lastName', 'otherNames', 'fullNameNative', 'gender', 'maritalStatus', 'birthDate',
    'birthCity', 'birthCountry', 'nationality', 'otherNationalities', 'otherNationalitiesDetails', 'nationalIdNumber',
    'socialSecurityNumber', 'email', 'selectedPlan',
  ],
  'travel-info': [
    'tripPurpose', 'otherPurpose', 'tripPlans', 'arrivalDate', 'departureDate', 'lengthOfStay', 'usAddress', 'usCity',
    'usState', 'usZipCode', 'whoIsPayingForTrip', 'otherPayerDetails', 'hasBeenToUS', 'hasVisaBeenLost',
    'hasVisaBeenCancelled',
  ],
  'address-phone': [
    'homeAddress', 'homeCity', 'homeState', 'homeCountry', 'homePostalCode', 'mailingAddress', 'mailingCity',
    'mailingState', 'mailingCountry', 'mailingPostalCode', 'sameAsHome', 'primaryPhone', 'secondaryPhone', 'workPhone',
    'emailAddress',
  ],
  'passport-info': [
    'passportNumber', 'passportIssuingCountry', 'passportIssuingCity', 'passportIssueDate', 'passportExpiryDate',
    'issuingAuthority', 'hasLostPassport', 'lostPassportYear', 'lostPassportNumber', 'lostPassportCountry',
    'lostPassportDetails', 'hasOtherPassports', 'otherPassportsDetails',
  ],
  'travel-companions': ['travelingWithOthers', 'groupTravel', 'organizationName', 'companions'],
  'previous-travel': [
    'hasVisitedUS', 'usVisits', 'hasUSVisa', 'lastUSVisaNumber', 'lastUSVisaIssueDate', 'lastUSVisaExpiryDate',
    'hasVisaDenied', 'visaDenialDetails', 'hasVisaCancelled', 'visaCancelledDetails', 'hasBeenRefused',
    'refusalDetails', 'hasBeenDeported', 'deportationDetails',
  ],
  'family-info': [
    ...PARENT.map((f) => `father${f}`),
    ...PARENT.map((f) => `mother${f}`),
    ...['FirstName', 'LastName', 'BirthDate', 'BirthCountry', 'Nationality', 'InUS', 'USStatus'].map((f) => `spouse${f}`),
    'marriageDate', 'marriageCountry', 'hasOtherFamilyInUS', 'otherFamilyDetails',
  ],
  'work-education': [
    'currentOccupation', 'currentEmployer', 'currentJobTitle', 'currentEmployerAddress', 'currentEmployerCity',
    'currentEmployerCountry', 'currentEmployerPhone', 'currentSupervisorName', 'currentSalary', 'salaryCurrency',
    'currentJobStartDate', 'currentJobDescription', 'previousEmployer', 'previousJobTitle', 'previousEmployerAddress',
    'previousEmployerCity', 'previousEmployerCountry', 'previousJobStartDate', 'previousJobEndDate',
    'previousSupervisorName', 'highestEducationLevel', 'schoolName', 'schoolAddress', 'schoolCity', 'schoolCountry',
    'courseOfStudy', 'schoolStartDate', 'schoolEndDate',
  ],
  'security-background': SECURITY,
  'photo-submission': ['hasPhoto', 'agreeToRequirements', 'photoId'],
};

/** Fields that hold a list of rows, and the fields of each row. */
export const DS160_FORM_LISTS: Readonly<Record<string, readonly string[]>> = {
  companions: ['firstName', 'lastName', 'relationship', 'nationality'],
  usVisits: ['arrivalDate', 'departureDate', 'lengthOfStay', 'purpose'],
};

/** At most this many rows in a list (companions, earlier visits). */
export const DS160_FORM_MAX_ROWS = 20;

export type SectionValues = Record<string, unknown>;
export type FormValues = Partial<Record<Ds160FormSection, SectionValues>>;

/** What a reload or another tab restores: every answer, where the applicant was, and what the server has. */
export interface PersistedForm {
  values: FormValues;
  current: number;
  completed: Ds160FormSection[];
  leadId: string | null;
  synced: FormValues;
}
