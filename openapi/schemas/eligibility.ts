import { Type, type Static } from 'typebox';
import { PURPOSES } from '../../machines/domain/visaRules';
import { Strict } from './common';

export const EligibilityQuerySchema = Strict({
  country: Type.String({ minLength: 1, maxLength: 100, description: 'Nationality, English name (e.g. Spain)' }),
  purpose: Type.Enum(PURPOSES),
});
export type EligibilityQuery = Static<typeof EligibilityQuerySchema>;

export const EligibilitySchema = Type.Object({
  country: Type.String(),
  purpose: Type.Enum(PURPOSES),
  canUseESTA: Type.Boolean(),
  visaType: Type.Enum(['ESTA', 'DS-160']),
  maxStayDays: Type.Integer(),
  governmentFee: Type.Number({ description: 'Dollars, paid separately to the U.S. government' }),
  serviceFee: Type.Number({ description: 'Dollars, from the admin pricing map' }),
  processingTimeKey: Type.String({ description: 'Translation key of the processing time' }),
  validityKey: Type.String({ description: 'Translation key of how long the authorisation stays valid' }),
  requirements: Type.Array(Type.String(), { description: 'Translation keys of the requirements' }),
});
export type EligibilityDto = Static<typeof EligibilitySchema>;
