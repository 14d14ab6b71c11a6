import type { AnyEventObject } from 'xstate';
import { findCountry } from '../../machines/domain/countries';
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
  // docs/DECISIONS.md: our ESTA fee is the map's ESTA less the $22 government fee; a DS-160 starts at Basic.
  const esta = modelPrice(pricing.ESTA - 22, fees.estaGovernmentFee, fees.processingFee);
  const ds160 = modelPrice(pricing.DS160_BASIC, fees.ds160GovernmentFee, fees.processingFee);
  const table = {
    estaGovernmentFee: fees.estaGovernmentFee,
    ds160GovernmentFee: fees.ds160GovernmentFee,
    estaServiceFee: esta.serviceFee / 100,
    ds160ServiceFee: ds160.serviceFee / 100,
  };
  const facts = eligibility(favourableCitizenship(country, other, request.purpose), request.purpose, table, request.visaType);
  return { ...facts, price: facts.visaType === 'ESTA' ? esta : facts.visaType === 'DS-160' ? ds160 : null };
}

/** One price story from dollars, as the spec states it: service + processing + government fee = what one pays. */
export function modelPrice(serviceDollars: number, governmentDollars: number, processingDollars: number): PriceDto {
  const [serviceFee, governmentFee, processingFee] = [serviceDollars, governmentDollars, processingDollars].map((d) => Math.round(d * 100)) as [number, number, number];
  return { serviceFee, credit: 0, processingFee, total: serviceFee + processingFee, governmentFee, outOfPocket: serviceFee + processingFee + governmentFee };
}
