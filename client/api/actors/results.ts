import type { ResultsData } from '../../../machines/results.machine';
import { getAnalysis, getEstaCheck } from '../../../openapi/routes/results';
import { call, HttpError } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** A 404 means "no pre-assessment yet", an answer the page shows; anything else is a failure. */
async function orNothing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** /results: the analysis and the ESTA check, asked together. */
export function resultsCalls(http: Transport) {
  return {
    fetchResults: async (): Promise<ResultsData> => {
      const [analysis, esta] = await Promise.all([orNothing(call(http, getAnalysis, {})), orNothing(call(http, getEstaCheck, {}))]);
      return { analysis, esta };
    },
  };
}

export const makeResultsActors = (http: Transport) => actorsOf(resultsCalls, http);
