import type { AnyEventObject } from 'xstate';
import { SEEDED_FEES } from '../../db/queries/governmentFees';
import { SHIPPED_SETTINGS } from '../fixtures/settings';
import type { EligibilityDto } from '../../openapi/schemas/eligibility';
import type { PURPOSES } from '../../openapi/vocabulary';
import type { PriceDto } from '../../openapi/schemas/orders';

// The country-and-purpose choice as the spec states it (3-ai §2.1, §2.2), replayed from a path's events:
// the oracle that /visa-wizard and /apply are checked against. It states the rule itself, for the countries the
// paths name, rather than calling machines/domain's (which it judges).

type Purpose = (typeof PURPOSES)[number];
type Document = 'ESTA' | 'DS-160' | 'NONE';

/**
 * The countries the paths name, found whatever their case (the catalog's spelling is the value), and what their
 * citizens need to travel for tourism, business or transit: Spain is one of the 40 waiver nationalities, Mexico is
 * not, U.S. citizens need nothing. 'Atlantis' is no country.
 */
const COUNTRIES: Record<string, { name: string; travels: Document }> = {
  spain: { name: 'Spain', travels: 'ESTA' },
  mexico: { name: 'Mexico', travels: 'DS-160' },
  'united states': { name: 'United States', travels: 'NONE' },
};
export const country = (typed: string) => COUNTRIES[typed.trim().toLowerCase()];
const isPurpose = (value: unknown): value is Purpose => ['tourism', 'business', 'transit', 'study'].includes(value as string);

/** What a citizen of that country needs for that purpose: a waiver country studies on a visa (spec 3-ai §4.1). */
function documentFor(name: string, purpose: Purpose): Document {
  const travels = country(name)?.travels ?? 'DS-160';
  return travels === 'ESTA' && purpose === 'study' ? 'DS-160' : travels;
}

/** Of two citizenships, the one needing the least (nothing, then an ESTA, then a visa); the first on a tie. */
function favourable(first: string, second: string | undefined, purpose: Purpose): string {
  const rank: Record<Document, number> = { NONE: 0, ESTA: 1, 'DS-160': 2 };
  return second && rank[documentFor(second, purpose)] < rank[documentFor(first, purpose)] ? second : first;
}

/** The facts each document states (spec 3-ai §4.1): its stay, its keys, its requirements. */
const FACTS: Record<Document, Pick<EligibilityDto, 'maxStayDays' | 'processingTimeKey' | 'validityKey' | 'requirements'>> = {
  ESTA: {
    maxStayDays: 90,
    processingTimeKey: 'eligibility.processing.esta',
    validityKey: 'facts.validityEsta',
    requirements: ['passport', 'waiverNationality', 'purpose', 'returnTicket', 'email', 'card'].map((r) => `requirements.esta.${r}`),
  },
  'DS-160': {
    maxStayDays: 180,
    processingTimeKey: 'eligibility.processing.ds160',
    validityKey: 'facts.validityDs160',
    requirements: ['passport', 'photo', 'travelPlan', 'history', 'employment', 'fee', 'interview'].map((r) => `requirements.ds160.${r}`),
  },
  NONE: { maxStayDays: 0, processingTimeKey: 'eligibility.processing.none', validityKey: 'facts.validityNone', requirements: [] },
};

export interface Choice {
  query: string;
  country: string | null;
  purpose: Purpose | null;
}

export const CHOICE_EVENTS: AnyEventObject[] = [
  { type: 'QUERY.CHANGE', query: 'spa' },
  { type: 'QUERY.CHANGE', query: 'x'.repeat(120) },
  { type: 'COUNTRY.SELECT', country: 'spain' },
  { type: 'COUNTRY.SELECT', country: 'Mexico' },
  { type: 'COUNTRY.SELECT', country: 'Atlantis' },
  { type: 'COUNTRY.CLEAR' },
  { type: 'PURPOSE.SELECT', purpose: 'tourism' },
  { type: 'PURPOSE.SELECT', purpose: 'study' },
  { type: 'PURPOSE.SELECT', purpose: 'smuggling' },
];

export function initialChoice(input: { country?: string | null; purpose?: string | null }): Choice {
  return {
    query: '',
    country: (input.country && country(input.country)?.name) || null,
    purpose: isPurpose(input.purpose) ? input.purpose : null,
  };
}

