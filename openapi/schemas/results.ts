import { Type, type Static } from 'typebox';
import { FeeApplicantSchema, FeeLineSchema } from './governmentFees';

/** One finding of the analysis, naming the answer it came from so the applicant can check or change it. */
export const FactorSchema = Type.Object({
  key: Type.String({ description: 'Translation key of the finding' }),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  question: Type.Union([Type.String(), Type.Null()], { description: 'The question id the finding came from' }),
});
export type FactorDto = Static<typeof FactorSchema>;

/** Spec 1-core §3 "Analysis result", from the built-in rules over the pre-assessment's answers. */
export const AnalysisSchema = Type.Object({
  leadId: Type.String(),
  formType: Type.Enum(['DS-160', 'ESTA']),
  approvalProbability: Type.Integer({ minimum: 0, maximum: 100 }),
  strengthFactors: Type.Array(FactorSchema),
  riskFactors: Type.Array(FactorSchema),
  recommendations: Type.Array(FactorSchema),
  missingDocuments: Type.Array(FactorSchema),
});
export type AnalysisDto = Static<typeof AnalysisSchema>;

/** Spec 1-core §3 "ESTA check result", from the one visa rule module. */
export const EstaCheckSchema = Type.Object({
  isEligible: Type.Boolean(),
  processTime: Type.String({ description: 'Translation key' }),
  cost: Type.Integer({ minimum: 0, description: 'Government fee in cents: the sum of governmentFees' }),
  visaClass: FeeApplicantSchema,
  governmentFees: Type.Array(FeeLineSchema, { description: 'The government fees in force today for visaClass, each with its official source' }),
  country: Type.String(),
  purpose: Type.String(),
});
export type EstaCheckDto = Static<typeof EstaCheckSchema>;
