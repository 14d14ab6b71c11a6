import { countryByName } from './countryNames';

// The one visa rule (spec 3-ai §4.1 with docs/DECISIONS.md): ESTA for the 40 waiver nationalities travelling
// for tourism, business or transit; DS-160 for everyone else and for study.

import { PURPOSES } from '../../openapi/vocabulary';

export { PURPOSES };
export type Purpose = (typeof PURPOSES)[number];
export type VisaType = 'ESTA' | 'DS-160';

export const ESTA_COUNTRIES: readonly string[] = [
  'andorra', 'austria', 'belgium', 'croatia', 'czech republic', 'denmark', 'estonia', 'finland',
  'france', 'germany', 'greece', 'hungary', 'iceland', 'ireland', 'italy', 'latvia', 'liechtenstein',
  'lithuania', 'luxembourg', 'malta', 'monaco', 'netherlands', 'norway', 'poland', 'portugal',
  'san marino', 'slovakia', 'slovenia', 'spain', 'sweden', 'switzerland', 'united kingdom',
  'australia', 'brunei', 'japan', 'new zealand', 'singapore', 'south korea', 'taiwan', 'chile',
];

export const ESTA_PURPOSES: readonly Purpose[] = ['tourism', 'business', 'transit'];

export function isPurpose(value: unknown): value is Purpose {
  return typeof value === 'string' && (PURPOSES as readonly string[]).includes(value);
}

/** The English name the rule lists, whichever language the country was named in ('España' is Spain). */
function ruleName(country: string): string {
  return (countryByName(country)?.name ?? country).trim().toLowerCase();
}

export function isWaiverCountry(country: string): boolean {
  return ESTA_COUNTRIES.includes(ruleName(country));
}

/** U.S. citizens need neither a visa nor an ESTA to enter their own country. */
export function needsNoVisa(country: string): boolean {
  return ruleName(country) === 'united states';
}

export function recommendVisa(country: string, purpose: Purpose): VisaType {
  return isWaiverCountry(country) && ESTA_PURPOSES.includes(purpose) ? 'ESTA' : 'DS-160';
}

/** What a citizen needs to travel to the United States: nothing (its own citizens), an ESTA, or a visa. */
export type TravelDocument = VisaType | 'NONE';

export function travelDocument(country: string, purpose: Purpose): TravelDocument {
  return needsNoVisa(country) ? 'NONE' : recommendVisa(country, purpose);
}

const FAVOUR: Record<TravelDocument, number> = { NONE: 0, ESTA: 1, 'DS-160': 2 };

/** Of two citizenships, the one that needs the least: no document, then an ESTA, then a visa (the first on a tie). */
export function favourableCitizenship(first: string, second: string | undefined, purpose: Purpose): string {
  if (!second) return first;
  return FAVOUR[travelDocument(second, purpose)] < FAVOUR[travelDocument(first, purpose)] ? second : first;
}

export interface Eligibility {
  /** The citizenship these facts are for (the more favourable one when the applicant has two). */
  country: string;
  purpose: Purpose;
  canUseESTA: boolean;
  /** What the rule recommends for this citizenship and purpose. */
  recommended: TravelDocument;
  /** The document these facts describe: the recommendation, or a DS-160 the applicant chose by hand. */
  visaType: TravelDocument;
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

const REQUIREMENTS: Record<TravelDocument, string[]> = {
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
  NONE: [],
};

/**
 * The facts of one document for a citizenship and purpose: the recommended one, or `asked` (a DS-160 chosen by
 * hand: anyone may apply for a visa). A U.S. citizen gets 'NONE' whatever is asked.
 */
export function eligibility(country: string, purpose: Purpose, fees: FeeTable, asked?: VisaType): Eligibility {
  const recommended = travelDocument(country, purpose);
  const visaType: TravelDocument = recommended === 'NONE' ? 'NONE' : (asked ?? recommended);
  const esta = visaType === 'ESTA';
  const none = visaType === 'NONE';
  return {
    country,
    purpose,
    canUseESTA: recommended === 'ESTA',
    recommended,
    visaType,
    maxStayDays: none ? 0 : esta ? 90 : 180,
    governmentFee: none ? 0 : esta ? fees.estaGovernmentFee : fees.ds160GovernmentFee,
    serviceFee: none ? 0 : esta ? fees.estaServiceFee : fees.ds160ServiceFee,
    processingTimeKey: none ? 'eligibility.processing.none' : esta ? 'eligibility.processing.esta' : 'eligibility.processing.ds160',
    validityKey: none ? 'facts.validityNone' : esta ? 'facts.validityEsta' : 'facts.validityDs160',
    requirements: REQUIREMENTS[visaType],
  };
}
