import { useSyncExternalStore } from 'react';
import type { BrandingDto } from '../../openapi/schemas/branding';
import type { SiteFiguresDto } from '../../openapi/schemas/figures';
import type { PriceListDto } from '../../openapi/schemas/orders';

// Branding and prices come from the server once per visit. The brand's defaults (the seeded values) show until it
// answers, and stay if the call fails (spec 1-core §8); prices have none: no page holds a fee, so a price shows
// once the server has said it (the prerendered landing page comes with them).
export interface SiteData {
  branding: BrandingDto;
  /** Every product's price story, as GET /api/prices states it; null until the server has answered. */
  prices: PriceListDto | null;
  /** What the landing page may claim, computed by the server from its own data (GET /api/figures); null until then. */
  figures: SiteFiguresDto | null;
}

const DEFAULTS: SiteData = {
  branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' },
  prices: null,
  figures: null,
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

export function updateSiteData(patch: Partial<SiteData>): void {
  data = { ...data, ...patch };
  for (const listener of listeners) listener();
}

/** The prices again, after an admin changed them, so every page shows the new ones at once. */
export function refreshPrices(): void {
  void import('../api/site').then(({ fetchPrices }) => fetchPrices().then((prices) => updateSiteData({ prices }), () => {}));
}

export function loadSiteData(): void {
  // The page came with the server's current data: nothing to ask.
  if (fromPage) return;
  // The calls and their contracts load apart: the prerendered landing page never needs them.
  void import('../api/site').then(({ fetchBranding, fetchFigures }) => {
    fetchBranding().then((branding) => updateSiteData({ branding }), () => {});
    // No figure is shown until the server has counted it: never a number of the page's own.
    fetchFigures().then((figures) => updateSiteData({ figures }), () => {});
  });
  refreshPrices();
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
