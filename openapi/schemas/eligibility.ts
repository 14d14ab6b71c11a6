import { Type, type Static } from 'typebox';
import { PURPOSES } from '../vocabulary';
import { Strict } from './common';
import { PriceSchema } from './orders';

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
  serviceFee: Type.Number({ description: 'Dollars: our service fee for this document (the ESTA, or a DS-160 from the Basic package)' }),
  price: Type.Union([PriceSchema, Type.Null()], {
    description: 'The whole price story of that service in cents, as checkout charges it; null when nothing is needed',
  }),
  processingTimeKey: Type.String({ description: 'Translation key of the processing time' }),
  validityKey: Type.String({ description: 'Translation key of how long the authorisation stays valid' }),
  requirements: Type.Array(Type.String(), { description: 'Translation keys of the requirements' }),
});
export type EligibilityDto = Static<typeof EligibilitySchema>;
