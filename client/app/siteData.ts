import { useSyncExternalStore } from 'react';
import type { BrandingDto } from '../../openapi/schemas/branding';
import type { PricingDto } from '../../openapi/schemas/pricing';

// Branding and prices come from the server once per visit; the defaults (the seeded values) show until
// they answer, and stay if the call fails (spec 1-core §8).
export interface SiteData {
  branding: BrandingDto;
  pricing: PricingDto;
}

const DEFAULTS: SiteData = {
  branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' },
  pricing: { ESTA: 99, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 },
};

/** A prerendered page carries the data it was filled with: the first render must show the same to hydrate it. */
function embedded(): SiteData | undefined {
  const script = typeof document === 'undefined' ? null : document.getElementById('site-data');
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as SiteData) : undefined;
  } catch {
    return undefined;
  }
}

const fromPage = embedded();
let data: SiteData = fromPage ?? DEFAULTS;
const listeners = new Set<() => void>();

/** Also called when the admin changes prices or branding, so every page shows the new ones at once. */
export function updateSiteData(patch: Partial<SiteData>): void {
  data = { ...data, ...patch };
  for (const listener of listeners) listener();
}

export function loadSiteData(): void {
  // The page came with the server's current data: nothing to ask.
  if (fromPage) return;
  // The calls and their contracts load apart: the prerendered landing page never needs them.
  void import('../api/site').then(({ fetchBranding, fetchPricing }) => {
    fetchBranding().then((branding) => updateSiteData({ branding }), () => {});
    fetchPricing().then((pricing) => updateSiteData({ pricing }), () => {});
  });
}

export function useSiteData(): SiteData {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => data,
    () => data,
  );
}
