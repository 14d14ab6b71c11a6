import type { AnyEventObject } from 'xstate';
import { findCountry } from '../../machines/domain/countries';
import { SEEDED_FEES } from '../../db/queries/governmentFees';
import { DEFAULT_SETTINGS } from '../../db/queries/settings';
import { eligibility, favourableCitizenship, isPurpose, type Purpose } from '../../machines/domain/visaRules';
import type { EligibilityDto } from '../../openapi/schemas/eligibility';
import type { PriceDto } from '../../openapi/schemas/orders';

// The country-and-purpose choice as the spec states it (3-ai §2.1, §2.2), replayed from a path's events:
// the oracle that /visa-wizard and /apply are checked against.

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
    country: (input.country && findCountry(input.country)?.name) || null,
    purpose: isPurpose(input.purpose) ? input.purpose : null,
  };
}

/** The choice after one event: a typed query is kept (at most 100 characters); only known countries and purposes count. */
export function applyChoice(choice: Choice, event: AnyEventObject): { choice: Choice; changed: boolean } {
  switch (event.type) {
    case 'QUERY.CHANGE':
      return { choice: { ...choice, query: String(event.query).slice(0, 100) }, changed: false };
    case 'COUNTRY.SELECT': {
      const country = findCountry(String(event.country));
      return country ? { choice: { ...choice, country: country.name, query: '' }, changed: true } : { choice, changed: false };
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
  const { pricing, fees } = DEFAULT_SETTINGS;
  const country = findCountry(request.country)?.name ?? request.country;
  const other = request.otherCountry ? (findCountry(request.otherCountry)?.name ?? request.otherCountry) : undefined;
  // docs/DECISIONS.md: the map's ESTA is our ESTA fee whole; a DS-160 starts at Basic, for the purpose's visa class
  // (study is a student visa, F; transit a C; tourism and business a visitor's B).
  const esta = modelPrice(pricing.ESTA, fees.processingFee, 'ESTA');
  const ds160 = modelPrice(pricing.DS160_BASIC, fees.processingFee, request.purpose === 'study' ? 'F' : request.purpose === 'transit' ? 'C' : 'B');
  const table = {
    estaGovernmentFee: esta.governmentFee / 100,
    ds160GovernmentFee: ds160.governmentFee / 100,
    estaServiceFee: esta.serviceFee / 100,
    ds160ServiceFee: ds160.serviceFee / 100,
  };
  const facts = eligibility(favourableCitizenship(country, other, request.purpose), request.purpose, table, request.visaType);
  return { ...facts, price: facts.visaType === 'ESTA' ? esta : facts.visaType === 'DS-160' ? ds160 : null };
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
