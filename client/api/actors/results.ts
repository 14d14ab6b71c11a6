import type { ResultsData } from '../../../machines/results.machine';
import { getAnalysis, getEstaCheck } from '../../../openapi/routes/results';
import { call } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** /results: the analysis and the ESTA check, asked together; no pre-assessment yet is an empty answer (204). */
export function resultsCalls(http: Transport) {
  return {
    fetchResults: async (): Promise<ResultsData> => {
      const [analysis, esta] = await Promise.all([call(http, getAnalysis, {}), call(http, getEstaCheck, {})]);
      return { analysis: analysis ?? null, esta: esta ?? null };
    },
  };
}

export const makeResultsActors = (http: Transport) => actorsOf(resultsCalls, http);
