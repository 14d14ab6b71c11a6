// The one visa rule (spec 3-ai §4.1 with DECISIONS.md): ESTA for the 40 waiver nationalities travelling
// for tourism, business or transit; DS-160 for everyone else and for study.

export const PURPOSES = ['tourism', 'business', 'transit', 'study'] as const;
export type Purpose = (typeof PURPOSES)[number];
export type VisaType = 'ESTA' | 'DS-160';

export const ESTA_COUNTRIES: readonly string[] = [
  'andorra', 'austria', 'belgium', 'croatia', 'czech republic', 'denmark', 'estonia', 'finland',
  'france', 'germany', 'greece', 'hungary', 'iceland', 'ireland', 'italy', 'latvia', 'liechtenstein',
  'lithuania', 'luxembourg', 'malta', 'monaco', 'netherlands', 'norway', 'poland', 'portugal',
  'san marino', 'slovakia', 'slovenia', 'spain', 'sweden', 'switzerland', 'united kingdom',
  'australia', 'brunei', 'japan', 'new zealand', 'singapore', 'south korea', 'taiwan', 'chile',
];

const ESTA_PURPOSES: readonly Purpose[] = ['tourism', 'business', 'transit'];

export function isPurpose(value: unknown): value is Purpose {
  return typeof value === 'string' && (PURPOSES as readonly string[]).includes(value);
}

export function isWaiverCountry(country: string): boolean {
  return ESTA_COUNTRIES.includes(country.trim().toLowerCase());
}

export function recommendVisa(country: string, purpose: Purpose): VisaType {
  return isWaiverCountry(country) && ESTA_PURPOSES.includes(purpose) ? 'ESTA' : 'DS-160';
}

export interface Eligibility {
  country: string;
  purpose: Purpose;
  canUseESTA: boolean;
  visaType: VisaType;
  maxStayDays: number;
  /** Government fee in dollars, paid separately. */
  governmentFee: number;
  /** Service fee in dollars, from the pricing map. */
  serviceFee: number;
  /** Translation key of the processing time. */
  processingTimeKey: string;
  /** Translation key of how long the authorisation stays valid. */
  validityKey: string;
  /** Translation keys of the requirements. */
  requirements: string[];
}

export interface FeeTable {
  estaGovernmentFee: number;
  ds160GovernmentFee: number;
  estaServiceFee: number;
  ds160ServiceFee: number;
}

const REQUIREMENTS: Record<VisaType, string[]> = {
  ESTA: [
    'requirements.esta.passport',
    'requirements.esta.waiverNationality',
    'requirements.esta.purpose',
    'requirements.esta.returnTicket',
    'requirements.esta.email',
    'requirements.esta.card',
  ],
  'DS-160': [
    'requirements.ds160.passport',
    'requirements.ds160.photo',
    'requirements.ds160.travelPlan',
    'requirements.ds160.history',
    'requirements.ds160.employment',
    'requirements.ds160.fee',
    'requirements.ds160.interview',
  ],
};

export function eligibility(country: string, purpose: Purpose, fees: FeeTable): Eligibility {
  const visaType = recommendVisa(country, purpose);
  const esta = visaType === 'ESTA';
  return {
    country,
    purpose,
    canUseESTA: esta,
    visaType,
    maxStayDays: esta ? 90 : 180,
    governmentFee: esta ? fees.estaGovernmentFee : fees.ds160GovernmentFee,
    serviceFee: esta ? fees.estaServiceFee : fees.ds160ServiceFee,
    processingTimeKey: esta ? 'eligibility.processing.esta' : 'eligibility.processing.ds160',
    validityKey: esta ? 'facts.validityEsta' : 'facts.validityDs160',
    requirements: REQUIREMENTS[visaType],
  };
}
