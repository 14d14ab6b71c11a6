import { Type, type Static } from 'typebox';

export const EligibilityQuerySchema = Type.Object({
  country: Type.String({ minLength: 1, maxLength: 100, description: 'Nationality, English name (e.g. Spain)' }),
  purpose: Type.Enum(['tourism', 'business', 'transit', 'study']),
});
export type EligibilityQuery = Static<typeof EligibilityQuerySchema>;

export const EligibilitySchema = Type.Object({
  country: Type.String(),
  purpose: Type.String(),
  canUseESTA: Type.Boolean(),
  visaType: Type.Enum(['ESTA', 'DS-160']),
  maxStayDays: Type.Integer(),
  governmentFee: Type.Number({ description: 'Dollars, paid separately to the U.S. government' }),
  serviceFee: Type.Number({ description: 'Dollars, from the admin pricing map' }),
  processingTimeKey: Type.String({ description: 'Translation key of the processing time' }),
  requirements: Type.Array(Type.String(), { description: 'Translation keys of the requirements' }),
});
export type EligibilityDto = Static<typeof EligibilitySchema>;
