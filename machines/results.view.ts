// /results' one door: the flow as the page opens it, and everything the page shows, already derived.
import type { SnapshotFrom } from 'xstate';
import type { FactorDto } from '../openapi/schemas/results';
import { probabilityBand } from './domain/analysis';
import { preassessmentCatalog } from './domain/catalogs/preassessment';
import { defineFlow } from './flow';
import { resultsMachine } from './results.machine';

export const resultsFlow = defineFlow({ name: 'results', machine: resultsMachine, input: () => undefined });

/** A finding, with the question whose answer it came from (so the applicant knows what to check or change). */
export interface ShownFactor extends FactorDto {
  /** The question's label key, when the finding came from one answer. */
  sourceKey: string | null;
}

const shown = (f: FactorDto): ShownFactor => ({ ...f, sourceKey: preassessmentCatalog.questions.find((q) => q.id === f.question)?.labelKey ?? null });

export function resultsView(s: SnapshotFrom<typeof resultsMachine>) {
  const { analysis, esta } = s.context;
  return {
    screen: s.matches('loading') ? ('loading' as const) : s.matches('failed') ? ('failed' as const) : s.matches('ready') ? ('ready' as const) : s.matches('noData') ? ('noData' as const) : ('leaving' as const),
    analysis: analysis && {
      formType: analysis.formType,
      probability: analysis.approvalProbability,
      /** The band the probability falls in, as the analysis rule says (high, medium, low). */
      band: probabilityBand(analysis.approvalProbability),
      strengths: analysis.strengthFactors.map(shown),
      risks: analysis.riskFactors.map(shown),
      recommendations: analysis.recommendations.map(shown),
      missing: analysis.missingDocuments.map(shown),
    },
    esta,
  };
}
