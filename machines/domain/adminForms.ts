// The admin's Pricing and Branding forms (spec 1-core §2.10, §5). Pure, so the machine and its tests share them.
import type { ValidationError } from './validators';

/** The highest price the server accepts (openapi/schemas/pricing.ts). */
export const MAX_PRICE = 100_000;
export const MAX_BRAND_LENGTH = 60;

/** Every key this file can return; they live in locales/<lang>/validation.json. */
export const ADMIN_MESSAGE_KEYS = ['validation.required', 'validation.admin.tooLong'] as const;

/** Spec 1-core §5: prices are whole dollars, at least 0; a non-numeric entry becomes 0. */
export function parsePrice(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, MAX_PRICE);
}

export interface BrandingForm {
  brandName: string;
  chatAssistantName: string;
}

/** Both names are required (a blank brand would leave the header empty) and fit the server's 60 characters. */
export function validateBranding(form: BrandingForm): Partial<Record<keyof BrandingForm, ValidationError>> {
  const errors: Partial<Record<keyof BrandingForm, ValidationError>> = {};
  for (const field of ['brandName', 'chatAssistantName'] as const) {
    const value = form[field].trim();
    if (value === '') errors[field] = { key: 'validation.required' };
    else if ([...value].length > MAX_BRAND_LENGTH) errors[field] = { key: 'validation.admin.tooLong', params: { max: MAX_BRAND_LENGTH } };
  }
  return errors;
}
