import { Type, type Static } from 'typebox';
import { PURPOSES } from '../../machines/domain/visaRules';
import { Strict } from './common';

export const EligibilityQuerySchema = Strict({
  country: Type.String({ minLength: 1, maxLength: 100, description: 'Nationality, English name (e.g. Spain)' }),
  purpose: Type.Enum(PURPOSES),
  otherCountry: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'A second citizenship: the answer is for the more favourable of the two' }),
  ),
  visaType: Type.Optional(Type.Enum(['DS-160'], { description: 'The facts of a DS-160 even where an ESTA is recommended' })),
});
export type EligibilityQuery = Static<typeof EligibilityQuerySchema>;

export const EligibilitySchema = Type.Object({
  country: Type.String(),
  purpose: Type.Enum(PURPOSES),
  canUseESTA: Type.Boolean(),
  recommended: Type.Enum(['ESTA', 'DS-160', 'NONE'], { description: 'NONE: a U.S. citizen needs neither a visa nor an ESTA' }),
  visaType: Type.Enum(['ESTA', 'DS-160', 'NONE'], { description: 'The document these facts describe' }),
  maxStayDays: Type.Integer(),
  governmentFee: Type.Number({ description: 'Dollars, paid separately to the U.S. government' }),
  serviceFee: Type.Number({ description: 'Dollars, from the admin pricing map' }),
  processingTimeKey: Type.String({ description: 'Translation key of the processing time' }),
  validityKey: Type.String({ description: 'Translation key of how long the authorisation stays valid' }),
  requirements: Type.Array(Type.String(), { description: 'Translation keys of the requirements' }),
});
export type EligibilityDto = Static<typeof EligibilitySchema>;
