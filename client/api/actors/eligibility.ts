import { getEligibility } from '../../../openapi/routes/eligibility';
import type { EligibilityQuery } from '../../../openapi/schemas/eligibility';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** GET /api/eligibility: the visa rule's answer for the start flows (/visa-wizard, /apply/summary). */
export function eligibilityCalls(http: Transport) {
  return {
    fetchEligibility: (input: EligibilityQuery) => call(http, getEligibility, { query: input }),
  };
}

export const makeEligibilityActors = (http: Transport) => actorsOf(eligibilityCalls, http);