/** The choice after one event: a typed query is kept (at most 100 characters); only known countries and purposes count. */
export function applyChoice(choice: Choice, event: AnyEventObject): { choice: Choice; changed: boolean } {
  switch (event.type) {
    case 'QUERY.CHANGE':
      return { choice: { ...choice, query: String(event.query).slice(0, 100) }, changed: false };
    case 'COUNTRY.SELECT': {
      const found = country(String(event.country));
      return found ? { choice: { ...choice, country: found.name, query: '' }, changed: true } : { choice, changed: false };
    }
    case 'COUNTRY.CLEAR':
      return { choice: { ...choice, country: null }, changed: true };
    case 'PURPOSE.SELECT':
      return isPurpose(event.purpose) ? { choice: { ...choice, purpose: event.purpose }, changed: true } : { choice, changed: false };
    default:
      return { choice, changed: false };
  }
}

export const isComplete = (choice: Choice) => choice.country !== null && choice.purpose !== null;

/**
 * What the server will answer for an eligibility request, from the same rule and the seeded prices: the model
 * needs it to choose the same branch as the live machine (a U.S. citizen, an ESTA that can be switched).
 */
export function modelEligibility(request: { country: string; purpose: Purpose; otherCountry?: string | null; visaType?: 'DS-160' }): EligibilityDto {
  const { pricing, fees } = SHIPPED_SETTINGS;
  const first = country(request.country)?.name ?? request.country;
  const other = request.otherCountry ? (country(request.otherCountry)?.name ?? request.otherCountry) : undefined;
  // docs/DECISIONS.md: the map's ESTA is our ESTA fee whole; a DS-160 starts at Basic, for the purpose's visa class
  // (study is a student visa, F; transit a C; tourism and business a visitor's B).
  const esta = modelPrice(pricing.ESTA, fees.processingFee, 'ESTA');
  const ds160 = modelPrice(pricing.DS160_BASIC, fees.processingFee, request.purpose === 'study' ? 'F' : request.purpose === 'transit' ? 'C' : 'B');
  const citizenship = favourable(first, other, request.purpose);
  const recommended = documentFor(citizenship, request.purpose);
  // Anyone may apply for a visa by hand, except a U.S. citizen, who needs nothing whatever is asked.
  const visaType: Document = recommended === 'NONE' ? 'NONE' : (request.visaType ?? recommended);
  const price = visaType === 'ESTA' ? esta : visaType === 'DS-160' ? ds160 : null;
  return {
    country: citizenship,
    purpose: request.purpose,
    canUseESTA: recommended === 'ESTA',
    recommended,
    visaType,
    governmentFee: (price?.governmentFee ?? 0) / 100,
    serviceFee: (price?.serviceFee ?? 0) / 100,
    ...FACTS[visaType],
    price,
  };
}

/**
 * The government fees docs/DECISIONS.md states for today (issue 44): the ESTA $40 since 2025-09-30, a visa's consular
 * fee by class ($185 for B, C, F …, $205 for H …), the integrity fee not yet in force. The lines' sources and
 * notes are the seeded rows'; their amounts are checked against these figures, not taken from them.
 */
const TODAY_FEE: Record<string, number> = { ESTA: 4000, B: 18500, C: 18500, F: 18500, J: 18500, H: 20500, E: 31500, K: 26500 };

export function modelFeeLines(applicant: PriceDto['visaClass'] & string): PriceDto['governmentFees'] {
  const seeded = SEEDED_FEES.filter((f) => f.subject === applicant && f.effectiveFrom !== null).sort((a, b) => (b.effectiveFrom as string).localeCompare(a.effectiveFrom as string))[0];
  if (!seeded || seeded.amountCents !== TODAY_FEE[applicant]) throw new Error(`The seeded fee of ${applicant} is not the one docs/DECISIONS.md states`);
  const { code, subject, amountCents, effectiveFrom, sourceUrl, paidAt, refundable, note } = seeded;
  return [{ code, subject, amountCents, currency: 'USD', effectiveFrom, sourceUrl, paidAt, refundable, note }];
}

/** One price story, as the spec states it: service + processing + government fee = what one pays. */
export function modelPrice(serviceDollars: number, processingDollars: number, applicant: PriceDto['visaClass'] & string): PriceDto {
  const [serviceFee, processingFee] = [serviceDollars, processingDollars].map((d) => Math.round(d * 100)) as [number, number];
  const governmentFees = modelFeeLines(applicant);
  const governmentFee = governmentFees.reduce((n, f) => n + f.amountCents, 0);
  return { serviceFee, credit: 0, processingFee, total: serviceFee + processingFee, governmentFee, outOfPocket: serviceFee + processingFee + governmentFee, visaClass: applicant, governmentFees };
}
