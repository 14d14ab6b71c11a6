import { useSyncExternalStore } from 'react';
import type { BrandingDto } from '../../openapi/schemas/branding';
import type { PricingDto } from '../../openapi/schemas/pricing';
import { fetchBranding, fetchPricing } from '../api/site';

// Branding and prices come from the server once per visit; the defaults (the seeded values) show until
// they answer, and stay if the call fails (spec 1-core §8).
export interface SiteData {
  branding: BrandingDto;
  pricing: PricingDto;
}

let data: SiteData = {
  branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' },
  pricing: { ESTA: 99, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 },
};
const listeners = new Set<() => void>();

/** Also called when the admin changes prices or branding, so every page shows the new ones at once. */
export function updateSiteData(patch: Partial<SiteData>): void {
  data = { ...data, ...patch };
  for (const listener of listeners) listener();
}

export function loadSiteData(): void {
  fetchBranding().then((branding) => updateSiteData({ branding }), () => {});
  fetchPricing().then((pricing) => updateSiteData({ pricing }), () => {});
}

export function useSiteData(): SiteData {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => data,
  );
}
