import { Type, type Static } from 'typebox';

export const BrandingSchema = Type.Object({
  brandName: Type.String({ minLength: 1, maxLength: 60 }),
  chatAssistantName: Type.String({ minLength: 1, maxLength: 60 }),
});
export type BrandingDto = Static<typeof BrandingSchema>;
