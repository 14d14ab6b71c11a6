import type { Language } from './language';
import { formatMoney } from './money';

// The landing page is prerendered at build time with these markers where the site's data goes; the server puts
// the current brand and prices in their place per request, so an admin's change shows without a rebuild.

export const BRAND_MARKER = '%%BRAND_NAME%%';
export const ASSISTANT_MARKER = '%%ASSISTANT_NAME%%';
export const SITE_DATA_MARKER = '%%SITE_DATA%%';

/** Numbers no price will be, written by the page the way it writes money. */
export const PRICE_MARKERS = { ESTA: 90_000_001, DS160_BASIC: 90_000_002, DS160_PRO: 90_000_003, DS160_PREMIUM: 90_000_004 } as const;

export type PriceKey = keyof typeof PRICE_MARKERS;

/** Where the prerendered pages are, inside the client build; not served as files. */
export const PRERENDER_DIR = 'prerendered';

export const landingFile = (language: Language) => `${PRERENDER_DIR}/landing.${language}.html`;

/** The marker site data the build renders with. */
export const markerSiteData = () => ({
  branding: { brandName: BRAND_MARKER, chatAssistantName: ASSISTANT_MARKER },
  pricing: { ...PRICE_MARKERS },
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page with the current brand and prices, and the same data for the browser's first render to hydrate with. */
export function fillLanding(
  template: string,
  language: Language,
  site: { branding: { brandName: string; chatAssistantName: string }; pricing: Record<PriceKey, number> },
): string {
  const values = new Map<string, string>([
    [SITE_DATA_MARKER, JSON.stringify(site).replace(/</g, '\\u003c')],
    [BRAND_MARKER, escapeHtml(site.branding.brandName)],
    [ASSISTANT_MARKER, escapeHtml(site.branding.chatAssistantName)],
    ...(Object.keys(PRICE_MARKERS) as PriceKey[]).map((key): [string, string] => [formatMoney(PRICE_MARKERS[key], language), escapeHtml(formatMoney(site.pricing[key], language))]),
  ]);
  // One pass, by a function: what is put in is never read again as a marker, and "$&" in a brand name is not a pattern.
  const markers = new RegExp([...values.keys()].map((marker) => marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return template.replace(markers, (marker) => values.get(marker) ?? marker);
}
